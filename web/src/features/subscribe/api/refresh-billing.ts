import type { User } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-request';

/**
 * POST /api/billing/refresh: the server re-reads the subscription from Stripe, so the page shows the new
 * status as soon as Stripe has confirmed the card, without waiting for the webhook.
 */
export async function refreshBilling(): Promise<User> {
  const res = await apiRequest('POST', '/api/billing/refresh', {});
  return (await res.json()) as User;
}
