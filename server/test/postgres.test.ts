import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorResponseSchema, feedbackListSchema, userSchema, type DigestStory } from '@dcbrief/shared';
import { json, TestClient } from './support/client.js';
import { addDigests } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { skipWithoutPostgres, startTempPostgres, type TempPostgres } from './support/postgres.js';
import { signIn } from './support/users.js';
import { runDeliveryPass } from '../src/delivery/pass.js';
import { purgeOrphanContents } from '../src/jobs/housekeeping.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { Digest, DigestContent } from '../src/modules/digests/digest.entity.js';
import { addSubscribers, deliveryDeps } from './delivery/fixtures.js';
import { StoryFeedback } from '../src/modules/feedback/feedback.entity.js';
import { netThumbs } from '../src/modules/feedback/leanings.js';

describe('on PostgreSQL (DATABASE_URL)', { skip: skipWithoutPostgres() }, () => {
  let pg: TempPostgres;
  let ts: TestServer;
  before(async () => {
    pg = (await startTempPostgres())!;
    ts = await startTestServer({ env: { DATABASE_URL: pg.url } });
  });
  after(async () => {
    await ts?.close();
    await pg?.stop();
  });

  test('the migrations build the schema and the core flows work', async () => {
    assert.equal(ts.config.database.kind, 'postgresql');
    const visitor = new TestClient(ts.url);
    await visitor.put('/api/waitlist/draft', { email: 'p', firstName: '', lastName: '', phoneNumber: '' });
    await visitor.put('/api/waitlist/draft', { email: 'pg@example.com', firstName: 'Pat', lastName: '', phoneNumber: '' });
    const entry = { email: 'pg@example.com', firstName: 'Pat', lastName: 'Gres', phoneNumber: '+49 30 1234567' };
    assert.equal((await visitor.post('/api/waitlist', entry)).status, 201);
    assert.equal((await new TestClient(ts.url).post('/api/waitlist', entry)).status, 201, 'the same answer for an address already on it');

    const client = await signIn(ts, 'pg@example.com');
    const user = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(user.firstName, 'Pat');
    const [digest] = await addDigests(ts.orm, 'pg@example.com', ['2026-11-21']);
    assert.equal((await client.post('/api/feedback', { digestId: digest!.id, rating: 5 })).status, 201);
    assert.equal((await client.post('/api/feedback', { digestId: digest!.id, rating: 4 })).status, 200);
    const feedback = await json(await client.get('/api/feedback'), feedbackListSchema);
    assert.deepEqual(
      feedback.map((f) => f.rating),
      [4],
    );
    const prefs = await client.post('/api/user/preferences', { deliveryTime: '12:00', interests: { regulations: true } });
    assert.equal((await json(prefs, userSchema)).preferences.deliveryTime, '12:00');
    assert.equal((await client.get('/api/logout')).status, 302);
    assert.equal((await client.get('/api/auth/user')).status, 401);
  });

  test('two servers on one database share one rate-limit budget per client', async () => {
    const limited = { waitlistPerIp: { points: 3, durationSec: 60 } };
    // The earlier test's requests came from this address too, and its counts are in the shared table.
    await ts.orm.em.getConnection().execute('delete from rate_limits');
    const [a, b] = [
      await startTestServer({ env: { DATABASE_URL: pg.url }, rateLimits: limited }),
      await startTestServer({ env: { DATABASE_URL: pg.url }, rateLimits: limited }),
    ];
    try {
      const join = (server: TestServer, n: number) =>
        new TestClient(server.url).post('/api/waitlist', {
          email: `rl${n}@pg.example`,
          firstName: 'Rate',
          lastName: 'Limit',
          phoneNumber: '+49 30 1234567',
        });
      assert.equal((await join(a, 1)).status, 201);
      assert.equal((await join(b, 2)).status, 201);
      assert.equal((await join(a, 3)).status, 201);
      const refused = await join(b, 4);
      assert.equal(refused.status, 429, 'the fourth request, on the other server, is over the shared budget of three');
      assert.match((await json(refused, errorResponseSchema)).message, /Too many waitlist requests/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('a delivery pass plans, composes and sends each subscriber one digest, once', async () => {
    // Tuesday 06:05 in New York and 12:05 in Berlin: both subscribers' hours have come.
    const now = new Date('2026-11-24T11:05:00Z');
    await addSubscribers(ts.orm, [
      { email: 'ny@pg.example', timezone: 'America/New_York' },
      { email: 'ber@pg.example', timezone: 'Europe/Berlin', preferences: { deliveryTime: '12:00' } },
    ]);
    const before = (await ts.mailFolder()).length;
    const first = await runDeliveryPass(deliveryDeps(ts), now);
    assert.equal(first.send.sent, 2);
    const again = await runDeliveryPass(deliveryDeps(ts), now);
    assert.equal(again.send.sent, 0, 'a second pass sends nothing');
    const em = ts.orm.em.fork();
    const rows = await em.find(Delivery, { user: { email: { $in: ['ny@pg.example', 'ber@pg.example'] } } });
    assert.deepEqual(
      rows.map((r) => r.state),
      ['sent', 'sent'],
    );
    assert.equal(await em.count(Digest, { user: { email: { $in: ['ny@pg.example', 'ber@pg.example'] } } }), 2);
    assert.equal((await ts.mailFolder()).length - before, 2);
    // Every content is held by a digest: housekeeping, days later, keeps them all; the API reads them.
    const contents = await em.count(DigestContent, {});
    assert.ok(contents >= 1);
    assert.equal(await purgeOrphanContents(em, new Date(now.getTime() + 3 * 24 * 3600_000)), 0);
    assert.equal(await em.count(DigestContent, {}), contents);
    // Thumbs steer the next digests: the leaning read joins votes, digests and their contents' JSON.
    const ny = await em.findOneOrFail(Digest, { user: { email: 'ny@pg.example' } }, { populate: ['user', 'content'] });
    const [up, down] = ny.content!.stories as [DigestStory, DigestStory];
    for (const [story, vote] of [
      [up, 1],
      [down, -1],
    ] as const) {
      em.create(StoryFeedback, { user: ny.user, digest: ny, storyId: story.id, vote, createdAt: now, updatedAt: now });
    }
    await em.flush();
    const net = (await netThumbs(ts.orm.em.fork(), [ny.user.id], new Date(now.getTime() - 1000))).get(ny.user.id);
    assert.deepEqual(net, up.interest === down.interest ? { [up.interest]: 0 } : { [up.interest]: 1, [down.interest]: -1 });
    assert.equal((await netThumbs(ts.orm.em.fork(), [ny.user.id], new Date(now.getTime() + 1000))).size, 0, 'older thumbs do not count');
    const second = await runDeliveryPass(deliveryDeps(ts), new Date('2026-11-25T11:05:00Z'));
    assert.equal(second.send.sent, 2, "the next day, with yesterday's stories read as received from the contents");
  });
});
