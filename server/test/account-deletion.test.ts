import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deleteAccountResponseSchema, errorResponseSchema, userSchema } from '@dcbrief/shared';
import { AudioEpisode, AudioFeed, DigestEpisode } from '../src/audio/audio.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { AccountMail } from '../src/modules/account-mail/account-mail.entity.js';
import { LoginToken } from '../src/modules/auth/login-token.entity.js';
import { Digest } from '../src/modules/digests/digest.entity.js';
import { Feedback } from '../src/modules/feedback/feedback.entity.js';
import { Session } from '../src/modules/sessions/session.entity.js';
import { TrialClaim } from '../src/modules/users/trial-claim.entity.js';
import { User } from '../src/modules/users/user.entity.js';
import { WaitlistDraft, WaitlistEntry } from '../src/modules/waitlist/waitlist.entity.js';
import { json, TestClient } from './support/client.js';
import { addDigests } from './support/fixtures.js';
import { cliEnv, startTestServer, type TestServer } from './support/harness.js';
import { runCli } from './support/run-cli.js';
import { startStripeStandIn, TEST_PRICES, type StripeStandIn } from './support/stripe-stand-in.js';
import { signIn } from './support/users.js';

const PRICES = TEST_PRICES;

/**
 * "Delete account" (docs/decisions/117): the Stripe subscription is cancelled through the product's Stripe client
 * (the stand-in here), the account's data goes in one transaction, every session ends, the trial claim stays.
 */
