import { usePublicConfig } from '../api/get-public-config';

/**
 * Whether this server takes card payments: GET /api/config names a Stripe publishable key only when the server
 * holds both Stripe keys (docs/decisions/116). Asked before any payment secret, so a server without payments
 * is told apart from a failure: it shows a plain statement, not an error to retry.
 */
export type PaymentsSetup =
  { state: 'loading' } | { state: 'failed'; retry: () => void } | { state: 'not-configured' } | { state: 'ready'; publishableKey: string };

export function usePaymentsSetup(): PaymentsSetup {
  const config = usePublicConfig({ enabled: true });
  if (config.data) {
    const key = config.data.stripePublishableKey;
    return key ? { state: 'ready', publishableKey: key } : { state: 'not-configured' };
  }
  if (config.isError) return { state: 'failed', retry: () => void config.refetch() };
  return { state: 'loading' };
}
