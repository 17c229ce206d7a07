import { lazy, Suspense, type ReactNode } from 'react';
import { AlertCircle, LayoutDashboard, RotateCw, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { CreateSubscriptionResponse, Tier } from '@dcbrief/shared';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { usePublicConfig } from '../api/get-public-config';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

interface PaymentCardProps {
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

function PaymentProblem({ message, onRetry, action }: { message: string; onRetry?: () => void; action?: ReactNode }) {
  return (
    <div className="flex min-h-48 flex-col items-center justify-center gap-3 text-center">
      <AlertCircle aria-hidden="true" className="size-8 text-red-600" />
      <p className="max-w-sm text-sm text-slate-700">{message}</p>
      {action}
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      )}
    </div>
  );
}

/** 'Complete Your Subscription': a spinner until the payment secret is held, then Stripe's Payment Element. */
export function PaymentCard({ tier, secret, failed, refusal = null, isRequesting, onRetry }: PaymentCardProps) {
  const config = usePublicConfig({ enabled: secret !== null });
  const publishableKey = config.data?.stripePublishableKey ?? null;

  let body;
  if (!secret) {
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
  } else if (config.isLoading) {
    body = <PreparingPayment />;
  } else if (!publishableKey) {
    body = <PaymentProblem message="Card payments are not available right now. Please try again later." />;
  } else {
    body = (
      <Suspense fallback={<PreparingPayment />}>
        {/* Stripe's Elements take their client secret once: a new plan's secret needs a fresh form. */}
        <StripePaymentForm key={secret.clientSecret} publishableKey={publishableKey} secret={secret} tier={tier} />
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
