import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';
import { navigateTo } from '@/lib/browser-navigation';

/** POST /api/billing/portal: a one-time Stripe customer-portal address (cancel, change plan or card). */
export async function createBillingPortalSession(): Promise<string> {
  const res = await apiRequest('POST', '/api/billing/portal', {});
  const { url } = (await res.json()) as { url: string };
  return url;
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: createBillingPortalSession, onSuccess: (url) => navigateTo(url) });
}
