import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { TRIAL_DAYS, TRIAL_ENDED_STATUS, TRIAL_TIER, TRIALING_STATUS } from '@dcbrief/shared';
import { trialEmailHash } from '../../lib/trial-email-hash.js';
import { TrialClaim } from './trial-claim.entity.js';
import { User } from './user.entity.js';

const DAY_MS = 86_400_000;

export async function trialClaimed(em: EntityManager, email: string): Promise<boolean> {
  return (await em.count(TrialClaim, { emailHash: trialEmailHash(email) })) > 0;
}

/**
 * Records that this address has had its trial; false when it had one already (also under a deleted account).
 * One conditional insert, so two first sign-ins of one address at once cannot both get a trial.
 */
export async function claimTrial(em: EntityManager, email: string, now: Date): Promise<boolean> {
  const result = await (em as SqlEntityManager)
    .createQueryBuilder(TrialClaim)
    .insert({ emailHash: trialEmailHash(email), claimedAt: now })
    .onConflict('email_hash')
    .ignore()
    .execute('run');
  return ((result as { affectedRows?: number }).affectedRows ?? 0) > 0;
}

/** The card-free trial of a first sign-in: Essential for TRIAL_DAYS, status 'trialing'. */
export function startTrial(user: User, now: Date): void {
  user.subscriptionTier = TRIAL_TIER;
  user.subscriptionStatus = TRIALING_STATUS;
  user.trialStartedAt = now;
  // Whole seconds, as Stripe keeps a subscription's trial_end: a subscription started during the trial ends its
  // trial at this very instant.
  user.trialEndsAt = new Date(Math.floor((now.getTime() + TRIAL_DAYS * DAY_MS) / 1000) * 1000);
  user.nextChargeAt = null;
}

/** A card-free trial whose end has come: nothing more is delivered, nothing is charged. */
export function trialIsOver(user: Pick<User, 'subscriptionStatus' | 'trialEndsAt'>, now: Date): boolean {
  return user.subscriptionStatus === TRIALING_STATUS && !!user.trialEndsAt && user.trialEndsAt <= now;
}

/** Still inside a trial's days (whatever the status): a subscription started now keeps them. */
export function trialDaysRemain(user: Pick<User, 'trialEndsAt'>, now: Date): boolean {
  return !!user.trialEndsAt && user.trialEndsAt > now;
}

/** Ends the user's trial when its time has come (read paths call this, so no page shows a trial that is over). */
export async function endTrialIfOver(em: EntityManager, user: User, now: Date): Promise<void> {
  if (!trialIsOver(user, now)) return;
  const changed = await em.nativeUpdate(
    User,
    { id: user.id, subscriptionStatus: TRIALING_STATUS, trialEndsAt: { $lte: now } },
    { subscriptionStatus: TRIAL_ENDED_STATUS, subscriptionTier: null, updatedAt: now },
  );
  if (changed) {
    user.subscriptionStatus = TRIAL_ENDED_STATUS;
    user.subscriptionTier = null;
  } else await em.refresh(user); // another request or server changed it first: read what it wrote
}

/** Every card-free trial whose end has come, at once (the delivery pass runs this); returns how many ended. */
export function endExpiredTrials(em: EntityManager, now: Date): Promise<number> {
  return em.nativeUpdate(
    User,
    { subscriptionStatus: TRIALING_STATUS, trialEndsAt: { $lte: now } },
    { subscriptionStatus: TRIAL_ENDED_STATUS, subscriptionTier: null, updatedAt: now },
  );
}
