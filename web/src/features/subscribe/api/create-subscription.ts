import { useMutation } from '@tanstack/react-query';
import type { CreateSubscriptionResponse, Tier } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/create-subscription: the secret the Payment Element confirms, and which confirm call it needs. */
export async function createSubscription(tier: Tier): Promise<CreateSubscriptionResponse> {
  const body = (await apiRequest<Partial<CreateSubscriptionResponse> | undefined>('POST', '/api/create-subscription', { tier })) ?? {};
  if (typeof body.clientSecret !== 'string' || !body.clientSecret) throw new Error('The server sent no payment secret');
  // A server that predates intentType sends PaymentIntent secrets only ("pi_..._secret_..."); SetupIntents start "seti_".
  const intentType = body.intentType ?? (body.clientSecret.startsWith('seti_') ? 'setup' : 'payment');
  return { clientSecret: body.clientSecret, intentType, trialEnd: typeof body.trialEnd === 'string' ? body.trialEnd : null };
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
