import { CreditCard } from 'lucide-react';
import { isActive, tierLabel, type User } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { PlansLink } from './plans-link';
import { statusLabel } from './status-label';

/** Spec: tier upper-case ('FREE' when missing), the status, and an upgrade panel whenever the status is not active. */
export function SubscriptionStatusCard({ user }: { user: Pick<User, 'subscriptionTier' | 'subscriptionStatus'> }) {
  const active = isActive(user);
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
      {!active && (
        <div className="rounded-xl bg-blue-50 p-4 ring-1 ring-blue-100">
          <p className="font-semibold text-slate-900">Upgrade your intelligence</p>
          <p className="mt-1 text-sm text-slate-700">Start your 14-day free trial and get the full daily brief.</p>
          <PlansLink label="View plans" size="sm" className="mt-3" />
        </div>
      )}
    </TitledCard>
  );
}
