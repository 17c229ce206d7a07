import { useEffect, useRef } from 'react';
import type { Tier, User } from '@dcbrief/shared';
import { toast } from '@/hooks/use-toast';
import { useCreateSubscription } from '../api/create-subscription';

/**
 * Spec section 4: a secret is requested automatically when a user exists and none is held. Changing the plan
 * afterwards does not ask again (the payments issue changes that together with the server).
 * One automatic attempt per visit; after a failure the visitor retries with the button.
 */
export function useSubscriptionSecret(user: User | null, tier: Tier) {
  const create = useCreateSubscription();
  const attempted = useRef(false);
  const { mutate } = create;

  const request = (forTier: Tier) =>
    mutate(forTier, {
      onError: () => toast({ title: 'Subscription Error', description: 'Failed to create subscription. Please try again.', variant: 'destructive' }),
    });

  useEffect(() => {
    if (!user || attempted.current) return;
    attempted.current = true;
    request(tier);
    // Only the arrival of a user starts the request; the tier at that moment is the one asked for.
  }, [user]);

  return {
    secret: create.data ?? null,
    isRequesting: create.isPending,
    failed: create.isError,
    retry: () => request(tier),
  };
}
