import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { currentUserQueryOptions } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { refreshBilling } from '../api/refresh-billing';
import { announcePaymentFailure, announcePaymentSuccess } from '../components/payment-outcome';

// Stripe appends these to return_url when a confirmation needed a redirect (3-D Secure, bank pages).
const STRIPE_RETURN_PARAMS = [
  'redirect_status',
  'payment_intent',
  'payment_intent_client_secret',
  'setup_intent',
  'setup_intent_client_secret',
];

/** On the dashboard after Stripe sends the subscriber back: say how it went once, then tidy the address. */
export function usePaymentReturnNotice() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const status = params.get('redirect_status');
  useEffect(() => {
    if (!status) return;
    if (status === 'succeeded' || status === 'processing') {
      announcePaymentSuccess();
      refreshBilling()
        .then(async (user) => {
          // The page's first read of the user may still be on its way: it predates the refresh and must not win.
          await queryClient.cancelQueries({ queryKey: queryKeys.currentUser });
          queryClient.setQueryData(currentUserQueryOptions.queryKey, user);
        })
        .catch(() => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }));
    } else {
      announcePaymentFailure('Your payment could not be completed. Please try another payment method.');
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of STRIPE_RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [status, queryClient, setParams]);
}