describe('deleting an account', () => {
  let stripe: StripeStandIn;
  let ts: TestServer;
  const em = () => ts.orm.em.fork();
  const user = (email: string) => em().findOne(User, { email });

  before(async () => {
    stripe = await startStripeStandIn({ prices: PRICES });
    ts = await startTestServer({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_dcbrief',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_dcbrief',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_delete',
        STRIPE_API_BASE: stripe.url,
      },
    });
  });
  after(async () => {
    await ts.close();
    await stripe.close();
  });

  /** A paying Premium subscriber with a bit of everything: digests, a rating, an episode, a podcast feed, a waitlist entry and draft, two sessions. */
  async function payingSubscriber(email: string) {
    const phone = await signIn(ts, email);
    const laptop = await signIn(ts, email);
    // The waitlist entry from before the account, and a draft typed in this session.
    const joined = await new TestClient(ts.url).post('/api/waitlist', {
      email,
      firstName: 'Ana',
      lastName: 'Silva',
      phoneNumber: '+351 910 000 000',
    });
    assert.ok(joined.status < 300, `waitlist: ${joined.status}`);
    const draft = await laptop.put('/api/waitlist/draft', { email, firstName: 'Ana', lastName: '', phoneNumber: '' });
    assert.ok(draft.status < 300, `draft: ${draft.status}`);
    // Checkout on the subscribe page, the card confirmed in Stripe, the page's refresh.
    assert.equal((await laptop.post('/api/create-subscription', { tier: 'premium' })).status, 200);
    const subId = (await user(email))!.stripeSubscriptionId!;
    stripe.confirmSetup(subId);
    const me = await json(await laptop.post('/api/billing/refresh', {}), userSchema);
    assert.deepEqual([me.subscriptionTier, me.subscriptionStatus], ['premium', 'active']);

    const [digest] = await addDigests(ts.orm, email, ['2026-11-21']);
    const rating = await laptop.post('/api/feedback', { digestId: digest!.id, rating: 5 });
    assert.ok(rating.status < 300, `rating: ${rating.status}`);
    const e = em();
    const owner = await e.findOneOrFail(User, { email });
    const episode = e.create(AudioEpisode, {
      content: digest!.content!.id,
      presetKey: `professional-1.0-${email}`,
      state: 'ready',
      nextAttemptAt: new Date(),
      chapters: [],
    } as never);
    e.create(DigestEpisode, { digest: digest!.id, episode, positionSec: 42 } as never);
    e.create(AudioFeed, { user: owner, tokenHash: `feed-${email}`.padEnd(64, '0').slice(0, 64) } as never);
    e.create(Delivery, {
      user: owner,
      kind: 'daily',
      editionDate: '2026-11-22',
      scheduledFor: new Date('2026-11-22T06:00:00Z'),
      messageId: `<${email}@test>`,
      nextAttemptAt: new Date('2026-11-22T06:00:00Z'),
    } as never);
    await e.flush();
    return { phone, laptop, subId, owner, digest: digest!, episodeId: (episode as AudioEpisode).id };
  }

  async function leftOf(userId: string, email: string) {
    const e = em();
    return {
      users: await e.count(User, { id: userId }),
      sessions: await e.count(Session, { userId }),
      digests: await e.count(Digest, { user: userId }),
      deliveries: await e.count(Delivery, { user: userId }),
      feedback: await e.count(Feedback, { user: userId }),
      episodeLinks: await e.count(DigestEpisode, { digest: { user: userId } }),
      feeds: await e.count(AudioFeed, { user: userId }),
      waitlist: await e.count(WaitlistEntry, { email }),
      drafts: await e.count(WaitlistDraft, { email }),
      loginTokens: await e.count(LoginToken, { email }),
      accountMails: await e.count(AccountMail, { recipient: email }),
    };
  }

  test('a subscriber deletes their account: Stripe cancelled, every row of theirs gone, every session ended, the trial claim kept', async () => {
    const email = 'leaving@dc-ops.example';
    const other = 'staying@dc-ops.example';
    const { phone, laptop, subId, owner, episodeId } = await payingSubscriber(email);
    await signIn(ts, other);
    const [otherDigest] = await addDigests(ts.orm, other, ['2026-11-21']);
    const before = await leftOf(owner.id, email);
    assert.ok(
      Object.values(before).every((n) => n > 0),
      JSON.stringify(before),
    );

    // Not without saying so: an empty or other body is refused, nothing deleted.
    for (const body of [{}, { confirm: false }, { confirm: 'yes' }, { confirm: true, also: 1 }]) {
      const refused = await laptop.post('/api/account/delete', body);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.ok((await json(refused, errorResponseSchema)).message);
    }
    assert.equal(await new TestClient(ts.url).post('/api/account/delete', { confirm: true }).then((r) => r.status), 401);
    assert.deepEqual(await leftOf(owner.id, email), before);

    const res = await laptop.post('/api/account/delete', { confirm: true });
    assert.equal(res.status, 200);
    assert.match((await json(res, deleteAccountResponseSchema)).message, /Your account is deleted/);

    // Stripe: the subscription cancelled at once, through the product's client.
    assert.equal(stripe.subscriptions.get(subId)!.status, 'canceled');
    assert.equal(stripe.calls('DELETE', `/v1/subscriptions/${subId}`).length, 1);
    // And the Stripe customer is deleted: the name, email and saved card leave Stripe too.
    const customerId = String(stripe.subscriptions.get(subId)!.customer);
    assert.deepEqual(stripe.customers.get(customerId), { id: customerId, object: 'customer', deleted: true });
    // Every row of theirs is gone; the shared episode stays (other subscribers may have it), the other user untouched.
    assert.deepEqual(await leftOf(owner.id, email), Object.fromEntries(Object.keys(before).map((k) => [k, 0])));
    assert.equal(await em().count(AudioEpisode, { id: episodeId }), 1);
    assert.equal(await em().count(Digest, { id: otherDigest!.id }), 1);
    assert.equal(await em().count(User, { email: other }), 1);
    assert.equal(await em().count(TrialClaim, {}), 2, 'both addresses keep their claim');
    // Signed out everywhere.
    for (const client of [phone, laptop]) assert.equal((await client.get('/api/auth/user')).status, 401);

    // The same address again: a new account, inactive, no second trial.
    const again = await signIn(ts, email);
    const me = await json(await again.get('/api/auth/user'), userSchema);
    assert.equal(me.subscriptionStatus, 'inactive');
    assert.equal(me.trialEndsAt, null);
  });

  test('when Stripe cannot cancel, nothing is deleted and the subscriber can try again', async () => {
    const email = 'stripe-down@dc-ops.example';
    const { laptop, subId, owner } = await payingSubscriber(email);
    stripe.failNext('DELETE', /^\/v1\/subscriptions\//, { status: 500, type: 'api_error', message: 'Something went wrong on Stripe' }, 3); // the SDK retries twice
    const res = await laptop.post('/api/account/delete', { confirm: true });
    assert.ok(res.status === 502 || res.status === 503, `status ${res.status}`);
    assert.ok((await json(res, errorResponseSchema)).message);
    assert.equal(await em().count(User, { id: owner.id }), 1);
    assert.equal((await laptop.get('/api/auth/user')).status, 200, 'still signed in');
    assert.notEqual(stripe.subscriptions.get(subId)!.status, 'canceled');

    // Stripe cancels, then fails to delete the customer: still nothing of ours is deleted, and again finishes it.
    stripe.failNext('DELETE', /^\/v1\/customers\//, { status: 500, type: 'api_error', message: 'Something went wrong on Stripe' }, 3);
    const halfway = await laptop.post('/api/account/delete', { confirm: true });
    assert.ok(halfway.status === 502 || halfway.status === 503, `status ${halfway.status}`);
    assert.equal(await em().count(User, { id: owner.id }), 1);
    assert.equal(stripe.subscriptions.get(subId)!.status, 'canceled');
    const customerId = String(stripe.subscriptions.get(subId)!.customer);
    assert.equal(stripe.customers.get(customerId)!.deleted, undefined);

    assert.equal((await laptop.post('/api/account/delete', { confirm: true })).status, 200);
    assert.equal(stripe.customers.get(customerId)!.deleted, true);
    assert.equal(await em().count(User, { id: owner.id }), 0);
  });

  test('a trial without a card: nothing to cancel in Stripe, the account goes', async () => {
    const email = 'trial-only@dc-ops.example';
    const client = await signIn(ts, email);
    const deletesBefore = stripe.requests.filter((r) => r.method === 'DELETE').length;
    assert.equal((await client.post('/api/account/delete', { confirm: true })).status, 200);
    assert.equal(await em().count(User, { email }), 0);
    assert.equal(stripe.requests.filter((r) => r.method === 'DELETE').length, deletesBefore);
  });

  test('the operator command runs the same code: it cancels the subscription in Stripe, then deletes', async () => {
    const email = 'operator-deletes@dc-ops.example';
    const { subId, owner } = await payingSubscriber(email);
    const withoutStripe = await runCli('admin.ts', ['delete-user', email], cliEnv(ts));
    assert.notEqual(withoutStripe.status, 0, 'without Stripe keys it cannot stop the billing, so it refuses');
    assert.match(withoutStripe.stderr, /Cancel it in Stripe first/);
    assert.equal(await em().count(User, { id: owner.id }), 1);

    const deleted = await runCli(
      'admin.ts',
      ['delete-user', email],
      cliEnv(ts, { STRIPE_SECRET_KEY: 'sk_test_dcbrief', STRIPE_API_BASE: stripe.url }),
    );
    assert.equal(deleted.status, 0, deleted.stderr);
    assert.match(deleted.stdout, new RegExp(`Cancelled in Stripe: ${subId}\\. Its Stripe customer was deleted\\.`));
    assert.equal(stripe.subscriptions.get(subId)!.status, 'canceled');
    assert.deepEqual(Object.values(await leftOf(owner.id, email)), Array(11).fill(0));
  });
});
