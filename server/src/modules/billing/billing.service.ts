import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type Stripe from 'stripe';
import { PLANS, TRIAL_DAYS, type CreateSubscriptionResponse, type Tier } from '@dcbrief/shared';
import { badRequest, conflict, HttpError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { KeyedLock } from '../../lib/keyed-lock.js';
import type { Logger } from '../../lib/logger.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { paymentFailedEmail, trialEndingEmail, welcomeEmail } from '../../mail/templates/account-emails.js';
import { User } from '../users/user.entity.js';
import { paymentsUnavailable } from './billing.errors.js';
import type { PriceCatalog } from './price-catalog.js';
import { StripeEvent } from './stripe-event.entity.js';
import { idOf, isLive, isPending, priceIdOf, tierOfPrice, userStatusOf } from './subscription-state.js';

export interface BillingDeps {
  em: EntityManager;
  stripe: Stripe | null;
  prices: PriceCatalog;
  webhookSecret: string | null;
  publicUrl: string;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  locks: KeyedLock;
}

const SUBSCRIPTION_EXPAND = ['pending_setup_intent', 'latest_invoice.confirmation_secret'];
/** Stripe's default tolerance: a signature older than 5 minutes is refused (replay protection). */
const WEBHOOK_TOLERANCE_SEC = 300;

export type WebhookOutcome = 'processed' | 'duplicate';

export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  private get stripe(): Stripe {
    if (!this.deps.stripe) throw paymentsUnavailable();
    return this.deps.stripe;
  }

  /**
   * The subscribe page's payment secret for a tier. Reuses the user's unconfirmed subscription of that tier,
   * drops one of the other tier (so what the button says is what is charged), and otherwise creates one with
   * the 14-day trial (once per user) under an idempotency key, so a double click or reload makes one.
   */
  async createSubscription(user: User, tier: Tier): Promise<CreateSubscriptionResponse> {
    const stripe = this.stripe;
    const prices = await this.deps.prices.prices();
    return this.deps.locks.run(`user:${user.id}`, async () => {
      // A request that waited for the lock sees what the one before it stored.
      await this.deps.em.refresh(user);
      const customer = await this.ensureCustomer(user);
      const existing = await stripe.subscriptions.list({ customer, status: 'all', limit: 20, expand: SUBSCRIPTION_EXPAND.map((e) => `data.${e}`) });
      if (existing.data.some((s) => isLive(s) && !isPending(s))) {
        throw conflict('You already have a subscription. Manage it from your dashboard.');
      }
      for (const pending of existing.data.filter(isPending)) {
        if (priceIdOf(pending) === prices[tier]) {
          const secret = secretOf(pending);
          if (secret) return secret;
        }
        await stripe.subscriptions.cancel(pending.id);
        user.subscriptionAttempt += 1;
      }
      const subscription = await stripe.subscriptions.create(
        {
          customer,
          items: [{ price: prices[tier] }],
          ...(user.trialStartedAt ? {} : { trial_period_days: TRIAL_DAYS, trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } }),
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: SUBSCRIPTION_EXPAND,
          metadata: { userId: user.id, tier },
        },
        { idempotencyKey: `dcbrief-subscription-${user.id}-${tier}-${user.subscriptionAttempt}` },
      );
      user.stripeSubscriptionId = subscription.id;
      await this.deps.em.flush();
      const secret = secretOf(subscription);
      if (!secret) throw new HttpError(502, 'Stripe did not return a payment form for this subscription. Please try again.');
      return secret;
    });
  }

  /** A Stripe customer-portal session, where a subscriber cancels, changes plan or card. */
  async portalUrl(user: User): Promise<string> {
    if (!user.stripeCustomerId) throw badRequest('You have no billing account yet. Choose a plan first.');
    const session = await this.stripe.billingPortal.sessions.create({ customer: user.stripeCustomerId, return_url: `${this.deps.publicUrl}/dashboard` });
    return session.url;
  }

  /** Re-reads the user's subscription from Stripe (after the payment page returns, before the webhook). */
  async refresh(user: User): Promise<User> {
    if (!user.stripeSubscriptionId) return user;
    const subscription = await this.stripe.subscriptions.retrieve(user.stripeSubscriptionId, { expand: ['pending_setup_intent'] });
    const prices = await this.deps.prices.prices();
    const mails: MailMessage[] = [];
    await this.deps.locks.run(`customer:${idOf(subscription.customer)}`, () =>
      this.deps.em.transactional(async (em) => {
        const locked = await em.findOneOrFail(User, { id: user.id }, lockFor(em));
        this.apply(locked, subscription, prices, mails);
      }),
    );
    await this.deps.em.refresh(user);
    await this.send(mails);
    return user;
  }

  /**
   * A verified Stripe event, processed once: the event's row and its effect commit together, and the
   * effect is the subscription's state as Stripe has it now (re-read), so late, repeated or reordered events
   * cannot move a user back to an older state.
   */
  async handleWebhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
    const stripe = this.stripe;
    if (!this.deps.webhookSecret) throw paymentsUnavailable();
    if (!signature) throw badRequest('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, this.deps.webhookSecret, WEBHOOK_TOLERANCE_SEC);
    } catch {
      throw badRequest('Invalid Stripe signature');
    }
    const customerId = customerOf(event);
    return this.deps.locks.run(`customer:${customerId ?? event.id}`, async () => {
      if (await this.deps.em.findOne(StripeEvent, { id: event.id })) return 'duplicate';
      const subscriptionId = subscriptionOf(event);
      const subscription = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId, { expand: ['pending_setup_intent'] }) : null;
      const prices = subscription ? await this.deps.prices.prices() : null;
      const mails: MailMessage[] = [];
      try {
        await this.deps.em.transactional(async (em) => {
          em.persist(em.create(StripeEvent, { id: event.id, type: event.type, createdAt: new Date(event.created * 1000), processedAt: this.deps.clock.now() }));
          await em.flush();
          const user = customerId ? await em.findOne(User, { stripeCustomerId: customerId }, lockFor(em)) : null;
          if (!user) {
            this.deps.logger.warn({ eventId: event.id, type: event.type }, 'Stripe event for an unknown customer');
            return;
          }
          if (subscription && prices) this.apply(user, subscription, prices, mails);
          this.notify(event, user, subscription, mails);
        });
      } catch (err) {
        if (err instanceof UniqueConstraintViolationException) return 'duplicate';
        throw err;
      }
      await this.send(mails);
      return 'processed';
    });
  }

  private apply(user: User, subscription: Stripe.Subscription, prices: Record<Tier, string>, mails: MailMessage[]) {
    const status = userStatusOf(subscription);
    const isCurrent = user.stripeSubscriptionId === subscription.id;
    // An abandoned checkout's subscription must not overwrite the one the user has now.
    if (!isCurrent && user.stripeSubscriptionId && status !== 'active') return;
    user.stripeSubscriptionId = subscription.id;
    user.subscriptionStatus = status;
    const noPlan = ['canceled', 'incomplete', 'incomplete_expired'].includes(status);
    user.subscriptionTier = noPlan ? null : tierOfPrice(priceIdOf(subscription), prices);
    const now = this.deps.clock.now();
    if (status === 'active' && subscription.status === 'trialing' && !user.trialStartedAt) {
      user.trialStartedAt = subscription.trial_start ? new Date(subscription.trial_start * 1000) : now;
    }
    if (status === 'active' && !user.welcomeEmailSentAt && user.subscriptionTier) {
      user.welcomeEmailSentAt = now;
      const trialEnds = subscription.status === 'trialing' && subscription.trial_end ? new Date(subscription.trial_end * 1000) : null;
      mails.push(welcomeEmail(user.email, user.firstName, PLANS[user.subscriptionTier].name, this.dashboardUrl(), trialEnds));
    }
  }

  private notify(event: Stripe.Event, user: User, subscription: Stripe.Subscription | null, mails: MailMessage[]) {
    if (event.type === 'customer.subscription.trial_will_end' && subscription && user.subscriptionTier) {
      const ends = subscription.trial_end ? new Date(subscription.trial_end * 1000) : null;
      mails.push(trialEndingEmail(user.email, PLANS[user.subscriptionTier].name, ends, this.dashboardUrl()));
    }
    if (event.type === 'invoice.payment_failed') mails.push(paymentFailedEmail(user.email, this.dashboardUrl()));
  }

  private async send(mails: MailMessage[]) {
    for (const mail of mails) {
      await this.deps.mailer.send(mail).catch((err) => this.deps.logger.error({ err, subject: mail.subject }, 'billing email not sent'));
    }
  }

  private dashboardUrl() {
    return `${this.deps.publicUrl}/dashboard`;
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

/** Row lock on PostgreSQL so two servers apply one customer's events one at a time; SQLite serialises writes itself. */
function lockFor(em: EntityManager) {
  const platform = em.getPlatform().constructor.name;
  return platform.includes('Postgre') ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {};
}

function secretOf(subscription: Stripe.Subscription): CreateSubscriptionResponse | null {
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup === 'object' && setup.client_secret) return { clientSecret: setup.client_secret, intentType: 'setup' };
  const invoice = subscription.latest_invoice;
  const secret = invoice && typeof invoice === 'object' ? invoice.confirmation_secret?.client_secret : null;
  return secret ? { clientSecret: secret, intentType: 'payment' } : null;
}

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
