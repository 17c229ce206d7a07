import type Stripe from 'stripe';
import { HttpError } from '../../http/errors.js';
import type { User } from '../users/user.entity.js';
import { isStripeMissing } from './billing.errors.js';

/** Our statuses of a subscription that bills or may bill again (a failed payment is retried). */
const BILLING_STATUSES = ['active', 'past_due', 'unpaid', 'paused'];
/** Stripe's statuses of a subscription that can never bill again. */
const ENDED = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

export const CANNOT_CANCEL_BILLING =
  'Your subscription cannot be cancelled right now (payments are not available on this server), so your account was not deleted. Please contact us.';

/**
 * Before an account is deleted (docs/decisions/117): every subscription of its Stripe customer that could still
 * bill is cancelled now, the paid one and any checkout left open, so Stripe charges nobody we no longer know.
 * Cancelled at once, without proration or a final invoice. Returns the ids cancelled. Safe to repeat: a
 * subscription already ended (or gone) is skipped.
 *
 * Without a Stripe client (keys removed since), an account whose status still bills cannot be deleted: nothing
 * here could stop the charges (503). Anything else has nothing to cancel.
 */
export async function cancelBillingForDeletion(stripe: Stripe | null, user: User): Promise<string[]> {
  if (!user.stripeCustomerId && !user.stripeSubscriptionId) return [];
  if (!stripe) {
    if (user.stripeSubscriptionId && BILLING_STATUSES.includes(user.subscriptionStatus)) throw new HttpError(503, CANNOT_CANCEL_BILLING);
    return [];
  }
  const ids = new Set<string>();
  if (user.stripeCustomerId) {
    try {
      for await (const sub of stripe.subscriptions.list({ customer: user.stripeCustomerId, status: 'all', limit: 100 })) {
        if (!ENDED.has(sub.status)) ids.add(sub.id);
      }
    } catch (err) {
      // A customer deleted by an earlier attempt whose own transaction then failed: nothing left to bill.
      if (!isStripeMissing(err)) throw err;
    }
  }
  // The stored subscription too, should the customer link be missing (an account from an early version).
  if (user.stripeSubscriptionId && !user.stripeCustomerId) ids.add(user.stripeSubscriptionId);
  const cancelled: string[] = [];
  for (const id of ids) {
    try {
      const sub = await stripe.subscriptions.cancel(id, { invoice_now: false, prorate: false });
      if (sub.status === 'canceled') cancelled.push(id);
    } catch (err) {
      if (!isStripeMissing(err)) throw err;
    }
  }
  return cancelled;
}

/**
 * After its subscriptions are cancelled, the account's Stripe customer is deleted too (docs/decisions/117): its
 * name, email and saved cards leave Stripe, which keeps only the invoices and payments it must keep for
 * accounting. Returns whether a customer was deleted now; one already gone (an earlier attempt) is not an error.
 * Without a Stripe client there is no customer to reach (the caller has already refused a billing account).
 */
export async function deleteStripeCustomer(stripe: Stripe | null, user: User): Promise<boolean> {
  if (!stripe || !user.stripeCustomerId) return false;
  try {
    const deleted = await stripe.customers.del(user.stripeCustomerId);
    return deleted.deleted === true;
  } catch (err) {
    if (isStripeMissing(err)) return false;
    throw err;
  }
}
