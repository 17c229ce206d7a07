import { useMutation } from '@tanstack/react-query';
import type { CreateSubscriptionResponse, Tier } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-request';

/** POST /api/create-subscription: the secret the Payment Element confirms, and which confirm call it needs. */
export async function createSubscription(tier: Tier): Promise<CreateSubscriptionResponse> {
  const res = await apiRequest('POST', '/api/create-subscription', { tier });
  const body = (await res.json()) as Partial<CreateSubscriptionResponse>;
  if (typeof body.clientSecret !== 'string' || !body.clientSecret) throw new Error('The server sent no payment secret');
  // A server that predates intentType sends PaymentIntent secrets only ("pi_..._secret_..."); SetupIntents start "seti_".
  const intentType = body.intentType ?? (body.clientSecret.startsWith('seti_') ? 'setup' : 'payment');
  return { clientSecret: body.clientSecret, intentType };
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
