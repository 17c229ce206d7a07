import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import Stripe from 'stripe';
import { createSubscriptionResponseSchema, TRIAL_DAYS, TRIAL_REMINDER_DAYS, userSchema } from '@dcbrief/shared';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { runDeliveryPass } from '../src/delivery/pass.js';
import { WaitlistEntry } from '../src/modules/waitlist/waitlist.entity.js';
import { TrialClaim } from '../src/modules/users/trial-claim.entity.js';
import { User } from '../src/modules/users/user.entity.js';
import { json, TestClient } from './support/client.js';
import { cliEnv, startTestServer, type TestServer } from './support/harness.js';
import { runCli } from './support/run-cli.js';
import { startStripeStandIn, TEST_PRICES, type StripeStandIn } from './support/stripe-stand-in.js';
import { recipient, signIn } from './support/users.js';
import { deliveryDeps, editionOf } from './delivery/fixtures.js';

const DAY = 86_400_000;
const WEBHOOK_SECRET = 'whsec_test_dcbrief_trial';
const PRICES = TEST_PRICES;
// Sunday 22 November 2026, 05:00 UTC: the next 06:00 is a Sunday (daily), the one after a Monday (weekly).
const START = new Date('2026-11-22T05:00:00Z');

/**
 * The free trial the landing page promises ("Start Free Trial · No credit card required", docs/decisions/008):
 * a first sign-in starts it, digests arrive during it, a card keeps its days, a reminder comes once, its end
 * stops delivery and charges nothing, and an address has one trial, also after its account is deleted.
 */
