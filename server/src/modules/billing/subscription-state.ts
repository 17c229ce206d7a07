import type Stripe from 'stripe';
import { TIERS, type Tier } from '@dcbrief/shared';
import { PRICE_LOOKUP_KEYS } from './price-catalog.js';

/**
 * Our word for a Stripe subscription's status. Paid up ('active') is Stripe's active, or trialing once a
 * payment method is saved: a trial the visitor never confirmed (the subscribe page creates the subscription
 * before the card form shows) grants nothing. Otherwise Stripe's own word.
 */
type SubscriptionState = Pick<Stripe.Subscription, 'status' | 'default_payment_method' | 'pending_setup_intent'>;

export function userStatusOf(sub: SubscriptionState): string {
  if (sub.status === 'active') return 'active';
  if (sub.status === 'trialing') return hasPaymentMethod(sub) ? 'active' : 'incomplete';
  return sub.status;
}

/** A saved card: the subscription's default, or a trial's setup intent that has succeeded (expanded). */
export function hasPaymentMethod(sub: SubscriptionState): boolean {
  if (sub.default_payment_method) return true;
  const setup = sub.pending_setup_intent;
  return typeof setup === 'object' && setup !== null && setup.status === 'succeeded';
}

/** A subscription the visitor has started but not confirmed: it may be reused, or dropped for another plan. */
export function isPending(sub: SubscriptionState): boolean {
  return sub.status === 'incomplete' || (sub.status === 'trialing' && !hasPaymentMethod(sub));
}

export function isLive(sub: SubscriptionState): boolean {
  return userStatusOf(sub) === 'active' || sub.status === 'past_due' || sub.status === 'unpaid' || sub.status === 'paused';
}

/**
 * The tier of a subscription: its price is one of ours by id, or carries one of our lookup keys (a price we do
 * not know by id: the key was moved to a new price, or the catalog was resolved before the change).
 */
export function tierOf(sub: Stripe.Subscription, prices: Record<Tier, string>): Tier | null {
  const price = sub.items.data[0]?.price;
  if (!price) return null;
  const id = idOf(price);
  const byId = TIERS.find((t) => prices[t] === id);
  if (byId) return byId;
  const lookupKey = typeof price === 'object' ? price.lookup_key : null;
  return TIERS.find((t) => PRICE_LOOKUP_KEYS[t] === lookupKey) ?? null;
}

export function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

export interface BillingDates {
  /** The subscription's trial end while it is trialing. */
  trialEndsAt: Date | null;
  /** When Stripe charges next: the trial's end, else the current period's end; null when it will not renew. */
  nextChargeAt: Date | null;
  /** When a subscription cancelled in the portal stops (cancel_at, or the end of what is paid for). */
  cancelsAt: Date | null;
}

const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The dates the dashboard shows for a subscription (its period lives on its item since Stripe's 2025 API). */
export function billingDatesOf(
  sub: Pick<Stripe.Subscription, 'status' | 'trial_end' | 'cancel_at' | 'cancel_at_period_end' | 'items'>,
): BillingDates {
  const trialEndsAt = sub.status === 'trialing' ? dateOf(sub.trial_end) : null;
  const periodEnd = dateOf(sub.items?.data[0]?.current_period_end);
  const renewsAt = trialEndsAt ?? periodEnd;
  const cancelsAt = dateOf(sub.cancel_at) ?? (sub.cancel_at_period_end ? renewsAt : null);
  const ended = sub.status === 'canceled' || sub.status === 'incomplete_expired';
  return { trialEndsAt, nextChargeAt: cancelsAt || ended ? null : renewsAt, cancelsAt: ended ? null : cancelsAt };
}
