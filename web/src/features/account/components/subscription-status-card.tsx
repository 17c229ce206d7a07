import { CreditCard } from 'lucide-react';
import { isActive, tierLabel, TRIAL_ENDED_STATUS, trialDaysLeft, type User } from '@dcbrief/shared';
import { formatDay } from '@/lib/date-format';
import { TitledCard } from '@/components/titled-card';
import { PlansLink } from './plans-link';
import { statusLabel } from './status-label';

/** Spec: tier upper-case ('FREE' when missing), the status, and an upgrade panel whenever the status is not active. */
export function SubscriptionStatusCard({ user }: { user: Pick<User, 'subscriptionTier' | 'subscriptionStatus' | 'trialEndsAt'> }) {
  const active = isActive(user);
  const trialing = user.subscriptionStatus === 'trialing' && !!user.trialEndsAt;
  const left = trialDaysLeft(user.trialEndsAt);
  return (
    <TitledCard icon={CreditCard} title="Subscription Status" contentClassName="space-y-4">
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-xs font-medium text-slate-600">Plan</dt>
          <dd className="mt-1 text-lg font-semibold tracking-wide text-slate-900">{tierLabel(user.subscriptionTier)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">Status</dt>
          <dd className="mt-1 flex items-center gap-2 text-lg font-semibold text-slate-900">
            <span aria-hidden="true" className={active ? 'size-2 rounded-full bg-emerald-500' : 'size-2 rounded-full bg-slate-400'} />
            {statusLabel(user.subscriptionStatus)}
          </dd>
        </div>
      </dl>
      {trialing && (
        <p className="text-sm text-slate-700">
          {left} day{left === 1 ? '' : 's'} left, until {formatDay(user.trialEndsAt!)}. No card needed.
        </p>
      )}
      {!active && (
        <div className="rounded-xl bg-blue-50 p-4 ring-1 ring-blue-100">
          <p className="font-semibold text-slate-900">Upgrade your intelligence</p>
          <p className="mt-1 text-sm text-slate-700">{upgradeText(user.subscriptionStatus, left)}</p>
          <PlansLink label="View plans" size="sm" className="mt-3" />
        </div>
      )}
    </TitledCard>
  );
}

/** What subscribing changes from here: a trial's remaining days stay free; otherwise the plan starts the digests. */
function upgradeText(status: string, daysLeft: number): string {
  if (status === 'trialing' && daysLeft > 0)
    return `Subscribe now and your remaining ${daysLeft} trial day${daysLeft === 1 ? '' : 's'} stay free.`;
  if (status === TRIAL_ENDED_STATUS) return 'Choose a plan to get your daily brief again.';
  return 'Choose a plan and get the full daily brief.';
}