describe('the card-free trial', () => {
  let stripe: StripeStandIn;
  let ts: TestServer;
  let n = 0;
  const user = (email: string) => ts.orm.em.fork().findOneOrFail(User, { email });
  const me = async (client: TestClient) => json(await client.get('/api/auth/user'), userSchema);
  const mailsTo = async (email: string) => (await ts.mailFolder()).filter((m) => recipient(m) === email);
  const deps = () => deliveryDeps(ts, editionOf());
  const pass = (at: Date) => {
    ts.clock.set(at);
    return runDeliveryPass(deps(), at);
  };
  const rows = async (email: string) =>
    ts.orm.em.fork().find(Delivery, { user: { email } }, { orderBy: { scheduledFor: 'asc' }, populate: ['user'] });

  before(async () => {
    // Stripe's clock follows the test's, as a Stripe test clock would: trial_end is judged against it.
    const clock = { now: () => (ts ? ts.clock.now() : START) };
    stripe = await startStripeStandIn({ prices: PRICES, clock });
    ts = await startTestServer({
      now: START,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_dcbrief',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_dcbrief',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        DELIVERY_CATCH_UP_HOURS: '1',
      },
    });
  });
  after(async () => {
    await ts.close();
    await stripe.close();
  });
  beforeEach(() => {
    n += 1;
    ts.clock.set(START);
  });

  test(`a first sign-in starts ${TRIAL_DAYS} days of Essential with no card, shown as trialing`, async () => {
    const email = `new${n}@trial.example`;
    const customersBefore = stripe.calls('POST', '/v1/customers').length;
    const client = await signIn(ts, email);
    const body = await me(client);
    assert.equal(body.subscriptionStatus, 'trialing');
    assert.equal(body.subscriptionTier, 'basic');
    assert.equal(body.trialEndsAt, new Date(START.getTime() + TRIAL_DAYS * DAY).toISOString());
    assert.equal(body.nextChargeAt, null, 'nothing will be charged');
    assert.equal(stripe.calls('POST', '/v1/customers').length, customersBefore, 'no card, no Stripe customer');
    // Signing in again later is not a first sign-in: the trial does not start over.
    ts.clock.set(new Date(START.getTime() + 2 * DAY));
    const again = await me(await signIn(ts, email));
    assert.equal(again.trialEndsAt, body.trialEndsAt);
  });

  test('an accepted invitation (SIGNUP_MODE=invite) starts the trial too; the address is stored only as a hash', async () => {
    const invited = await startTestServer({ now: START, env: { SIGNUP_MODE: 'invite' } });
    try {
      const email = 'invited@trial.example';
      const em = invited.orm.em.fork();
      em.persist(
        em.create(WaitlistEntry, {
          email,
          firstName: 'Ines',
          lastName: 'Costa',
          phoneNumber: '+351 21 000 0000',
          invitedAt: START,
          createdAt: START,
        }),
      );
      await em.flush();
      const body = await me(await signIn(invited, email));
      assert.equal(body.subscriptionStatus, 'trialing');
      assert.equal(body.firstName, 'Ines');
      const claims = await invited.orm.em.fork().find(TrialClaim, {});
      assert.equal(claims.length, 1);
      assert.match(claims[0]!.emailHash, /^[0-9a-f]{64}$/);
      assert.ok(!JSON.stringify(claims).includes('invited'), 'no address in the claims');
    } finally {
      await invited.close();
    }
  });

  test('trial subscribers receive the daily brief and the weekly summary', async () => {
    const email = `digests${n}@trial.example`;
    await signIn(ts, email);
    await pass(new Date('2026-11-22T06:05:00Z')); // Sunday: the daily
    await pass(new Date('2026-11-23T06:05:00Z')); // Monday: the weekly
    const sent = (await rows(email)).map((r) => [r.kind, r.state]);
    assert.deepEqual(sent, [
      ['daily', 'sent'],
      ['weekly', 'sent'],
    ]);
    assert.equal((await mailsTo(email)).filter((m) => m.headers.get('x-dcbrief-delivery')).length, 2);
  });

  test('a card saved during the trial keeps its remaining days: trial_end is the trial end, nothing is charged before it', async () => {
    const email = `convert${n}@trial.example`;
    const client = await signIn(ts, email);
    const trialEndsAt = (await user(email)).trialEndsAt!;
    ts.clock.set(new Date(START.getTime() + 4 * DAY)); // 10 days left
    const res = await client.post('/api/create-subscription', { tier: 'premium' });
    assert.equal(res.status, 200, await res.clone().text());
    const secret = await json(res, createSubscriptionResponseSchema);
    assert.equal(secret.intentType, 'setup', 'nothing to pay today: the card is saved for later');
    assert.equal(secret.trialEnd, trialEndsAt.toISOString());
    const params = stripe.calls('POST', '/v1/subscriptions').at(-1)!.params;
    assert.equal(params.trial_end, String(trialEndsAt.getTime() / 1000));
    assert.equal(params.trial_period_days, undefined, 'no fresh trial on top of the remaining days');

    const subId = (await user(email)).stripeSubscriptionId!;
    stripe.confirmSetup(subId);
    const after = await json(await client.post('/api/billing/refresh', {}), userSchema);
    assert.equal(after.subscriptionStatus, 'active');
    assert.equal(after.subscriptionTier, 'premium');
    assert.equal(after.trialEndsAt, trialEndsAt.toISOString());
    assert.equal(after.nextChargeAt, trialEndsAt.toISOString(), 'the first charge falls when the free trial would have ended');
    assert.equal((stripe.subscriptions.get(subId)!.latest_invoice as { amount_due: number }).amount_due, 0);

    // The card-free reminder is not theirs any more (Stripe's trial_will_end tells them the card will be charged).
    await pass(new Date(trialEndsAt.getTime() - TRIAL_REMINDER_DAYS * DAY + 60_000));
    assert.equal((await rows(email)).filter((r) => r.kind === 'trial-ending').length, 0);
    assert.equal((await mailsTo(email)).filter((m) => /free trial ends/.test(m.subject ?? '')).length, 0);
  });

  test("Stripe's trial_will_end for a checkout left open during the trial does not say a card will be charged", async () => {
    const email = `open${n}@trial.example`;
    const client = await signIn(ts, email);
    assert.equal((await client.post('/api/create-subscription', { tier: 'premium' })).status, 200);
    const sub = stripe.subscriptions.get((await user(email)).stripeSubscriptionId!)!;
    const payload = stripe.event('customer.subscription.trial_will_end', sub);
    const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await new TestClient(ts.url).request('POST', '/api/stripe/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    assert.equal(res.status, 200);
    assert.equal((await mailsTo(email)).filter((m) => /trial ends/.test(m.subject ?? '')).length, 0);
    assert.equal((await me(client)).subscriptionStatus, 'trialing', 'the open checkout took nothing away');
  });

  test(`${TRIAL_REMINDER_DAYS} days before the end one reminder says what happens and links to /subscribe, once`, async () => {
    const email = `remind${n}@trial.example`;
    await signIn(ts, email);
    const endsAt = (await user(email)).trialEndsAt!;
    const remindAt = endsAt.getTime() - TRIAL_REMINDER_DAYS * DAY;
    const reminders = async () => (await mailsTo(email)).filter((m) => /free trial ends/.test(m.subject ?? ''));

    await pass(new Date(remindAt - 60_000));
    assert.equal((await reminders()).length, 0, 'not before its day');
    // Two servers' passes at once, then later passes: one row, one email.
    ts.clock.set(new Date(remindAt + 60_000));
    await Promise.all([runDeliveryPass(deps(), ts.clock.now()), runDeliveryPass(deps(), ts.clock.now())]);
    await pass(new Date(remindAt + 3_600_000));
    await pass(new Date(remindAt + DAY));
    const got = await reminders();
    assert.equal(got.length, 1);
    const text = got[0]!.text ?? '';
    assert.match(text, /digests? stop|brief and weekly summary stop/);
    assert.match(text, /Nothing will be charged/);
    assert.match(text, new RegExp(`${ts.config.publicUrl.replace(/[.:/]/g, '\\$&')}/subscribe`));
    const noticeRows = (await rows(email)).filter((r) => r.kind === 'trial-ending');
    assert.equal(noticeRows.length, 1);
    assert.equal(noticeRows[0]!.state, 'sent');
    assert.equal(got[0]!.messageId, noticeRows[0]!.messageId, "the outbox row's Message-ID, stable across retries");
  });

  test('at the end delivery stops, nothing is charged, and the account says the trial ended', async () => {
    const email = `ended${n}@trial.example`;
    const client = await signIn(ts, email);
    const endsAt = (await user(email)).trialEndsAt!;
    const subscriptionsBefore = stripe.calls('POST', '/v1/subscriptions').length;
    ts.clock.set(new Date(endsAt.getTime() + 60_000));
    const body = await me(client);
    assert.equal(body.subscriptionStatus, 'trial_ended');
    assert.equal(body.subscriptionTier, null);
    assert.equal(body.nextChargeAt, null);
    const before = (await rows(email)).length;
    // The next mornings: no digest is planned or sent.
    const nextMorning = new Date(Math.ceil(endsAt.getTime() / DAY) * DAY + 6 * 3_600_000 + 5 * 60_000);
    await pass(nextMorning);
    await pass(new Date(nextMorning.getTime() + DAY));
    assert.equal((await rows(email)).filter((r) => r.kind !== 'trial-ending').length - before, 0);
    assert.equal(stripe.calls('POST', '/v1/subscriptions').length, subscriptionsBefore, 'no charge: Stripe is never asked');
  });

  test('a trial ended by a pass (nobody signed in) stops delivery the same way', async () => {
    const email = `quiet${n}@trial.example`;
    await signIn(ts, email);
    const endsAt = (await user(email)).trialEndsAt!;
    const summary = await pass(new Date(endsAt.getTime() + 60_000));
    assert.ok(summary.trials.ended >= 1);
    assert.equal((await user(email)).subscriptionStatus, 'trial_ended');
  });

  test('one trial per address: after the account is deleted, signing up again starts none and a plan is paid today', async () => {
    const email = `Ana.Silva+dc${n}@gmail.com`;
    await signIn(ts, email);
    assert.equal((await user(email.toLowerCase())).subscriptionStatus, 'trialing');
    const env = cliEnv(ts);
    const deleted = await runCli('admin.ts', ['delete-user', email], env);
    assert.equal(deleted.status, 0, deleted.stderr);
    assert.match(deleted.stdout, /no second free trial/);
    assert.equal(await ts.orm.em.fork().count(User, { email: email.toLowerCase() }), 0);

    // The same address again, and the same Gmail mailbox written another way.
    for (const address of [email, `anasilva@googlemail.com`]) {
      const client = await signIn(ts, address);
      const body = await me(client);
      assert.equal(body.subscriptionStatus, 'inactive', address);
      assert.equal(body.trialEndsAt, null);
      if (address !== email) continue;
      const secret = await json(await client.post('/api/create-subscription', { tier: 'basic' }), createSubscriptionResponseSchema);
      assert.equal(secret.intentType, 'payment', 'no trial: the first month is paid today');
      assert.equal(secret.trialEnd, null);
      const params = stripe.calls('POST', '/v1/subscriptions').at(-1)!.params;
      assert.equal(params.trial_end, undefined);
      assert.equal(params.trial_period_days, undefined);
    }
  });
});

describe('the Stripe stand-in models trial_end as Stripe does', () => {
  test('trial_end in the past, or with trial_period_days, is refused; in the future it sets the trial', async () => {
    const stripe = await startStripeStandIn({ prices: PRICES });
    try {
      const sdk = new Stripe('sk_test_standin', { host: '127.0.0.1', port: Number(new URL(stripe.url).port), protocol: 'http' });
      const customer = await sdk.customers.create({ email: 'x@trial.example' });
      const items = [{ price: 'price_basic_test' }];
      const now = Math.floor(Date.now() / 1000);
      await assert.rejects(sdk.subscriptions.create({ customer: customer.id, items, trial_end: now - 10 }), /in the future/);
      await assert.rejects(
        sdk.subscriptions.create({ customer: customer.id, items, trial_end: now + DAY / 1000, trial_period_days: 3 }),
        /both trial_end and trial_period_days/,
      );
      const sub = await sdk.subscriptions.create({ customer: customer.id, items, trial_end: now + DAY / 1000 });
      assert.equal(sub.status, 'trialing');
      assert.equal(sub.trial_end, now + DAY / 1000);
      assert.equal(sub.items.data[0]!.current_period_end, now + DAY / 1000);
    } finally {
      await stripe.close();
    }
  });
});
