import { isActive, tierLabel, type User } from '@dcbrief/shared';
import { Badge } from '@/components/ui/badge';

type Subscription = Pick<User, 'subscriptionTier' | 'subscriptionStatus'>;

/** The tier in upper case ('FREE' without one): green when paid up, grey otherwise (docs/SPEC.md §2). */
export function TierBadge({ user }: { user: Subscription }) {
  const active = isActive(user);
  return (
    <Badge variant={active ? 'success' : 'neutral'} data-active={active}>
      {tierLabel(user.subscriptionTier)}
    </Badge>
  );
}
