import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { createSubscriptionResponseSchema, errorResponseSchema, publicConfigSchema, userSchema } from '@dcbrief/shared';
import { createApp } from '../src/app.js';
import { openDatabase } from '../src/database.js';
import { createLogger } from '../src/lib/logger.js';
import { AccountMailQueue } from '../src/modules/account-mail/account-mail.queue.js';
import { AccountMail } from '../src/modules/account-mail/account-mail.entity.js';
import { StripeEvent } from '../src/modules/billing/stripe-event.entity.js';
import { User } from '../src/modules/users/user.entity.js';
import { json, TestClient } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { skipWithoutPostgres, startTempPostgres, type TempPostgres } from './support/postgres.js';
import { startStripeStandIn, TEST_PRICES, type StripeStandIn } from './support/stripe-stand-in.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { recipient, signIn, tokenFrom } from './support/users.js';

const WEBHOOK_SECRET = 'whsec_test_dcbrief_webhook_secret';
const PRICES = TEST_PRICES;
const signer = new Stripe('sk_test_signing_only');

function stripeEnv(stripe: Pick<StripeStandIn, 'url'>, extra: Record<string, string> = {}) {
  return {
    STRIPE_SECRET_KEY: 'sk_test_dcbrief',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_dcbrief',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    ...extra,
  };
}

/**
 * Another server on the same database, as behind a load balancer: its own process (locks, caches, account-email
 * outbox), shared rows. `idle()` waits for the emails it has started sending.
 */
async function secondServer(ts: TestServer): Promise<{ url: string; idle(): Promise<void>; close(): Promise<void> }> {
  const orm = await openDatabase(ts.config.database);
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const accountMail = new AccountMailQueue({ em: orm.em, mailer: ts.mailer, clock: ts.clock, logger });
  const app = createApp(ts.config, { orm, mailer: ts.mailer, clock: ts.clock, logger, accountMail });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    idle: () => accountMail.idle(),
    async close() {
      await accountMail.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await orm.close();
    },
  };
}

/**
 * Lets a request that is NOT blocked finish first. Used only where the correct code blocks that request (so
 * the test cannot wait for it) and the faulty code lets it through; the assertion is on state, never on time.
 */
const chanceToOvertake = (request: Promise<unknown>) => Promise.race([request, sleep(500)]);

function signed(payload: string, timestamp?: number): Record<string, string> {
  return {
    'content-type': 'application/json',
    'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...(timestamp ? { timestamp } : {}) }),
  };
}

