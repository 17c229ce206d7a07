import { PLANS, TRIAL_ENDED_STATUS, TRIAL_TIER, TRIALING_STATUS, type User } from '@dcbrief/shared';
import { formatDay } from '@/lib/date-format';

type BillingUser = Pick<User, 'subscriptionTier' | 'subscriptionStatus' | 'trialEndsAt' | 'nextChargeAt' | 'cancelsAt'>;

/** Statuses with no Stripe subscription behind them: nothing to manage in the customer portal. */
const NO_BILLING_ACCOUNT = [TRIALING_STATUS, TRIAL_ENDED_STATUS, 'inactive'];

/** Whether "Manage billing" (Stripe's customer portal: cancel, change plan or card) has anything to show. */
export function hasBillingAccount(user: Pick<User, 'subscriptionStatus'>): boolean {
  return !NO_BILLING_ACCOUNT.includes(user.subscriptionStatus);
}

/**
 * One line on what happens to the subscriber's money next: the card-free trial's end (nothing charged), the
 * next charge with its amount (a converted trial's first charge is the trial's end), or the end of a plan
 * cancelled at its period's end. Null when there is nothing to say.
 */
export function billingLine(user: BillingUser, now: Date = new Date()): string | null {
  const price = user.subscriptionTier ? `$${PLANS[user.subscriptionTier].priceUsd}` : null;
  if (user.subscriptionStatus === TRIALING_STATUS && user.trialEndsAt) {
    return `Free trial of ${PLANS[TRIAL_TIER].name} until ${formatDay(user.trialEndsAt)}. No card on file: nothing will be charged.`;
  }
  if (user.subscriptionStatus === TRIAL_ENDED_STATUS && user.trialEndsAt) {
    return `Free trial ended on ${formatDay(user.trialEndsAt)}. Nothing was charged.`;
  }
  if (user.cancelsAt) return `Cancelled: your plan runs until ${formatDay(user.cancelsAt)}, and nothing more is charged.`;
  if (user.nextChargeAt && price) {
    const trial = user.trialEndsAt && new Date(user.trialEndsAt) > now ? `Free trial until ${formatDay(user.trialEndsAt)}. ` : '';
    return `${trial}Next charge: ${price} on ${formatDay(user.nextChargeAt)}.`;
  }
  return null;
}

export function BillingSummary({ user }: { user: BillingUser }) {
  const line = billingLine(user);
  if (!line) return null;
  return <p className="text-sm text-slate-700">{line}</p>;
}
