import { LockMode, UniqueConstraintViolationException, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import type Stripe from 'stripe';
import { z } from 'zod';
import { TRIAL_DAYS, TRIAL_ENDED_STATUS, TRIAL_TIER, TRIALING_STATUS, type CreateSubscriptionResponse, type Tier } from '@dcbrief/shared';
import { badRequest, conflict, HttpError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { KeyedLock } from '../../lib/keyed-lock.js';
import type { Logger } from '../../lib/logger.js';
import type { AccountMailQueue } from '../account-mail/account-mail.queue.js';
import { claimTrial, trialClaimed, trialDaysRemain } from '../users/trial.js';
import { User } from '../users/user.entity.js';
import { isStripeMissing, isStripePriceError, noStripeKey, paymentsNotConfigured } from './billing.errors.js';
import type { PriceCatalog } from './price-catalog.js';
import { BILLING_PAYMENT_FAILED_MAIL, BILLING_TRIAL_ENDING_MAIL, BILLING_WELCOME_MAIL, type BillingMail } from './billing-mail.js';
import { StripeEvent } from './stripe-event.entity.js';
import { billingDatesOf, hasPaymentMethod, idOf, isLive, isPending, tierOf, userStatusOf } from './subscription-state.js';
import { isPostgreSql } from '../../db/dialect.js';

export interface BillingDeps {
  em: EntityManager;
  stripe: Stripe | null;
  prices: PriceCatalog;
  webhookSecret: string | null;
  publicUrl: string;
  clock: Clock;
  logger: Logger;
  /** Billing emails are queued here in the transaction of the change that owes them, and sent after it (decision 534). */
  accountMail: AccountMailQueue;
  locks: KeyedLock;
}

const SUBSCRIPTION_EXPAND = ['pending_setup_intent', 'latest_invoice.confirmation_secret'];
/**
 * A trial with less than this left is not carried into a subscription: the first charge is simply today. Stripe
 * needs `trial_end` in the future when the request arrives, and an hour's grace is not worth a failed checkout.
 */
const MIN_TRIAL_CARRIED_MS = 60 * 60_000;
/** Stripe's default tolerance: a signature older than 5 minutes is refused (replay protection). */
const WEBHOOK_TOLERANCE_SEC = 300;

export type WebhookOutcome = 'processed' | 'duplicate';

/** Stripe's copy of a subscription as of now, with our prices to read its tier; 'gone' when Stripe has none (404). */
type CurrentSubscription =
  { id: string; subscription: Stripe.Subscription; prices: Record<Tier, string> } | { id: string; subscription: 'gone' };

export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  private get stripe(): Stripe {
    if (!this.deps.stripe) throw noStripeKey();
    return this.deps.stripe;
  }

  /**
   * The subscribe page's payment secret for a tier. Reuses the user's unconfirmed subscription of that tier,
   * drops one of the other tier (so what the button says is what is charged), and otherwise creates one with
   * the TRIAL_DAYS free trial (once per user) under an idempotency key, so a double click or reload makes one.
   */
  async createSubscription(user: User, tier: Tier): Promise<CreateSubscriptionResponse> {
    const stripe = this.stripe;
    const prices = await this.deps.prices.prices();
    return this.deps.locks.run(`user:${user.id}`, async () => {
      // A request that waited for the lock sees what the one before it stored.
      await this.deps.em.refresh(user);
      const customer = await this.ensureCustomer(user);
      const existing = await stripe.subscriptions.list({
        customer,
        status: 'all',
        limit: 20,
        expand: SUBSCRIPTION_EXPAND.map((e) => `data.${e}`),
      });
      if (existing.data.some((s) => isLive(s) && !isPending(s))) {
        throw conflict('You already have a subscription. Manage it from your dashboard.');
      }
      for (const pending of existing.data.filter(isPending)) {
        if (tierOf(pending, prices) === tier) {
          const secret = secretOf(pending);
          if (secret) return secret;
        }
        await stripe.subscriptions.cancel(pending.id);
      }
      const trial = await this.trialFor(user);
      // The key names the attempt by what it follows: the subscription last stored for the user. Requests of one
      // attempt (a double click, a reload, also at two servers) see the same stored id and get one subscription;
      // once it is stored, the next attempt (after a cancellation, or for another plan) has a key never used.
      for (let tries = 0; tries < 2; tries += 1) {
        const subscription = await this.withPriceCheck(() =>
          stripe.subscriptions.create(
            {
              customer,
              items: [{ price: prices[tier] }],
              ...trial,
              payment_behavior: 'default_incomplete',
              payment_settings: { save_default_payment_method: 'on_subscription' },
              expand: SUBSCRIPTION_EXPAND,
              metadata: { userId: user.id, tier },
            },
            { idempotencyKey: `dcbrief-subscription-${user.id}-${tier}-after-${user.stripeSubscriptionId ?? 'none'}` },
          ),
        );
        user.stripeSubscriptionId = subscription.id;
        await this.deps.em.flush();
        // Stripe replays a key's first answer for 24 h: if that subscription has ended since (its id was never
        // stored, e.g. the server stopped in between), the stored id now moves the key on to a fresh attempt.
        if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
        const secret = secretOf(subscription);
        if (!secret) break;
        return secret;
      }
      throw new HttpError(502, 'Stripe did not return a payment form for this subscription. Please try again.');
    });
  }

  /**
   * The trial a new subscription carries (docs/decisions/008). During the card-free trial: its remaining days, as
   * Stripe's `trial_end` at the same instant, so the first charge falls when the trial would have ended and
   * nobody pays for days they had free. An account from before the card-free trial that never had one (and whose
   * address had none): the trial of decision 006, TRIAL_DAYS once the card is saved. Otherwise none: money is due now.
   * Either trial cancels itself in Stripe when it ends without a card, so nothing is ever charged without one.
   */
  private async trialFor(user: User): Promise<Partial<Stripe.SubscriptionCreateParams>> {
    const endsWithoutCard = { end_behavior: { missing_payment_method: 'cancel' as const } };
    const now = this.deps.clock.now();
    if (user.trialEndsAt && user.trialEndsAt.getTime() - now.getTime() >= MIN_TRIAL_CARRIED_MS) {
      return { trial_end: Math.floor(user.trialEndsAt.getTime() / 1000), trial_settings: endsWithoutCard };
    }
    if (!user.trialStartedAt && !(await trialClaimed(this.deps.em, user.email))) {
      return { trial_period_days: TRIAL_DAYS, trial_settings: endsWithoutCard };
    }
    return {};
  }

  /** A Stripe customer-portal session, where a subscriber cancels, changes plan or card. */
  async portalUrl(user: User): Promise<string> {
    if (!user.stripeCustomerId) throw badRequest('You have no billing account yet. Choose a plan first.');
    const session = await this.stripe.billingPortal.sessions.create({
      customer: user.stripeCustomerId,
      return_url: `${this.deps.publicUrl}/dashboard`,
    });
    return session.url;
  }

  /** Re-reads the user's subscription from Stripe (after the payment page returns, before the webhook). */
  async refresh(user: User): Promise<User> {
    if (!user.stripeCustomerId || !user.stripeSubscriptionId) return user;
    if (!this.deps.stripe) throw noStripeKey();
    const mails: BillingMail[] = [];
    const owed: string[] = [];
    await this.inCustomerSection(
      user.stripeCustomerId,
      { id: user.id },
      {
        // The subscription to read is the one stored now, inside the section, not the one this request began with.
        read: async (locked) => (locked?.stripeSubscriptionId ? this.readSubscription(locked.stripeSubscriptionId) : null),
        write: async (em, lockedUser, current) => {
          const locked = await lockedUser();
          if (locked && current) await this.applyCurrent(em, locked, current, mails);
          owed.push(...this.owe(em, mails));
          await em.flush();
        },
      },
    );
    await this.deps.em.refresh(user);
    this.sendAfterCommit(owed);
    return user;
  }

  /**
   * A verified Stripe event, processed once: the event's row and its effect commit together, and the
   * effect is the subscription's state as Stripe has it now (re-read in the customer's critical section), so
   * late, repeated or reordered events cannot move a user back to an older state.
   */
  async handleWebhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
    const stripe = this.stripe;
    if (!this.deps.webhookSecret) throw paymentsNotConfigured('Stripe webhook', 'set STRIPE_WEBHOOK_SECRET');
    if (!signature) throw badRequest('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, this.deps.webhookSecret, WEBHOOK_TOLERANCE_SEC);
    } catch {
      throw badRequest('Invalid Stripe signature');
    }
    // Signed is not well-formed: a body Stripe never sends (no id, no data, `created: "abc"`, `[]`, `null`)
    // is refused with a 400 and a log line, before anything reads it.
    const shape = stripeEventShape.safeParse(event);
    if (!shape.success) {
      const issue = shape.error.issues[0];
      this.deps.logger.warn({ field: issue?.path.join('.') || '(body)', problem: issue?.code }, 'malformed Stripe event refused');
      throw badRequest('Malformed Stripe event');
    }
    if (await this.deps.em.findOne(StripeEvent, { id: event.id })) return 'duplicate';
    const customerId = customerOf(event);
    const subscriptionId = subscriptionOf(event);
    const mails: BillingMail[] = [];
    const owed: string[] = [];
    try {
      // Whose event is it? Asked of our database first: a stranger's event (stripe trigger's throwaway customers,
      // another app on the account) costs no Stripe call, and is recorded and acknowledged so Stripe stops sending it.
      if (!customerId || !(await this.deps.em.count(User, { stripeCustomerId: customerId }))) {
        this.deps.logger.warn(
          { eventId: event.id, type: event.type, customer: customerId },
          'Stripe event for an unknown customer: recorded, not applied',
        );
        await this.deps.em.transactional((em) => this.record(em, event));
        return 'processed';
      }
      await this.inCustomerSection(
        customerId,
        { stripeCustomerId: customerId },
        {
          read: async (user) => (user && subscriptionId ? this.readSubscription(subscriptionId) : null),
          write: async (em, lockedUser, current) => {
            await this.record(em, event);
            const user = await lockedUser();
            if (!user) return;
            if (current) await this.applyCurrent(em, user, current, mails);
            this.notify(event, user, current && current.subscription !== 'gone' ? current.subscription : null, mails);
            // With the event's row: a retried or concurrent delivery of the event queues nothing a second time.
            owed.push(...this.owe(em, mails));
            await em.flush();
          },
        },
      );
    } catch (err) {
      // The same event at another server at the same moment: its row's primary key stops this one.
      if (err instanceof UniqueConstraintViolationException) return 'duplicate';
      throw err;
    }
    this.sendAfterCommit(owed);
    return 'processed';
  }

  /**
   * One customer's critical section: Stripe's current state is read and written to the user's row while no
   * other request or event of that customer runs. In this process a keyed lock. On PostgreSQL, where several
   * servers share the database, also the user's row, locked (SELECT ... FOR UPDATE) in a transaction that spans
   * the Stripe read and the write. SQLite is one server's file behind one connection: there the keyed lock is the
   * section, and the read comes just before the short write transaction, so Stripe's latency never holds the
   * database for every other request.
   */
  private async inCustomerSection<R>(
    customerId: string,
    where: FilterQuery<User>,
    step: {
      read: (user: User | null) => Promise<R>;
      write: (em: EntityManager, user: () => Promise<User | null>, read: R) => Promise<void>;
    },
  ): Promise<void> {
    await this.deps.locks.run(`customer:${customerId}`, async () => {
      if (rowLocks(this.deps.em)) {
        await this.deps.em.transactional(async (em) => {
          const user = await em.findOne(User, where, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
          await step.write(em, async () => user, await step.read(user));
        });
        return;
      }
      const read = await step.read(await this.deps.em.fork().findOne(User, where));
      // The user is loaded when the write asks for it: SQLite waits for a busy database only when a transaction's
      // first statement writes (a read first would fail at once if another process is writing).
      await this.deps.em.transactional((em) => step.write(em, () => em.findOne(User, where, { refresh: true }), read));
    });
  }

  /** The event's row, in the transaction of its effect: a second delivery fails on the primary key and changes nothing. */
  private async record(em: EntityManager, event: Stripe.Event) {
    em.persist(
      em.create(StripeEvent, {
        id: event.id,
        type: event.type,
        createdAt: new Date(event.created * 1000),
        processedAt: this.deps.clock.now(),
      }),
    );
    await em.flush();
  }

  private async readSubscription(id: string): Promise<CurrentSubscription> {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(id, { expand: ['pending_setup_intent'] });
      return { id, subscription, prices: await this.deps.prices.prices() };
    } catch (err) {
      if (!isStripeMissing(err)) throw err;
      this.deps.logger.warn({ subscription: id }, 'Stripe has no such subscription (deleted): treated as ended');
      return { id, subscription: 'gone' };
    }
  }

  /** Applies Stripe's current state; a trial of decision 006 confirmed now spends the address's one trial. */
  private async applyCurrent(em: EntityManager, user: User, current: CurrentSubscription, mails: BillingMail[]) {
    const hadTrial = !!user.trialStartedAt;
    this.applyState(user, current, mails);
    if (!hadTrial && user.trialStartedAt) await claimTrial(em, user.email, user.trialStartedAt);
  }

  private applyState(user: User, current: CurrentSubscription, mails: BillingMail[]) {
    if (current.subscription !== 'gone') return this.apply(user, current.subscription, current.prices, mails);
    // A subscription that no longer exists grants nothing, and no retry would bring it back.
    if (user.stripeSubscriptionId !== current.id) return;
    if (this.backToCardFreeTrial(user, this.deps.clock.now(), !!user.welcomeEmailSentAt)) return;
    user.subscriptionStatus = 'canceled';
    user.subscriptionTier = null;
    user.nextChargeAt = null;
    user.cancelsAt = null;
  }

  /**
   * A checkout not (or no longer) confirmed takes nothing from the card-free trial (docs/decisions/008): its days
   * were promised without a card, so the user stays on them until they end (also after cancelling a subscription
   * started during them); after them, a checkout never confirmed leaves the state at the trial's end, not at
   * Stripe's word for it.
   */
  private backToCardFreeTrial(user: User, now: Date, wasConfirmed: boolean): boolean {
    if (!user.trialStartedAt) return false;
    if (trialDaysRemain(user, now)) {
      user.subscriptionStatus = TRIALING_STATUS;
      user.subscriptionTier = TRIAL_TIER;
    } else if (!wasConfirmed) {
      user.subscriptionStatus = TRIAL_ENDED_STATUS;
      user.subscriptionTier = null;
    } else return false;
    user.nextChargeAt = null;
    user.cancelsAt = null;
    return true;
  }

  private apply(user: User, subscription: Stripe.Subscription, prices: Record<Tier, string>, mails: BillingMail[]) {
    const status = userStatusOf(subscription);
    const isCurrent = user.stripeSubscriptionId === subscription.id;
    // An abandoned checkout's subscription must not overwrite the one the user has now.
    if (!isCurrent && user.stripeSubscriptionId && status !== 'active') return;
    user.stripeSubscriptionId = subscription.id;
    const now = this.deps.clock.now();
    const noPlan = ['canceled', 'incomplete', 'incomplete_expired'].includes(status);
    if (noPlan && this.backToCardFreeTrial(user, now, hasPaymentMethod(subscription))) return;
    user.subscriptionStatus = status;
    user.subscriptionTier = noPlan ? null : tierOf(subscription, prices);
    const dates = billingDatesOf(subscription);
    user.nextChargeAt = noPlan ? null : dates.nextChargeAt;
    user.cancelsAt = noPlan ? null : dates.cancelsAt;
    if (dates.trialEndsAt) user.trialEndsAt = dates.trialEndsAt;
    if (!noPlan && !user.subscriptionTier) {
      this.deps.logger.error(
        { subscription: subscription.id, price: subscription.items.data[0]?.price },
        'subscription on a price of no tier (neither our price id nor our lookup key)',
      );
    }
    if (status === 'active' && subscription.status === 'trialing' && !user.trialStartedAt) {
      // The trial of decision 006 (an account from before the card-free trial): its address has had its trial.
      user.trialStartedAt = subscription.trial_start ? new Date(subscription.trial_start * 1000) : now;
    }
    if (status === 'active' && !user.welcomeEmailSentAt && user.subscriptionTier) {
      user.welcomeEmailSentAt = now;
      const trialEnds = subscription.status === 'trialing' && subscription.trial_end ? isoOf(subscription.trial_end) : null;
      mails.push({
        kind: BILLING_WELCOME_MAIL,
        to: user.email,
        params: { firstName: user.firstName, tier: user.subscriptionTier, trialEnds },
      });
    }
  }

  private notify(event: Stripe.Event, user: User, subscription: Stripe.Subscription | null, mails: BillingMail[]) {
    // Only a trial with a card will be charged: an open checkout during the card-free trial gets 008's reminder instead.
    if (event.type === 'customer.subscription.trial_will_end' && subscription && user.subscriptionTier && hasPaymentMethod(subscription)) {
      const trialEnds = subscription.trial_end ? isoOf(subscription.trial_end) : null;
      mails.push({ kind: BILLING_TRIAL_ENDING_MAIL, to: user.email, params: { tier: user.subscriptionTier, trialEnds } });
    }
    if (event.type === 'invoice.payment_failed') mails.push({ kind: BILLING_PAYMENT_FAILED_MAIL, to: user.email, params: {} });
  }

  /** Queues the emails in `em`'s unit of work, so they commit (or not) with the change that owes them; returns their ids. */
  private owe(em: EntityManager, mails: BillingMail[]): string[] {
    return mails.splice(0).map((mail) => this.deps.accountMail.enqueue(em, mail.kind, mail.to, { params: mail.params }).id);
  }

  /** Once committed, the emails go out in the background; the outbox retries them if SMTP is down. */
  private sendAfterCommit(ids: string[]) {
    for (const id of ids) this.deps.accountMail.kick(id);
  }

  /** Runs a call that names our price; if Stripe refuses the price (archived since), the catalog checks again next time. */
  private async withPriceCheck<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (isStripePriceError(err)) {
        this.deps.logger.error({ err }, 'Stripe refused our price: check STRIPE_PRICE_* or the lookup keys');
        this.deps.prices.forget();
      }
      throw err;
    }
  }

  private async ensureCustomer(user: User): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await this.stripe.customers.create(
      { email: user.email, name: `${user.firstName} ${user.lastName}`.trim() || undefined, metadata: { userId: user.id } },
      { idempotencyKey: `dcbrief-customer-${user.id}` },
    );
    user.stripeCustomerId = customer.id;
    await this.deps.em.flush();
    return customer.id;
  }
}

