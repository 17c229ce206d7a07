import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { CreateSubscriptionResponse, Tier } from '@dcbrief/shared';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { currentUserQueryKey } from '@/lib/auth';
import { refreshBilling } from '../api/refresh-billing';
import { OrderSummary, PaymentTerms } from './order-summary';
import { announcePaymentFailure, announcePaymentSuccess } from './payment-outcome';
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

/** Loaded only on /subscribe (React.lazy): Stripe's code and script stay off every other page. */
export default function StripePaymentForm({ publishableKey, secret, tier }: StripePaymentFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret: secret.clientSecret, appearance: APPEARANCE }}>
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
      queryClient.setQueryData(currentUserQueryKey, await refreshBilling());
    } catch {
      // The webhook brings the same state moments later; the dashboard reads it then.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
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
