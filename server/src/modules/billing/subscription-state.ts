import type Stripe from 'stripe';
import type { Tier } from '@dcbrief/shared';

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

export function priceIdOf(sub: Stripe.Subscription): string | null {
  const price = sub.items.data[0]?.price;
  return price ? (typeof price === 'string' ? price : price.id) : null;
}

export function tierOfPrice(priceId: string | null, prices: Record<Tier, string>): Tier | null {
  if (priceId === prices.basic) return 'basic';
  if (priceId === prices.premium) return 'premium';
  return null;
}

export function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}
