import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreateSubscriptionResponse, Tier, User } from '@dcbrief/shared';
import { toast } from '@/hooks/use-toast';
import { errorStatus, serverErrorMessage } from '@/lib/api-error';
import { useCreateSubscription } from '../api/create-subscription';

const GENERIC_FAILURE = 'Failed to create subscription. Please try again.';

/**
 * The server's own words when it refuses for a reason trying again cannot change: 409, the visitor already has
 * a subscription ("Manage it from your dashboard"). Any other failure keeps the spec's generic text.
 */
function refusalOf(error: unknown): string | null {
  return errorStatus(error) === 409 ? serverErrorMessage(error) : null;
}

/**
 * docs/SPEC.md §4: a secret is requested automatically once a user exists. One deliberate change
 * (docs/decisions/006-stripe-subscriptions.md): choosing another plan asks again for that plan's secret,
 * because the secret belongs to a subscription of one price; keeping it would charge the old plan under a
 * button naming the new one. A secret is only handed out for the plan it was made for.
 * One automatic attempt per plan choice; after a failure the visitor retries with the button.
 */
export function useSubscriptionSecret(user: User | null, tier: Tier) {
  const create = useCreateSubscription();
  const requestedFor = useRef<Tier | null>(null);
  const { mutate } = create;
  // Whether this visitor gets a trial does not change with the plan: kept while another plan's secret loads.
  const [intentType, setIntentType] = useState<CreateSubscriptionResponse['intentType'] | null>(null);
  if (create.data && create.data.intentType !== intentType) setIntentType(create.data.intentType);

  const request = useCallback(
    (forTier: Tier) =>
      mutate(forTier, {
        onError: (error) =>
          toast({ title: 'Subscription Error', description: refusalOf(error) ?? GENERIC_FAILURE, variant: 'destructive' }),
      }),
    [mutate],
  );

  useEffect(() => {
    if (!user || requestedFor.current === tier) return;
    requestedFor.current = tier;
    request(tier);
  }, [user, tier, request]);

  const current = create.variables === tier && !create.isPending;
  const failed = current && create.isError;
  return {
    secret: current ? (create.data ?? null) : null,
    /** The server's last answer: 'setup' (a trial, nothing charged until it ends) or 'payment' (charged now). */
    intentType,
    isRequesting: create.isPending,
    failed,
    /** Set when the server refused for good (already subscribed): its message, shown instead of a retry. */
    refusal: failed ? refusalOf(create.error) : null,
    retry: () => request(tier),
  };
}
