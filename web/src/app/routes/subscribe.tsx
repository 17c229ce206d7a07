import { useState } from 'react';
import { isTrialing, TRIAL_DAYS, trialDaysLeft, type Tier, type User } from '@dcbrief/shared';
import { BackLink } from '@/components/back-link';
import { CheckList } from '@/components/check-list';
import { PageShell } from '@/components/layout/page-shell';
import { BenefitTiles } from '@/features/subscribe/components/benefit-tiles';
import { PaymentCard } from '@/features/subscribe/components/payment-card';
import { DEFAULT_SELECTED_TIER } from '@/features/subscribe/components/plan-choice';
import { PlanPicker } from '@/features/subscribe/components/plan-picker';
import { usePaymentsSetup } from '@/features/subscribe/hooks/use-payments-setup';
import { useSubscriptionSecret } from '@/features/subscribe/hooks/use-subscription-secret';
import { SUBSCRIBE_SIGNED_OUT_NOTICE } from '@/hooks/login-redirect-notices';
import { useLoginRedirect } from '@/hooks/use-login-redirect';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/lib/auth';
import { formatDay } from '@/lib/date-format';
import { SUBSCRIBE_LOGIN_REDIRECT_MS } from '@/lib/ui-timings';

const TRIAL_POINT = `${TRIAL_DAYS}-day free trial`;
const FOOTER_POINTS = [TRIAL_POINT, 'Cancel anytime', 'Secure payments'];

export default function SubscribeRoute() {
  const { user, isLoading } = useCurrentUser();
  useDocumentTitle('Choose your plan');
  const [tier, setTier] = useState<Tier>(DEFAULT_SELECTED_TIER);
  const payments = usePaymentsSetup();
  // No payment secret is asked of a server that takes no payments: nothing would come of it but an error.
  const { secret, intentType, failed, refusal, isRequesting, retry } = useSubscriptionSecret(
    payments.state === 'ready' ? user : null,
    tier,
  );
  // The server decides whether there is a trial (once per user): a SetupIntent saves the card for after the
  // trial, a PaymentIntent charges now. The page promises only what the server's answer says.
  const chargedNow = intentType === 'payment';
  const footerPoints = chargedNow ? FOOTER_POINTS.filter((point) => point !== TRIAL_POINT) : FOOTER_POINTS;
  useLoginRedirect(!isLoading && !user, SUBSCRIBE_LOGIN_REDIRECT_MS, SUBSCRIBE_SIGNED_OUT_NOTICE);

  return (
    <PageShell>
      <BackLink />
      <div className="mx-auto mt-6 max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">Choose your intelligence level</h1>
        <p className="mt-3 text-slate-600">{trialNote(user, chargedNow, payments.state === 'not-configured')}</p>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <PlanPicker value={tier} onChange={setTier} />
        </div>
        <div className="lg:col-span-2">
          <PaymentCard
            payments={payments}
            tier={tier}
            secret={secret}
            failed={failed}
            refusal={refusal}
            isRequesting={isRequesting}
            onRetry={retry}
          />
        </div>
      </div>
      <div className="mt-10">
        <BenefitTiles tier={tier} />
      </div>
      <CheckList
        items={footerPoints}
        layout="inline"
        className="mt-10 flex flex-wrap items-center justify-center gap-x-8 gap-y-2 border-t border-slate-200 pt-6 text-sm text-slate-600"
      />
    </PageShell>
  );
}

/** The heading's trial note: what this visitor gets, from the server's state and answer (docs/decisions/008). */
function trialNote(user: User | null, chargedNow: boolean, noPayments: boolean): string {
  // No plan can be bought on this server: the trial's facts only, no invitation to pay (docs/decisions/116).
  if (noPayments) {
    const left = trialDaysLeft(user?.trialEndsAt);
    return isTrialing(user) && user?.trialEndsAt && left > 0
      ? `Your free trial has ${left} day${left === 1 ? '' : 's'} left, until ${formatDay(user.trialEndsAt)}.`
      : `A first sign-in comes with a ${TRIAL_DAYS}-day free trial, once per address.`;
  }
  if (chargedNow)
    return 'You have already had your free trial, so your plan starts today and your card is charged now. You can cancel anytime.';
  const left = trialDaysLeft(user?.trialEndsAt);
  if (isTrialing(user) && user?.trialEndsAt && left > 0) {
    const day = formatDay(user.trialEndsAt);
    return `Your free trial has ${left} day${left === 1 ? '' : 's'} left. Subscribe now and you pay nothing until ${day}; cancel anytime.`;
  }
  return `Start with a ${TRIAL_DAYS}-day free trial. You will not be charged until it ends, and you can cancel anytime.`;
}
