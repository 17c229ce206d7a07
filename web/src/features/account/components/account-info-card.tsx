import { UserRound } from 'lucide-react';
import type { User } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { ManageBillingButton } from './manage-billing-button';
import { SignOutEverywhereButton } from './sign-out-everywhere-button';
import { TierBadge } from './tier-badge';

function memberSince(createdAt: string): string {
  return new Date(createdAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

export function AccountInfoCard({ user }: { user: Pick<User, 'email' | 'createdAt' | 'subscriptionTier' | 'subscriptionStatus'> }) {
  return (
    <TitledCard icon={UserRound} title="Account Information">
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="text-slate-600">Email</dt>
          <dd className="font-medium break-all text-slate-900">{user.email}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Member since</dt>
          <dd className="font-medium text-slate-900">{memberSince(user.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Subscription</dt>
          <dd className="mt-1">
            <TierBadge user={user} />
          </dd>
        </div>
      </dl>
      {user.subscriptionTier && <ManageBillingButton />}
      <SignOutEverywhereButton />
    </TitledCard>
  );
}
