import { PLANS, trialDaysLeft, type Tier } from '@dcbrief/shared';
import { formatDay } from '@/lib/date-format';

interface OrderSummaryProps {
  tier: Tier;
  /** When the subscription's trial ends and its first charge falls (the server's answer); null: charged today. */
  trialEnd: string | null;
  now?: Date;
}

/**
 * What the button commits to, before it is pressed: what is paid today, what from when, and that it can be
 * cancelled. A trial's remaining days are named, so nobody thinks they pay twice (docs/decisions/008, 115).
 */
export function OrderSummary({ tier, trialEnd, now = new Date() }: OrderSummaryProps) {
  const price = PLANS[tier].priceUsd;
  const left = trialDaysLeft(trialEnd, now);
  return (
    <section aria-label="Order summary" className="rounded-lg bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900" data-testid="order-summary">
        {trialEnd
          ? `Today: $0. From ${formatDay(trialEnd)}: $${price} per month. Cancel anytime.`
          : `Today: $${price}. Then $${price} per month. Cancel anytime.`}
      </p>
      {trialEnd && left > 0 && (
        <p className="mt-1 text-slate-600">
          {left} day{left === 1 ? '' : 's'} of free trial left: nothing is charged before {formatDay(trialEnd)}.
        </p>
      )}
    </section>
  );
}

/** The terms by the button: the amount, from when, until when, and how to stop it. */
export function PaymentTerms({ tier, trialEnd }: Omit<OrderSummaryProps, 'now'>) {
  const price = PLANS[tier].priceUsd;
  return (
    <p className="text-center text-xs leading-relaxed text-slate-600">
      By subscribing, you allow DC Brief to charge your card ${price} per month {trialEnd ? `from ${formatDay(trialEnd)}` : 'from today'}{' '}
      until you cancel. Cancel anytime with Manage billing on your dashboard.
    </p>
  );
}