/** Stripe's seconds since the epoch as an ISO date. */
function isoOf(epochSec: number): string {
  return new Date(epochSec * 1000).toISOString();
}

/** PostgreSQL (several servers, one database) takes row locks; SQLite is a single server's file. */
function rowLocks(em: EntityManager): boolean {
  return isPostgreSql(em);
}

function secretOf(subscription: Stripe.Subscription): CreateSubscriptionResponse | null {
  // The order summary's first charge: the trial's end (nothing today), or today.
  const trialEnd =
    subscription.status === 'trialing' && subscription.trial_end ? new Date(subscription.trial_end * 1000).toISOString() : null;
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup === 'object' && setup.client_secret)
    return { clientSecret: setup.client_secret, intentType: 'setup', trialEnd };
  const invoice = subscription.latest_invoice;
  const secret = invoice && typeof invoice === 'object' ? invoice.confirmation_secret?.client_secret : null;
  return secret ? { clientSecret: secret, intentType: 'payment', trialEnd } : null;
}

/** What handleWebhook reads of every event; the rest is read per type, each field optional. */
const stripeEventShape = z.object({
  id: z.string().regex(/^[\w-]{1,255}$/),
  type: z.string().regex(/^[\w.-]{1,100}$/),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; customer?: string | { id: string } | null };
  if (object.object === 'customer') return object.id ?? null;
  return idOf(object.customer ?? null);
}

function subscriptionOf(event: Stripe.Event): string | null {
  const object = event.data.object as {
    object?: string;
    id?: string;
    subscription?: string | { id: string } | null;
    parent?: { subscription_details?: { subscription?: string | { id: string } } | null } | null;
  };
  if (object.object === 'subscription') return object.id ?? null;
  if (object.object === 'invoice') return idOf(object.parent?.subscription_details?.subscription ?? object.subscription ?? null);
  return null;
}
