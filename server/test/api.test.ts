import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DEFAULT_PREFERENCES,
  digestListSchema,
  digestSchema,
  digestStatsSchema,
  errorResponseSchema,
  feedbackListSchema,
  feedbackSchema,
  userSchema,
} from '@dcbrief/shared';
import { json, TestClient } from './support/client.js';
import { addDigests, countFeedback, setSubscription } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { signIn } from './support/users.js';

describe('signed-in API', () => {
  let ts: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceDigests: string[];
  let bobDigests: string[];

  before(async () => {
    ts = await startTestServer();
    alice = await signIn(ts, 'alice@hyperscale.example');
    bob = await signIn(ts, 'bob@colo.example');
    aliceDigests = (await addDigests(ts.orm, 'alice@hyperscale.example', ['2026-11-19', '2026-11-20', '2026-11-21'])).map((d) => d.id);
    bobDigests = (await addDigests(ts.orm, 'bob@colo.example', ['2026-11-21'])).map((d) => d.id);
  });
  after(() => ts.close());

  test('every user endpoint is 401 signed out', async () => {
    const anon = new TestClient(ts.url);
    for (const [method, path] of [
      ['GET', '/api/auth/user'],
      ['GET', '/api/digests'],
      ['GET', '/api/digests/stats'],
      ['GET', '/api/feedback'],
      ['POST', '/api/feedback'],
      ['POST', '/api/user/preferences'],
    ] as const) {
      const res = await anon.request(method, path, method === 'POST' ? { json: {} } : {});
      assert.equal(res.status, 401, `${method} ${path}`);
      assert.deepEqual(await json(res, errorResponseSchema), { message: 'Unauthorized' });
    }
  });

  test("the user object has the documented shape and the spec's default preferences", async () => {
    const user = await json(await alice.get('/api/auth/user'), userSchema);
    assert.deepEqual(Object.keys(user).sort(), [
      'cancelsAt',
      'createdAt',
      'email',
      'firstName',
      'id',
      'lastName',
      'nextChargeAt',
      'preferences',
      'subscriptionStatus',
      'subscriptionTier',
      'timezone',
      'trialEndsAt',
    ]);
    assert.deepEqual(user.preferences, DEFAULT_PREFERENCES);
    // A first sign-in starts the card-free trial of Essential (decision 008).
    assert.equal(user.subscriptionTier, 'basic');
    assert.equal(user.subscriptionStatus, 'trialing');
    assert.ok(user.trialEndsAt && Date.parse(user.trialEndsAt) > Date.parse(user.createdAt));
    assert.ok(!Number.isNaN(Date.parse(user.createdAt)));
  });

  test("digests: only the user's own, newest first", async () => {
    const list = await json(await alice.get('/api/digests'), digestListSchema);
    assert.deepEqual(
      list.map((d) => d.date),
      ['2026-11-21', '2026-11-20', '2026-11-19'],
    );
    assert.deepEqual(Object.keys(list[0]!).sort(), [
      'createdAt',
      'date',
      'depth',
      'id',
      'kind',
      'quiet',
      'sentAt',
      'stories',
      'storyCount',
      'title',
    ]);
    const bobs = await json(await bob.get('/api/digests'), digestListSchema);
    assert.deepEqual(
      bobs.map((d) => d.id),
      bobDigests,
    );
  });

  test("stats: from the user's own digests as stored; stories stored without their sources' words save no time", async () => {
    const list = await json(await alice.get('/api/digests'), digestListSchema);
    const outlets = new Set(list.flatMap((d) => d.stories.flatMap((s) => s.sources.map((x) => x.id))));
    const stats = await json(await alice.get('/api/digests/stats'), digestStatsSchema);
    assert.deepEqual(stats, {
      digests: list.length,
      outlets: outlets.size,
      sourceWords: 0,
      digestWords: 0,
      minutesSaved: 0,
      storyVotes: { up: 0, down: 0, leaning: { more: [], less: [] } },
    });
    assert.equal(stats.outlets, 2, 'two outlets behind all 27 stories, not 3 x 127');
    assert.equal((await json(await bob.get('/api/digests/stats'), digestStatsSchema)).digests, 1);
  });

  test("feedback: rate own digests 1-5, newest first; re-rating updates; another user's digest is 404", async () => {
    const first = await alice.post('/api/feedback', { digestId: aliceDigests[0], rating: 4 });
    assert.equal(first.status, 201);
    const created = await json(first, feedbackSchema);
    assert.deepEqual([created.digestId, created.rating, created.comment], [aliceDigests[0], 4, null]);
    ts.clock.advance(60_000);
    const second = await alice.post('/api/feedback', { digestId: aliceDigests[2], rating: 5, comment: 'Great coverage of the Nordics' });
    assert.equal(second.status, 201);
    ts.clock.advance(60_000);
    const again = await alice.post('/api/feedback', { digestId: aliceDigests[0], rating: 2 });
    assert.equal(again.status, 200, 'rating the same digest again updates it');
    assert.equal((await json(again, feedbackSchema)).rating, 2);

    const list = await json(await alice.get('/api/feedback'), feedbackListSchema);
    assert.equal(list.length, 2);
    assert.equal(list[0]!.digestId, aliceDigests[2], 'newest first');
    assert.equal(list[0]!.comment, 'Great coverage of the Nordics');
    assert.equal(list[1]!.digestId, aliceDigests[0]);
    assert.equal(list[1]!.rating, 2, 'the re-rating replaced the first rating');
    const ratedDigest = await json(await alice.get(`/api/digests/${aliceDigests[0]}`), digestSchema);
    assert.equal(list[1]!.digestTitle, ratedDigest.title, 'each item names the digest it rates');
    assert.equal(list[1]!.digestDate, ratedDigest.date);
    assert.equal(ratedDigest.rating, 2, 'a digest comes with its own rating, so its stars show after a reload');
    assert.equal((await json(await alice.get(`/api/digests/${aliceDigests[1]}`), digestSchema)).rating, null, 'not rated yet');
    assert.equal((await json(await alice.get('/api/digests'), digestListSchema))[0]!.rating, undefined, 'the list leaves ratings out');

    const stolen = await bob.post('/api/feedback', { digestId: aliceDigests[1], rating: 1 });
    assert.equal(stolen.status, 404);
    await json(stolen, errorResponseSchema);
    assert.deepEqual(await json(await bob.get('/api/feedback'), feedbackListSchema), []);
    for (const rating of [0, 6, 3.5, '5']) {
      const bad = await alice.post('/api/feedback', { digestId: aliceDigests[1], rating });
      assert.equal(bad.status, 400, `rating ${rating}`);
    }
    assert.equal(await countFeedback(ts.orm), 2);
  });

  test('preferences: {} is no change; a partial update persists and returns the user', async () => {
    const unchanged = await alice.post('/api/user/preferences', {});
    assert.equal(unchanged.status, 200);
    assert.deepEqual((await json(unchanged, userSchema)).preferences, DEFAULT_PREFERENCES);

    const res = await alice.post('/api/user/preferences', {
      deliveryTime: '08:00',
      contentDepth: 'detailed',
      breakingNews: true,
      interests: { regulations: true, marketTrends: false },
      notes: 'Focus on liquid cooling and grid interconnects',
      timezone: 'America/Chicago',
      audio: { voiceStyle: 'news', playbackSpeed: 1.25 },
    });
    assert.equal(res.status, 200);
    const user = await json(res, userSchema);
    assert.equal(user.timezone, 'America/Chicago');
    assert.equal(user.preferences.deliveryTime, '08:00');
    assert.equal(user.preferences.interests.regulations, true);
    assert.equal(user.preferences.interests.infrastructure, true);
    assert.deepEqual(user.preferences.audio, { enabled: true, voiceStyle: 'news', playbackSpeed: 1.25 });
    const reread = await json(await alice.get('/api/auth/user'), userSchema);
    assert.deepEqual(reread.preferences, user.preferences);
    const bobs = await json(await bob.get('/api/auth/user'), userSchema);
    assert.deepEqual(bobs.preferences, DEFAULT_PREFERENCES, 'another user is untouched');
  });

  test('preferences: invalid values are 400 and nothing is written', async () => {
    const before = await json(await alice.get('/api/auth/user'), userSchema);
    for (const body of [
      { deliveryTime: '07:00' },
      { contentDepth: 'verbose' },
      { timezone: 'Mars/Olympus_Mons' },
      { dailyDigest: 'yes' },
      { deliveryTime: '12:00', audio: { playbackSpeed: 3 } },
      { notes: 'x'.repeat(2001) },
      { interests: { crypto: true } },
      { subscriptionTier: 'premium' },
    ]) {
      const res = await alice.post('/api/user/preferences', body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      await json(res, errorResponseSchema);
    }
    const afterwards = await json(await alice.get('/api/auth/user'), userSchema);
    assert.deepEqual(afterwards, before);
  });

  test('the tier and status a subscription sets are what the user endpoint reports', async () => {
    await setSubscription(ts.orm, 'bob@colo.example', 'premium', 'active');
    const user = await json(await bob.get('/api/auth/user'), userSchema);
    assert.equal(user.subscriptionTier, 'premium');
    assert.equal(user.subscriptionStatus, 'active');
  });
});
