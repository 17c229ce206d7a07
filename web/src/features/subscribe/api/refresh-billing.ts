import type { User } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/billing/refresh: the server re-reads the subscription from Stripe, so the page shows the new
 * status as soon as Stripe has confirmed the card, without waiting for the webhook.
 */
export function refreshBilling(): Promise<User> {
  return apiRequest<User>('POST', '/api/billing/refresh', {});
}
