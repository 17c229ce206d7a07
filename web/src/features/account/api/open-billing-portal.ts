import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { navigateTo } from '@/lib/browser-navigation';

/** POST /api/billing/portal: a one-time Stripe customer-portal address (cancel, change plan or card). */
export async function createBillingPortalSession(): Promise<string> {
  const { url } = await apiRequest<{ url: string }>('POST', '/api/billing/portal', {});
  return url;
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: createBillingPortalSession, onSuccess: (url) => navigateTo(url) });
}
