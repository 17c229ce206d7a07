import { UserRound } from 'lucide-react';
import type { User } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { BillingSummary, billingLine, hasBillingAccount } from './billing-summary';
import { DeleteAccountButton } from './delete-account-button';
import { ManageBillingButton } from './manage-billing-button';
import { SignOutEverywhereButton } from './sign-out-everywhere-button';
import { TierBadge } from './tier-badge';

function memberSince(createdAt: string): string {
  return new Date(createdAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

type AccountUser = Pick<
  User,
  'email' | 'createdAt' | 'subscriptionTier' | 'subscriptionStatus' | 'trialEndsAt' | 'nextChargeAt' | 'cancelsAt'
>;

export function AccountInfoCard({ user }: { user: AccountUser }) {
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
        {billingLine(user) && (
          <div id="billing" className="scroll-mt-24">
            <dt className="text-slate-600">Billing</dt>
            <dd className="mt-1">
              <BillingSummary user={user} />
            </dd>
          </div>
        )}
      </dl>
      {hasBillingAccount(user) && <ManageBillingButton />}
      <SignOutEverywhereButton />
      <DeleteAccountButton user={user} />
    </TitledCard>
  );
}
