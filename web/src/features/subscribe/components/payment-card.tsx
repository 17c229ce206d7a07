import { lazy, Suspense } from 'react';
import { LayoutDashboard, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { CreateSubscriptionResponse, Tier } from '@dcbrief/shared';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { PaymentsSetup } from '../hooks/use-payments-setup';
import { PaymentProblem } from './payment-problem';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/**
 * README: "Without Stripe keys the rest of the product works and the subscribe page says payments are
 * unavailable". Said plainly, as a fact of this server, with nothing to retry (docs/decisions/116).
 */
export const PAYMENTS_NOT_CONFIGURED =
  'Payments are unavailable on this DC Brief server: its operator has not set up card payments, so no plan can be bought here yet. Everything else works as usual, your free trial included.';

interface PaymentCardProps {
  /** Whether this server takes payments (GET /api/config), and its Stripe publishable key. */
  payments: PaymentsSetup;
  tier: Tier;
  secret: CreateSubscriptionResponse | null;
  failed: boolean;
  /** The server's reason when it refused for good (already subscribed): shown with a way to the dashboard. */
  refusal?: string | null;
  isRequesting: boolean;
  onRetry: () => void;
}

function PreparingPayment() {
  return (
    <div className="flex min-h-48 flex-col items-center justify-center gap-3 text-sm text-slate-600">
      <Spinner label="Preparing secure payment form" />
      <span aria-hidden="true">Preparing secure payment form…</span>
    </div>
  );
}

/**
 * 'Complete Your Subscription': a spinner until the payment secret is held, then Stripe's Payment Element (or,
 * when Stripe.js cannot load, that fact and a Retry). A server without payments says so instead.
 */
export function PaymentCard({ payments, tier, secret, failed, refusal = null, isRequesting, onRetry }: PaymentCardProps) {
  let body;
  if (payments.state === 'loading') {
    body = <PreparingPayment />;
  } else if (payments.state === 'failed') {
    body = <PaymentProblem message="We could not start your subscription. Please try again." onRetry={payments.retry} />;
  } else if (payments.state === 'not-configured') {
    body = <PaymentProblem tone="notice" message={PAYMENTS_NOT_CONFIGURED} />;
  } else if (!secret) {
    if (!failed || isRequesting) body = <PreparingPayment />;
    else if (refusal) {
      body = (
        <PaymentProblem
          message={refusal}
          action={
            <Button asChild variant="outline" size="sm">
              <Link to={paths.dashboard}>
                <LayoutDashboard aria-hidden="true" />
                Go to your dashboard
              </Link>
            </Button>
          }
        />
      );
    } else body = <PaymentProblem message="We could not start your subscription. Please try again." onRetry={onRetry} />;
  } else {
    body = (
      <Suspense fallback={<PreparingPayment />}>
        {/* Stripe's Elements take their client secret once: a new plan's secret needs a fresh form. */}
        <StripePaymentForm key={secret.clientSecret} publishableKey={payments.publishableKey} secret={secret} tier={tier} />
      </Suspense>
    );
  }

  return (
    <Card aria-labelledby="complete-subscription-title">
      <CardHeader>
        <CardTitle id="complete-subscription-title">Complete Your Subscription</CardTitle>
        <CardDescription className="flex items-center gap-1.5">
          <ShieldCheck aria-hidden="true" className="size-4 text-blue-700" />
          Card details go straight to Stripe; DC Brief never sees them.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
