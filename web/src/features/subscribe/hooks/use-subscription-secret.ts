import { useEffect, useRef } from 'react';
import type { Tier, User } from '@dcbrief/shared';
import { toast } from '@/hooks/use-toast';
import { useCreateSubscription } from '../api/create-subscription';

/**
 * Spec section 4: a secret is requested automatically once a user exists. One deliberate change
 * (docs/decisions/006-stripe-subscriptions.md): choosing another plan asks again for that plan's secret,
 * because the secret belongs to a subscription of one price; keeping it would charge the old plan under a
 * button naming the new one. A secret is only handed out for the plan it was made for.
 * One automatic attempt per plan choice; after a failure the visitor retries with the button.
 */
export function useSubscriptionSecret(user: User | null, tier: Tier) {
  const create = useCreateSubscription();
  const requestedFor = useRef<Tier | null>(null);
  const { mutate } = create;

  const request = (forTier: Tier) =>
    mutate(forTier, {
      onError: () => toast({ title: 'Subscription Error', description: 'Failed to create subscription. Please try again.', variant: 'destructive' }),
    });

  useEffect(() => {
    if (!user || requestedFor.current === tier) return;
    requestedFor.current = tier;
    request(tier);
  }, [user, tier]);

  const current = create.variables === tier && !create.isPending;
  return {
    secret: current ? (create.data ?? null) : null,
    isRequesting: create.isPending,
    failed: current && create.isError,
    retry: () => request(tier),
  };
}
