import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { CreateSubscriptionResponse, Tier } from '@dcbrief/shared';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { currentUserQueryOptions } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { STRIPE_JS_TIMEOUT_MS } from '@/lib/ui-timings';
import { refreshBilling } from '../api/refresh-billing';
import { OrderSummary, PaymentTerms } from './order-summary';
import { announcePaymentFailure, announcePaymentSuccess } from './payment-outcome';
import { PaymentProblem } from './payment-problem';
import { SHORT_PLAN_NAMES } from './plan-choice';
import { stripeFor } from './stripe-loader';

// The Payment Element in the product's own type and accent colour.
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: { colorPrimary: '#1d4ed8', colorText: '#0f172a', borderRadius: '8px', fontFamily: 'Inter, system-ui, sans-serif' },
};

interface StripePaymentFormProps {
  publishableKey: string;
  secret: CreateSubscriptionResponse;
  tier: Tier;
}

/** Said when Stripe.js did not load: the card form comes from js.stripe.com, and the page could not reach it. */
export const STRIPE_JS_FAILED =
  'The secure card form could not load: your browser did not reach Stripe, our payment provider (js.stripe.com). Check your connection, or allow js.stripe.com if a blocker stops it, then retry.';

type StripeJs = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed' };

/**
 * Stripe.js for this key: loading, ready, or failed (an error, or no answer within STRIPE_JS_TIMEOUT_MS).
 * `retry` loads it again: a failed load was forgotten (stripe-loader.ts), so the script is requested anew.
 */
function useStripeJs(publishableKey: string): StripeJs & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The outcome of one attempt for one key; any other attempt or key is still loading.
  const [outcome, setOutcome] = useState<{ key: string; attempt: number; state: StripeJs } | null>(null);
  useEffect(() => {
    let current = true;
    const settle = (state: StripeJs) => {
      if (!current) return;
      clearTimeout(timer);
      setOutcome({ key: publishableKey, attempt, state });
    };
    const timer = setTimeout(() => settle({ state: 'failed' }), STRIPE_JS_TIMEOUT_MS);
    stripeFor(publishableKey).then(
      (stripe) => settle(stripe ? { state: 'ready', stripe } : { state: 'failed' }),
      () => settle({ state: 'failed' }),
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [publishableKey, attempt]);
  const state = outcome?.key === publishableKey && outcome.attempt === attempt ? outcome.state : { state: 'loading' as const };
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/**
 * Loaded only on /subscribe (React.lazy): Stripe's code and script stay off every other page. The form shows
 * once Stripe.js is there; without it, a greyed-out button would wait forever, so the card says what is
 * missing and offers a Retry (docs/decisions/116).
 */
export default function StripePaymentForm({ publishableKey, secret, tier }: StripePaymentFormProps) {
  const stripeJs = useStripeJs(publishableKey);
  if (stripeJs.state === 'loading') {
    return (
      <div className="flex min-h-48 flex-col items-center justify-center gap-3 text-sm text-slate-600">
        <Spinner label="Loading the secure card form" />
        <span aria-hidden="true">Loading the secure card form…</span>
      </div>
    );
  }
  if (stripeJs.state === 'failed') return <PaymentProblem message={STRIPE_JS_FAILED} onRetry={stripeJs.retry} retryLabel="Retry" />;
  return (
    <Elements stripe={stripeJs.stripe} options={{ clientSecret: secret.clientSecret, appearance: APPEARANCE }}>
      <ConfirmForm intentType={secret.intentType} trialEnd={secret.trialEnd} tier={tier} />
    </Elements>
  );
}

function ConfirmForm({ intentType, trialEnd, tier }: Pick<CreateSubscriptionResponse, 'intentType' | 'trialEnd'> & { tier: Tier }) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    const confirmParams = { return_url: `${window.location.origin}${paths.dashboard}` };
    // A trial saves the card (SetupIntent); money due now is a PaymentIntent. Cards that need no redirect
    // finish here; 3-D Secure and friends come back to return_url, where the dashboard greets them.
    const result =
      intentType === 'setup'
        ? await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
        : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
    setProcessing(false);
    if (result.error) {
      announcePaymentFailure(result.error.message);
      return;
    }
    announcePaymentSuccess();
    try {
      queryClient.setQueryData(currentUserQueryOptions.queryKey, await refreshBilling());
    } catch {
      // The webhook brings the same state moments later; the dashboard reads it then.
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    }
    navigate(paths.dashboard);
  };

  return (
    <form onSubmit={submit} className="grid gap-5">
      <PaymentElement />
      <OrderSummary tier={tier} trialEnd={trialEnd} />
      <div className="grid gap-2">
        <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || processing}>
          <Lock aria-hidden="true" />
          {processing ? 'Processing...' : `Subscribe to ${SHORT_PLAN_NAMES[tier]}`}
        </Button>
        <PaymentTerms tier={tier} trialEnd={trialEnd} />
      </div>
    </form>
  );
}