describe('subscriptions with Stripe', () => {
  let stripe: StripeStandIn;
  let ts: TestServer;
  let n = 0;
  const webhook = (payload: string, headers: Record<string, string>) =>
    new TestClient(ts.url).request('POST', '/api/stripe/webhook', { body: payload, headers });
  const user = (email: string) => ts.orm.em.fork().findOneOrFail(User, { email });
  /**
   * A signed-in user who opened the subscribe page for a tier: the subscription exists, nothing confirmed yet.
   * `afterTrial`: the card-free trial of their first sign-in is over first, so the subscription is paid from
   * today (a cancelled one then leaves no trial to fall back on).
   */
  async function checkout(email: string, tier: 'basic' | 'premium', options: { afterTrial?: boolean } = {}) {
    const client = await signIn(ts, email);
    if (options.afterTrial) await endTrialOf(email);
    const res = await client.post('/api/create-subscription', { tier });
    assert.equal(res.status, 200);
    return { client, subId: (await user(email)).stripeSubscriptionId!, secret: await json(res, createSubscriptionResponseSchema) };
  }

  /** The card-free trial ran out (as if its 14 days had passed). */
  async function endTrialOf(email: string) {
    await ts.orm.em
      .fork()
      .nativeUpdate(
        User,
        { email },
        { trialEndsAt: new Date(Date.now() - 60_000), subscriptionStatus: 'trial_ended', subscriptionTier: null },
      );
  }

  before(async () => {
    stripe = await startStripeStandIn({ prices: PRICES });
    ts = await startTestServer({ env: stripeEnv(stripe) });
  });
  after(async () => {
    await ts.close();
    await stripe.close();
  });
  beforeEach(() => {
    n += 1;
  });

  test('GET /api/config hands the browser the publishable key', async () => {
    assert.deepEqual(await json(await new TestClient(ts.url).get('/api/config'), publicConfigSchema), {
      stripePublishableKey: 'pk_test_dcbrief',
    });
  });

  test('create-subscription: 401 signed out, 400 for an unknown tier', async () => {
    assert.equal((await new TestClient(ts.url).post('/api/create-subscription', { tier: 'premium' })).status, 401);
    const client = await signIn(ts, `tiers${n}@example.com`);
    for (const body of [{ tier: 'gold' }, {}, { tier: 'premium', price: 1 }]) {
      const res = await client.post('/api/create-subscription', body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    assert.equal(stripe.calls('POST', '/v1/subscriptions').length, 0);
  });

  test("during the card-free trial: the trial's remaining days (trial_end), default_incomplete, saving the card, with idempotency keys", async () => {
    const email = `trial${n}@example.com`;
    const client = await signIn(ts, email);
    const before = stripe.calls('POST', '/v1/subscriptions').length;
    const res = await client.post('/api/create-subscription', { tier: 'premium' });
    assert.equal(res.status, 200);
    const body = await json(res, createSubscriptionResponseSchema);
    assert.equal(body.intentType, 'setup', 'a trial confirms a SetupIntent');
    assert.match(body.clientSecret, /^seti_\w+_secret_\w+$/);

    const customerCall = stripe.calls('POST', '/v1/customers').at(-1)!;
    assert.equal(customerCall.params.email, email);
    const u = await user(email);
    assert.equal(customerCall.idempotencyKey, `dcbrief-customer-${u.id}`);
    const created = stripe.calls('POST', '/v1/subscriptions').slice(before);
    assert.equal(created.length, 1);
    const params = created[0]!.params as Record<string, any>;
    assert.equal(params.customer, u.stripeCustomerId);
    assert.deepEqual(params.items, [{ price: 'price_premium_test' }]);
    assert.equal(
      params.trial_end,
      String(Math.floor(u.trialEndsAt!.getTime() / 1000)),
      "the subscription's trial ends with the free trial",
    );
    assert.equal(params.trial_period_days, undefined);
    assert.deepEqual(params.trial_settings, { end_behavior: { missing_payment_method: 'cancel' } });
    assert.equal(body.trialEnd, u.trialEndsAt!.toISOString(), 'the order summary gets the first charge date');
    assert.equal(params.payment_behavior, 'default_incomplete');
    assert.deepEqual(params.payment_settings, { save_default_payment_method: 'on_subscription' });
    assert.equal(created[0]!.idempotencyKey, `dcbrief-subscription-${u.id}-premium-after-none`);
    assert.equal(u.stripeSubscriptionId, stripe.subscriptions.get(u.stripeSubscriptionId!)?.id);
    // Opening the subscribe page changes nothing until the card is saved: the free trial goes on.
    const me = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(me.subscriptionStatus, 'trialing');
    assert.equal(me.subscriptionTier, 'basic');
  });

  test('a double click and a reload make one subscription and one customer', async () => {
    const client = await signIn(ts, `double${n}@example.com`);
    const subsBefore = stripe.calls('POST', '/v1/subscriptions').length;
    const custBefore = stripe.calls('POST', '/v1/customers').length;
    const [a, b] = await Promise.all([
      client.post('/api/create-subscription', { tier: 'basic' }),
      client.post('/api/create-subscription', { tier: 'basic' }),
    ]);
    const reload = await client.post('/api/create-subscription', { tier: 'basic' });
    const secrets = await Promise.all([a, b, reload].map((r) => json(r, createSubscriptionResponseSchema)));
    assert.equal(new Set(secrets.map((s) => s.clientSecret)).size, 1, 'the same payment secret every time');
    assert.equal(stripe.calls('POST', '/v1/subscriptions').length - subsBefore, 1);
    assert.equal(stripe.calls('POST', '/v1/customers').length - custBefore, 1);
  });

  test("switching plan before paying drops the other plan's subscription, so the button charges what it says", async () => {
    const email = `switch${n}@example.com`;
    const client = await signIn(ts, email);
    const premium = await json(await client.post('/api/create-subscription', { tier: 'premium' }), createSubscriptionResponseSchema);
    const premiumSub = (await user(email)).stripeSubscriptionId!;
    const basic = await json(await client.post('/api/create-subscription', { tier: 'basic' }), createSubscriptionResponseSchema);
    assert.notEqual(basic.clientSecret, premium.clientSecret);
    assert.equal(stripe.subscriptions.get(premiumSub)!.status, 'canceled');
    const u = await user(email);
    const basicSub = stripe.subscriptions.get(u.stripeSubscriptionId!)!;
    assert.equal((basicSub.items as any).data[0].price.id, 'price_basic_test');
    assert.equal(
      stripe.calls('POST', '/v1/subscriptions').at(-1)!.idempotencyKey,
      `dcbrief-subscription-${u.id}-basic-after-${premiumSub}`,
    );
    // And back again: a fresh subscription under a fresh idempotency key (the old key would replay the canceled one).
    await client.post('/api/create-subscription', { tier: 'premium' });
    const again = await user(email);
    assert.equal(
      stripe.calls('POST', '/v1/subscriptions').at(-1)!.idempotencyKey,
      `dcbrief-subscription-${again.id}-premium-after-${basicSub.id}`,
    );
    assert.notEqual(again.stripeSubscriptionId, premiumSub);
    assert.equal(stripe.subscriptions.get(again.stripeSubscriptionId!)!.status, 'trialing');
    assert.equal(stripe.calls('POST', '/v1/customers').filter((c) => c.params.email === email).length, 1, 'one customer throughout');
  });

  test('a signed webhook after the card is saved makes the user active premium and sends one welcome email', async () => {
    const email = `webhook${n}@example.com`;
    const { client, subId } = await checkout(email, 'premium');
    const sub = stripe.confirmSetup(subId);
    const payload = stripe.event('customer.subscription.updated', sub);
    const res = await webhook(payload, signed(payload));
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { received: true, duplicate: false });
    const me = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(me.subscriptionTier, 'premium');
    assert.equal(me.subscriptionStatus, 'active');
    const welcome = (await ts.mailFolder()).filter(
      (m) => m.subject === 'Welcome to DC Brief' && m.to && JSON.stringify(m.to).includes(email),
    );
    assert.equal(welcome.length, 1);
    assert.match(welcome[0]!.text ?? '', /free trial runs until/);

    // The same event again (Stripe retries): acknowledged, not processed twice.
    const replay = await webhook(payload, signed(payload));
    assert.equal(replay.status, 200);
    assert.deepEqual(await replay.json(), { received: true, duplicate: true });
    const another = stripe.event('invoice.paid', { ...(sub.latest_invoice as any) });
    await webhook(another, signed(another));
    assert.equal(
      (await ts.mailFolder()).filter((m) => m.subject === 'Welcome to DC Brief' && JSON.stringify(m.to).includes(email)).length,
      1,
      'welcome sent once',
    );
  });

  test('bad, tampered, stale or missing signatures: 400 and nothing changes', async () => {
    const email = `forged${n}@example.com`;
    const { client, subId } = await checkout(email, 'premium');
    const sub = stripe.confirmSetup(subId);
    const payload = stripe.event('customer.subscription.updated', sub);
    const eventsBefore = await ts.orm.em.fork().count(StripeEvent, {});

    const tampered = payload.replace('"livemode":false', '"livemode":true ');
    const stale = signed(payload, Math.floor(Date.now() / 1000) - 600);
    const cases: Array<[string, Record<string, string>]> = [
      [tampered, signed(payload)],
      [payload, stale],
      [payload, { 'content-type': 'application/json' }],
      [payload, { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' }],
    ];
    for (const [body, headers] of cases) {
      const res = await webhook(body, headers);
      assert.equal(res.status, 400);
      assert.match((await json(res, errorResponseSchema)).message, /signature/i);
    }
    assert.equal(await ts.orm.em.fork().count(StripeEvent, {}), eventsBefore);
    assert.equal((await user(email)).subscriptionStatus, 'trialing', 'still the free trial of the first sign-in');
  });

  test('two identical events at once: one is processed, one welcome email', async () => {
    const email = `twins${n}@example.com`;
    const { client, subId } = await checkout(email, 'basic');
    const sub = stripe.confirmSetup(subId);
    const payload = stripe.event('customer.subscription.updated', sub);
    const results = await Promise.all([webhook(payload, signed(payload)), webhook(payload, signed(payload))]);
    const bodies = await Promise.all(results.map((r) => r.json()));
    assert.deepEqual(
      results.map((r) => r.status),
      [200, 200],
    );
    assert.deepEqual(bodies.map((b) => b.duplicate).sort(), [false, true]);
    assert.equal(
      (await ts.mailFolder()).filter((m) => m.subject === 'Welcome to DC Brief' && JSON.stringify(m.to).includes(email)).length,
      1,
    );
    assert.equal((await user(email)).subscriptionTier, 'basic');
  });

  test('the same event at two servers at once: the stripe_events key lets one through, the other is a duplicate', async () => {
    const other = await secondServer(ts);
    try {
      const email = `twoservers${n}@example.com`;
      const { subId } = await checkout(email, 'basic');
      const sub = stripe.confirmSetup(subId);
      const payload = stripe.event('customer.subscription.updated', sub);
      // No process-local lock spans two servers. Hold both servers' Stripe reads until both have asked, so both
      // are past their "seen this event?" check before either writes: only the primary key can stop the second.
      const held = stripe.hold('GET', `/v1/subscriptions/${subId}`, 2);
      const responses = Promise.all([
        webhook(payload, signed(payload)),
        new TestClient(other.url).request('POST', '/api/stripe/webhook', { body: payload, headers: signed(payload) }),
      ]);
      await held.arrived;
      held.release();
      const results = await responses;
      assert.deepEqual(
        results.map((r) => r.status),
        [200, 200],
      );
      assert.deepEqual((await Promise.all(results.map((r) => r.json()))).map((b) => b.duplicate).sort(), [false, true]);
      assert.equal(await ts.orm.em.fork().count(StripeEvent, { id: JSON.parse(payload).id }), 1);
      await other.idle();
      assert.equal((await ts.mailFolder()).filter((m) => m.subject === 'Welcome to DC Brief' && recipient(m) === email).length, 1);
      assert.equal((await user(email)).subscriptionTier, 'basic');
    } finally {
      await other.close();
    }
  });

  test('an event for a customer we do not know is recorded and acknowledged without asking Stripe anything', async () => {
    const ghost = {
      id: `sub_ghost${n}`,
      object: 'subscription',
      customer: `cus_ghost${n}`,
      status: 'active',
      items: { object: 'list', data: [] },
    };
    const events = [
      stripe.event('customer.subscription.updated', ghost),
      stripe.event('invoice.payment_failed', { id: `in_ghost${n}`, object: 'invoice', customer: `cus_ghost${n}`, subscription: ghost.id }),
    ];
    const requestsBefore = stripe.requests.length;
    const mailsBefore = (await ts.mailFolder()).length;
    for (const payload of events) {
      const res = await webhook(payload, signed(payload));
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { received: true, duplicate: false });
      assert.ok(await ts.orm.em.fork().findOne(StripeEvent, { id: JSON.parse(payload).id }), 'the event is recorded');
    }
    assert.equal(stripe.requests.length, requestsBefore, 'no Stripe call for a stranger');
    assert.equal((await ts.mailFolder()).length, mailsBefore);
  });

  test('an event about a subscription Stripe no longer has: acknowledged (no retries for days) and the plan is gone', async () => {
    const email = `vanished${n}@example.com`;
    const { client, subId } = await checkout(email, 'premium', { afterTrial: true });
    const ok = stripe.event('customer.subscription.updated', stripe.confirmSetup(subId));
    await webhook(ok, signed(ok));
    const snapshot = structuredClone(stripe.subscriptions.get(subId)!);
    stripe.subscriptions.delete(subId); // e.g. its test customer or test clock was deleted
    const payload = stripe.event('customer.subscription.updated', snapshot);
    const res = await webhook(payload, signed(payload));
    assert.equal(res.status, 200);
    assert.ok(await ts.orm.em.fork().findOne(StripeEvent, { id: JSON.parse(payload).id }));
    const me = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(me.subscriptionStatus, 'canceled');
    assert.equal(me.subscriptionTier, null);
  });

  test("the tier follows the price's lookup key when the subscription is on a price we do not know by id", async () => {
    const email = `lookup${n}@example.com`;
    const { client, subId } = await checkout(email, 'basic');
    stripe.confirmSetup(subId);
    // The lookup key was moved to a new premium price (a price change) and the plan changed in the portal.
    const newPrice = {
      id: `price_premium_2027_${n}`,
      object: 'price',
      active: true,
      currency: 'usd',
      lookup_key: 'dcbrief_premium_monthly',
      unit_amount: 8900,
    };
    const sub = stripe.subscriptions.get(subId)!;
    (sub.items as { data: Array<{ price: unknown }> }).data[0]!.price = newPrice;
    const payload = stripe.event('customer.subscription.updated', sub);
    assert.equal((await webhook(payload, signed(payload))).status, 200);
    const me = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(me.subscriptionStatus, 'active');
    assert.equal(me.subscriptionTier, 'premium');
  });

  test('cancel, then subscribe again to the same tier: a new subscription (no trial the second time)', async () => {
    const email = `again${n}@example.com`;
    const { client, subId } = await checkout(email, 'premium', { afterTrial: true });
    const ok = stripe.event('customer.subscription.updated', stripe.confirmSetup(subId));
    await webhook(ok, signed(ok));
    // Cancelled in the customer portal: Stripe ends the subscription and says so.
    const deleted = stripe.event(
      'customer.subscription.deleted',
      stripe.update(subId, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) }),
    );
    await webhook(deleted, signed(deleted));
    assert.equal((await user(email)).subscriptionStatus, 'canceled');

    const res = await client.post('/api/create-subscription', { tier: 'premium' });
    assert.equal(res.status, 200, await res.clone().text());
    const body = await json(res, createSubscriptionResponseSchema);
    assert.equal(body.intentType, 'payment', 'the trial was used: money is due now');
    assert.equal(body.trialEnd, null);
    const u = await user(email);
    assert.notEqual(u.stripeSubscriptionId, subId);
    assert.equal(stripe.subscriptions.get(u.stripeSubscriptionId!)!.status, 'incomplete');
    // A reload of this attempt reuses it rather than making a second one.
    const subsBefore = stripe.calls('POST', '/v1/subscriptions').length;
    assert.equal(
      (await json(await client.post('/api/create-subscription', { tier: 'premium' }), createSubscriptionResponseSchema)).clientSecret,
      body.clientSecret,
    );
    assert.equal(stripe.calls('POST', '/v1/subscriptions').length, subsBefore);
  });

  test('a checkout abandoned and cancelled in Stripe: opening the page again makes a new subscription, not a replay of the dead one', async () => {
    const email = `abandoned${n}@example.com`;
    const { client, subId, secret } = await checkout(email, 'basic');
    stripe.update(subId, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
    const res = await client.post('/api/create-subscription', { tier: 'basic' });
    assert.equal(res.status, 200);
    const body = await json(res, createSubscriptionResponseSchema);
    assert.notEqual(body.clientSecret, secret.clientSecret);
    const u = await user(email);
    assert.notEqual(u.stripeSubscriptionId, subId);
    assert.equal(stripe.subscriptions.get(u.stripeSubscriptionId!)!.status, 'trialing');
  });

  test('refresh re-reads Stripe inside the customer\'s critical section: a "deleted" webhook meanwhile is not undone', async () => {
    const email = `race${n}@example.com`;
    const { client, subId } = await checkout(email, 'premium', { afterTrial: true });
    stripe.confirmSetup(subId);
    const held = stripe.hold('GET', `/v1/subscriptions/${subId}`);
    const refreshing = client.post('/api/billing/refresh', {});
    await held.arrived; // refresh has Stripe's answer of this moment: trialing with a card, i.e. active
    const deleted = stripe.event(
      'customer.subscription.deleted',
      stripe.update(subId, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) }),
    );
    const hook = webhook(deleted, signed(deleted));
    await chanceToOvertake(hook); // the webhook must wait for refresh, not apply "canceled" before refresh applies "active"
    held.release();
    assert.equal((await refreshing).status, 200);
    assert.equal((await hook).status, 200);
    const me = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(me.subscriptionStatus, 'canceled');
    assert.equal(me.subscriptionTier, null);
  });

  test('deleted, then a stale "updated" arriving late: the user stays canceled with no tier', async () => {
    const email = `late${n}@example.com`;
    const { client, subId } = await checkout(email, 'premium', { afterTrial: true });
    const activeSnapshot = structuredClone(stripe.confirmSetup(subId));
    const updated = stripe.event('customer.subscription.updated', activeSnapshot, { created: Math.floor(Date.now() / 1000) - 120 });
    const canceled = stripe.update(subId, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
    const deleted = stripe.event('customer.subscription.deleted', canceled);

    assert.equal((await webhook(deleted, signed(deleted))).status, 200);
    assert.equal((await webhook(updated, signed(updated))).status, 200);
    const me = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(me.subscriptionStatus, 'canceled');
    assert.equal(me.subscriptionTier, null);
  });

  test('payment failure: past_due with the tier kept, and an email to update the card', async () => {
    const email = `pastdue${n}@example.com`;
    const { client, subId } = await checkout(email, 'basic');
    const sub = stripe.confirmSetup(subId);
    const ok = stripe.event('customer.subscription.updated', sub);
    await webhook(ok, signed(ok));
    const failedInvoice = { ...(sub.latest_invoice as any), status: 'open' };
    stripe.update(subId, { status: 'past_due' });
    const failed = stripe.event('invoice.payment_failed', failedInvoice);
    assert.equal((await webhook(failed, signed(failed))).status, 200);
    const me = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(me.subscriptionStatus, 'past_due');
    assert.equal(me.subscriptionTier, 'basic');
    assert.ok(
      (await ts.mailFolder()).some(
        (m) => m.subject === 'Action needed: your DC Brief payment failed' && JSON.stringify(m.to).includes(email),
      ),
    );
  });

  test('trial ending: a reminder email', async () => {
    const email = `ending${n}@example.com`;
    const { client, subId } = await checkout(email, 'premium');
    const sub = stripe.confirmSetup(subId);
    const event = stripe.event('customer.subscription.trial_will_end', sub);
    assert.equal((await webhook(event, signed(event))).status, 200);
    assert.ok(
      (await ts.mailFolder()).some((m) => /^Your DC Brief trial ends/.test(m.subject ?? '') && JSON.stringify(m.to).includes(email)),
    );
  });

  test('after the payment page returns, refresh reads the state from Stripe before any webhook', async () => {
    const email = `return${n}@example.com`;
    const { client, subId } = await checkout(email, 'premium');
    stripe.confirmSetup(subId);
    const res = await client.post('/api/billing/refresh', {});
    assert.equal(res.status, 200);
    const me = await json(res, userSchema);
    assert.equal(me.subscriptionStatus, 'active');
    assert.equal(me.subscriptionTier, 'premium');
    // Now subscribed: another create is refused rather than double-charging.
    const again = await client.post('/api/create-subscription', { tier: 'basic' });
    assert.equal(again.status, 409);
    // The trial is one: cancelled during it, the user is back on its remaining days, and subscribing again
    // carries the same end, never a fresh trial.
    const firstTrialEnd = stripe.subscriptions.get(subId)!.trial_end;
    stripe.update(subId, { status: 'canceled' });
    const back = await json(await client.post('/api/billing/refresh', {}), userSchema);
    assert.equal(back.subscriptionStatus, 'trialing');
    const again2 = await json(await client.post('/api/create-subscription', { tier: 'basic' }), createSubscriptionResponseSchema);
    assert.equal(again2.intentType, 'setup');
    assert.equal(stripe.calls('POST', '/v1/subscriptions').at(-1)!.params.trial_end, String(firstTrialEnd));
    // Once the trial is over, a new subscription has no trial and asks for payment.
    stripe.update((await user(email)).stripeSubscriptionId!, { status: 'canceled' });
    await endTrialOf(email);
    await client.post('/api/billing/refresh', {});
    const paid = await json(await client.post('/api/create-subscription', { tier: 'basic' }), createSubscriptionResponseSchema);
    assert.equal(paid.intentType, 'payment');
    assert.equal(paid.trialEnd, null);
    assert.match(paid.clientSecret, /^pi_\w+_secret_\w+$/);
    const last = stripe.calls('POST', '/v1/subscriptions').at(-1)!.params;
    assert.equal(last.trial_period_days, undefined);
    assert.equal(last.trial_end, undefined);
  });

  test('the customer portal: a session URL for subscribers, a clear 400 for others', async () => {
    const fresh = await signIn(ts, `noportal${n}@example.com`);
    const none = await fresh.post('/api/billing/portal', {});
    assert.equal(none.status, 400);
    await fresh.post('/api/create-subscription', { tier: 'basic' });
    const res = await fresh.post('/api/billing/portal', {});
    assert.equal(res.status, 200);
    assert.match((await res.json()).url, /^https:\/\/billing\.stripe\.com\/p\/session\//);
    assert.equal(stripe.calls('POST', '/v1/billing_portal/sessions').at(-1)!.params.return_url, `${ts.config.publicUrl}/dashboard`);
  });
});

describe('billing emails go through the account emails outbox', () => {
  const SIGN_IN_SUBJECT = 'Your DC Brief sign-in link';
  let stripe: StripeStandIn;
  let ts: TestServer;
  let sink: SmtpSink;

  before(async () => {
    stripe = await startStripeStandIn({ prices: PRICES });
    sink = await startSmtpSink({ closeTimeoutMs: 100 });
    ts = await startTestServer({ env: stripeEnv(stripe, { SMTP_URL: sink.url }) });
  });
  after(async () => {
    await ts.close();
    await sink.close();
    await stripe.close();
  });

  /** Signs in with the link from the SMTP server (with SMTP_URL set, nothing goes to the mail folder). */
  async function signInBySmtp(email: string): Promise<TestClient> {
    const client = new TestClient(ts.url);
    assert.equal((await client.post('/api/login', { email })).status, 200);
    await ts.accountMail.idle();
    const mail = sink.messages.findLast((m) => recipient(m) === email && m.subject === SIGN_IN_SUBJECT)!;
    const confirm = await client.request('POST', '/api/login/verify', { form: { token: tokenFrom(mail) } });
    assert.equal(confirm.status, 303);
    return client;
  }

  test('with SMTP down for hours, the welcome and payment-failed emails are kept and sent once it is back; replayed events queue nothing', async () => {
    const email = 'smtp-down@example.com';
    const client = await signInBySmtp(email);
    assert.equal((await client.post('/api/create-subscription', { tier: 'basic' })).status, 200);
    const subId = (await ts.orm.em.fork().findOneOrFail(User, { email })).stripeSubscriptionId!;
    const sub = stripe.confirmSetup(subId);
    const port = Number(new URL(sink.url).port);
    await sink.close();

    const activated = stripe.event('customer.subscription.updated', sub);
    const failed = stripe.event('invoice.payment_failed', { ...(sub.latest_invoice as { id: string }), status: 'open' });
    // Stripe retries an event it thinks went unanswered: each is applied once, whatever the number of deliveries.
    const answers = [];
    for (const payload of [activated, failed, activated, failed]) {
      const res = await new TestClient(ts.url).request('POST', '/api/stripe/webhook', { body: payload, headers: signed(payload) });
      assert.equal(res.status, 200, 'a webhook is answered whether or not SMTP is up');
      answers.push((await res.json()).duplicate);
    }
    assert.deepEqual(answers, [false, false, true, true]);
    await ts.accountMail.idle();
    const owed = await ts.orm.em.fork().find(AccountMail, { recipient: email, kind: { $like: 'billing-%' } }, { orderBy: { kind: 'asc' } });
    assert.deepEqual(
      owed.map((r) => [r.kind, r.state, r.attempts]),
      [
        ['billing-payment-failed', 'pending', 1],
        ['billing-welcome', 'pending', 1],
      ],
      'kept for a retry, once each',
    );
    assert.match(owed[0]!.lastError ?? '', /ECONNREFUSED/);
    // Hours of outage, past the five attempts a sign-in link gets: a billing email is still kept.
    for (let hour = 0; hour < 6; hour++) {
      ts.clock.advance(60 * 60_000);
      await ts.accountMail.sendDue();
    }
    const later = await ts.orm.em.fork().find(AccountMail, { recipient: email, kind: { $like: 'billing-%' } });
    assert.deepEqual(
      later.map((r) => [r.state, r.attempts]),
      [
        ['pending', 7],
        ['pending', 7],
      ],
    );

    // The mail server is back where it was; the outbox's next pass once the backoff (an hour by now) is over sends them.
    sink = await startSmtpSink({ port, closeTimeoutMs: 100 });
    ts.clock.advance(60 * 60_000);
    await ts.accountMail.sendDue();
    await ts.accountMail.sendDue();
    const billing = sink.messages.filter((m) => recipient(m) === email && m.subject !== SIGN_IN_SUBJECT);
    assert.deepEqual(billing.map((m) => m.subject).sort(), ['Action needed: your DC Brief payment failed', 'Welcome to DC Brief']);
    assert.match(
      billing.find((m) => m.subject === 'Welcome to DC Brief')!.text ?? '',
      /subscribed to Essential\. Your free trial runs until /,
    );
  });
});

describe('payments not configured', () => {
  test('create-subscription answers 503 with a clear message and the config has no key', async () => {
    const ts = await startTestServer();
    try {
      const client = await signIn(ts, 'nostripe@example.com');
      const res = await client.post('/api/create-subscription', { tier: 'premium' });
      assert.equal(res.status, 503);
      assert.match((await json(res, errorResponseSchema)).message, /Payments are not available/);
      assert.deepEqual(await json(await client.get('/api/config'), publicConfigSchema), { stripePublishableKey: null });
      const hook = await new TestClient(ts.url).request('POST', '/api/stripe/webhook', {
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(hook.status, 503);
    } finally {
      await ts.close();
    }
  });

  test('a publishable key without the secret key is not handed out: the browser is told payments are unavailable', async () => {
    const ts = await startTestServer({ env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_half_configured' } });
    try {
      assert.deepEqual(await json(await new TestClient(ts.url).get('/api/config'), publicConfigSchema), { stripePublishableKey: null });
    } finally {
      await ts.close();
    }
  });

  test('a missing price is a 503, found by lookup key otherwise', async () => {
    const stripe = await startStripeStandIn({ prices: [PRICES[0]!] });
    const ts = await startTestServer({ env: stripeEnv(stripe) });
    try {
      const client = await signIn(ts, 'noprice@example.com');
      const res = await client.post('/api/create-subscription', { tier: 'premium' });
      assert.equal(res.status, 503);
      assert.equal(stripe.calls('POST', '/v1/subscriptions').length, 0);
      assert.deepEqual(stripe.calls('GET', '/v1/prices')[0]!.params.lookup_keys, ['dcbrief_basic_monthly', 'dcbrief_premium_monthly']);
    } finally {
      await ts.close();
      await stripe.close();
    }
  });

  test('prices from STRIPE_PRICE_* need no lookup', async () => {
    const stripe = await startStripeStandIn({ prices: PRICES });
    const ts = await startTestServer({
      env: stripeEnv(stripe, { STRIPE_PRICE_BASIC: 'price_basic_test', STRIPE_PRICE_PREMIUM: 'price_premium_test' }),
    });
    try {
      const client = await signIn(ts, 'configured@example.com');
      assert.equal((await client.post('/api/create-subscription', { tier: 'basic' })).status, 200);
      assert.equal(stripe.calls('GET', '/v1/prices').length, 0);
    } finally {
      await ts.close();
      await stripe.close();
    }
  });
});

describe('Stripe failures reach the browser as 502/503 with words a person can act on', () => {
  async function withServer(
    options: { revokedKeys?: string[]; env?: Record<string, string> },
    run: (ts: TestServer, stripe: StripeStandIn) => Promise<void>,
  ) {
    const stripe = await startStripeStandIn({ prices: PRICES, revokedKeys: options.revokedKeys });
    const ts = await startTestServer({ env: stripeEnv(stripe, options.env) });
    try {
      await run(ts, stripe);
    } finally {
      await ts.close();
      await stripe.close();
    }
  }

  test("a revoked secret key: 503, not Stripe's 401 (which the page would take for a lost session)", async () => {
    await withServer({ revokedKeys: ['sk_test_revoked'], env: { STRIPE_SECRET_KEY: 'sk_test_revoked' } }, async (ts) => {
      const client = await signIn(ts, 'revoked@example.com');
      const res = await client.post('/api/create-subscription', { tier: 'premium' });
      assert.equal(res.status, 503);
      assert.match((await json(res, errorResponseSchema)).message, /Payments are not available right now/);
      assert.equal((await client.get('/api/auth/user')).status, 200, 'still signed in');
    });
  });

  test('a configured price Stripe does not have: the clear 503, and nothing is created', async () => {
    await withServer({ env: { STRIPE_PRICE_BASIC: 'price_basic_test', STRIPE_PRICE_PREMIUM: 'price_typo' } }, async (ts, stripe) => {
      const client = await signIn(ts, 'typo@example.com');
      const res = await client.post('/api/create-subscription', { tier: 'premium' });
      assert.equal(res.status, 503);
      assert.match((await json(res, errorResponseSchema)).message, /Payments are not available right now/);
      assert.equal(stripe.calls('POST', '/v1/subscriptions').length, 0);
    });
  });

  test('a price Stripe refuses when the subscription is created (archived since): the same 503', async () => {
    await withServer({}, async (ts, stripe) => {
      const client = await signIn(ts, 'archived@example.com');
      stripe.failNext('POST', '/v1/subscriptions', {
        status: 400,
        type: 'invalid_request_error',
        message: 'The price specified is inactive. This field only accepts active prices.',
        param: 'items[0][price]',
      });
      const res = await client.post('/api/create-subscription', { tier: 'basic' });
      assert.equal(res.status, 503);
      assert.match((await json(res, errorResponseSchema)).message, /Payments are not available right now/);
    });
  });

  test("rate limited: 503; an idempotency conflict: 502; never Stripe's status or words", async () => {
    await withServer({}, async (ts, stripe) => {
      const client = await signIn(ts, 'busy@example.com');
      stripe.failNext('POST', '/v1/subscriptions', {
        status: 429,
        type: 'invalid_request_error',
        code: 'rate_limit',
        message: 'Too many requests',
        headers: { 'stripe-should-retry': 'false' },
      });
      const limited = await client.post('/api/create-subscription', { tier: 'basic' });
      assert.equal(limited.status, 503);
      assert.match((await json(limited, errorResponseSchema)).message, /try again/i);
      stripe.failNext('POST', '/v1/subscriptions', {
        status: 400,
        type: 'idempotency_error',
        message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      });
      const conflict = await client.post('/api/create-subscription', { tier: 'basic' });
      assert.equal(conflict.status, 502);
      const message = (await json(conflict, errorResponseSchema)).message;
      assert.match(message, /try again/i);
      assert.doesNotMatch(message, /idempotent/i);
    });
  });

  test('Stripe unreachable: 503 for the page; a webhook that cannot re-read answers 503 so Stripe retries', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await startTestServer({ env: stripeEnv({ url: `http://127.0.0.1:${deadPort}` }) });
    try {
      const client = await signIn(unreachable, 'offline@example.com');
      const res = await client.post('/api/create-subscription', { tier: 'basic' });
      assert.equal(res.status, 503);
      assert.match((await json(res, errorResponseSchema)).message, /could not reach our payment provider/i);

      const em = unreachable.orm.em.fork();
      const known = await em.findOneOrFail(User, { email: 'offline@example.com' });
      known.stripeCustomerId = 'cus_offline';
      await em.flush();
      const payload = JSON.stringify({
        id: 'evt_offline',
        object: 'event',
        created: Math.floor(Date.now() / 1000),
        type: 'customer.subscription.updated',
        data: { object: { id: 'sub_offline', object: 'subscription', customer: 'cus_offline' } },
      });
      const hook = await new TestClient(unreachable.url).request('POST', '/api/stripe/webhook', {
        body: payload,
        headers: signed(payload),
      });
      assert.equal(hook.status, 503);
      assert.equal(await unreachable.orm.em.fork().count(StripeEvent, { id: 'evt_offline' }), 0, 'not recorded: the retry will apply it');
    } finally {
      await unreachable.close();
    }
  });
});

describe('two servers on one PostgreSQL database', { skip: skipWithoutPostgres() }, () => {
  let pg: TempPostgres;
  let stripe: StripeStandIn;
  let a: TestServer;
  let b: Awaited<ReturnType<typeof secondServer>>;
  const hook = (url: string, payload: string) =>
    new TestClient(url).request('POST', '/api/stripe/webhook', { body: payload, headers: signed(payload) });
  /** `afterTrial`: the card-free trial is over first, so a cancelled subscription leaves no trial to fall back on. */
  async function confirmedCheckout(email: string, { afterTrial = false } = {}) {
    const client = await signIn(a, email);
    if (afterTrial) {
      await a.orm.em
        .fork()
        .nativeUpdate(
          User,
          { email },
          { trialEndsAt: new Date(Date.now() - 60_000), subscriptionStatus: 'trial_ended', subscriptionTier: null },
        );
    }
    assert.equal((await client.post('/api/create-subscription', { tier: 'premium' })).status, 200);
    const subId = (await a.orm.em.fork().findOneOrFail(User, { email })).stripeSubscriptionId!;
    return { client, subId, sub: stripe.confirmSetup(subId) };
  }

  before(async () => {
    pg = (await startTempPostgres())!;
    stripe = await startStripeStandIn({ prices: PRICES });
    a = await startTestServer({ env: { ...stripeEnv(stripe), DATABASE_URL: pg.url } });
    b = await secondServer(a);
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await stripe?.close();
    await pg?.stop();
  });

  test('refresh at one server holds the user row across its Stripe read: a "deleted" webhook at the other waits, then wins', async () => {
    const email = 'pg-race@example.com';
    const { client, subId } = await confirmedCheckout(email, { afterTrial: true });
    const held = stripe.hold('GET', `/v1/subscriptions/${subId}`);
    const refreshing = client.post('/api/billing/refresh', {});
    await held.arrived;
    const deleted = stripe.event(
      'customer.subscription.deleted',
      stripe.update(subId, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) }),
    );
    const webhookAtB = hook(b.url, deleted);
    await chanceToOvertake(webhookAtB);
    held.release();
    assert.equal((await refreshing).status, 200);
    assert.equal((await webhookAtB).status, 200);
    const me = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(me.subscriptionStatus, 'canceled');
    assert.equal(me.subscriptionTier, null);
  });

  test('the same event at both servers: one applies it, the other answers duplicate; one welcome email', async () => {
    const email = 'pg-twins@example.com';
    const { sub } = await confirmedCheckout(email);
    const payload = stripe.event('customer.subscription.updated', sub);
    const held = stripe.hold('GET', `/v1/subscriptions/${sub.id}`);
    const atA = hook(a.url, payload);
    await held.arrived; // A holds the user's row and has not written the event yet
    const atB = hook(b.url, payload);
    await chanceToOvertake(atB);
    held.release();
    const results = await Promise.all([atA, atB]);
    assert.deepEqual(
      results.map((r) => r.status),
      [200, 200],
    );
    assert.deepEqual(
      (await Promise.all(results.map((r) => r.json()))).map((r) => r.duplicate),
      [false, true],
    );
    await b.idle();
    assert.equal((await a.mailFolder()).filter((m) => m.subject === 'Welcome to DC Brief' && recipient(m) === email).length, 1);
  });
});
