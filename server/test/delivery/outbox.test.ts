import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { digestListSchema, digestSchema, errorResponseSchema } from '@dcbrief/shared';
import { Delivery, EmailSuppression } from '../../src/delivery/delivery.entity.js';
import { outboxStatus } from '../../src/delivery/outbox.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import type { Mailer } from '../../src/mail/mailer.js';
import { RecipientsService } from '../../src/delivery/recipients.service.js';
import { json } from '../support/client.js';
import { startTestServer } from '../support/harness.js';
import { setSubscription } from '../support/fixtures.js';
import { signIn } from '../support/users.js';
import { addSubscribers, deliveryDeps, editionOf, weekOfNews } from './fixtures.js';

describe('outbox', () => {
  test('a failing SMTP server: retries with backoff, then the row stops as failed and shows in the status', async () => {
    const ts = await startTestServer({ now: '2026-11-24T06:05:00Z', env: { DELIVERY_MAX_ATTEMPTS: '3' } });
    try {
      await addSubscribers(ts.orm, [{ email: 'down@ops.example' }]);
      let calls = 0;
      const refusing: Mailer = {
        async send() {
          calls++;
          throw Object.assign(new Error('421 Service not available'), { responseCode: 421 });
        },
        async close() {},
      };
      const deps = { ...deliveryDeps(ts), mailer: refusing };
      await runDeliveryPass(deps, ts.clock.now());
      let row = await ts.orm.em.fork().findOneOrFail(Delivery, { kind: 'daily' });
      assert.equal(row.state, 'pending', String(row.lastError));
      assert.equal(row.attempts, 1);
      assert.equal(row.nextAttemptAt.toISOString(), '2026-11-24T06:06:00.000Z', 'first retry a minute later');
      await runDeliveryPass(deps, new Date('2026-11-24T06:05:30Z'));
      assert.equal(calls, 1, 'not before its time');
      await runDeliveryPass(deps, new Date('2026-11-24T06:06:00Z'));
      row = await ts.orm.em.fork().findOneOrFail(Delivery, { kind: 'daily' });
      assert.equal(row.nextAttemptAt.toISOString(), '2026-11-24T06:11:00.000Z', 'then five minutes');
      await runDeliveryPass(deps, new Date('2026-11-24T06:11:00Z'));
      await runDeliveryPass(deps, new Date('2026-11-24T08:00:00Z'));
      row = await ts.orm.em.fork().findOneOrFail(Delivery, { kind: 'daily' });
      assert.equal(row.state, 'failed');
      assert.equal(calls, 3);
      const status = await outboxStatus(ts.orm.em.fork());
      assert.equal(status.counts.failed, 1);
      assert.match(status.attention[0]!.lastError!, /421/);
    } finally {
      await ts.close();
    }
  });

  test('bounce and complaint webhook: shared secret, bad input is a 400, a permanent bounce suppresses future sends', async () => {
    const ts = await startTestServer({ now: '2026-11-24T06:05:00Z', env: { DELIVERY_WEBHOOK_SECRET: 'whsec-0123456789abcdef' } });
    try {
      await addSubscribers(ts.orm, [{ email: 'gone@ops.example' }, { email: 'full@ops.example' }]);
      const post = (body: unknown, secret = 'whsec-0123456789abcdef') =>
        fetch(`${ts.url}/api/delivery/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
          body: JSON.stringify(body),
        });
      assert.equal((await post({ type: 'bounce', email: 'gone@ops.example' }, 'wrong')).status, 401);
      const bad = await post({ type: 'explode', email: 'x' });
      assert.equal(bad.status, 400);
      assert.ok((await json(bad, errorResponseSchema)).message);
      const ok = await post([
        { type: 'bounce', email: 'Gone@ops.example', detail: '550 5.1.1 user unknown' },
        { type: 'bounce', bounceType: 'transient', email: 'full@ops.example' },
      ]);
      assert.equal(ok.status, 200);
      assert.deepEqual(await ok.json(), { received: 2, suppressed: 1, noted: 0 });
      assert.equal(await ts.orm.em.fork().count(EmailSuppression, {}), 1);
      const pass = await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
      assert.equal(pass.send.sent, 1);
      assert.deepEqual(
        (await ts.mailFolder()).map((m) => (m.to && 'value' in m.to ? m.to.value[0]!.address : '')),
        ['full@ops.example'],
      );
      // The operator lifts it (npm run deliver -- --unsuppress), whatever the case of the address typed.
      const recipients = new RecipientsService(ts.orm.em.fork(), ts.clock);
      assert.equal(await recipients.unsuppress(' GONE@ops.example'), true);
      assert.equal(await recipients.unsuppress('gone@ops.example'), false);
      assert.equal(await ts.orm.em.fork().count(EmailSuppression, {}), 0);
    } finally {
      await ts.close();
    }
    const unset = await startTestServer();
    try {
      const res = await fetch(`${unset.url}/api/delivery/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      assert.equal(res.status, 503);
    } finally {
      await unset.close();
    }
  });

  test('breaking alerts: only for those who opted in, stories with enough independent sources, at most the daily cap, never twice', async () => {
    const ts = await startTestServer({ now: '2026-11-24T05:00:00Z', env: { BREAKING_MAX_PER_DAY: '1' } });
    try {
      await addSubscribers(ts.orm, [
        {
          email: 'alerts@ops.example',
          timezone: 'Europe/Berlin',
          preferences: { breakingNews: true, dailyDigest: false, weeklySummary: false },
        },
        { email: 'quiet@ops.example', timezone: 'Europe/Berlin', preferences: { dailyDigest: false, weeklySummary: false } },
      ]);
      const deps = deliveryDeps(ts, editionOf(weekOfNews()));
      await runDeliveryPass(deps, ts.clock.now());
      await runDeliveryPass(deps, new Date('2026-11-24T05:30:00Z'));
      const mails = await ts.mailFolder();
      // CVE story: 3 outlets, first seen 02:30; Madrid (4 outlets) is older than the 6-hour window; NTT has 2.
      assert.deepEqual(
        mails.map((m) => m.subject),
        ['CISA adds BMC firmware flaw CVE-2026-4410… · DC Brief breaking, Nov 24'],
      );
      assert.equal(await ts.orm.em.fork().count(Delivery, { kind: 'breaking' }), 1);
    } finally {
      await ts.close();
    }
  });
});

describe('GET /api/digests', () => {
  test("what was sent, with stories and sources; one by id; search; only the reader's own; bad input is a 400", async () => {
    const ts = await startTestServer({ now: '2026-11-24T06:05:00Z' });
    try {
      const alice = await signIn(ts, 'alice@ops.example');
      const bob = await signIn(ts, 'bob@ops.example');
      await setSubscription(ts.orm, 'alice@ops.example', 'basic', 'active');
      await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
      const list = await json(await alice.get('/api/digests'), digestListSchema);
      assert.equal(list.length, 1);
      const digest = list[0]!;
      assert.equal(digest.kind, 'daily');
      assert.equal(digest.date, '2026-11-24');
      assert.equal(digest.storyCount, digest.stories.length);
      assert.equal(digest.quiet, false);
      assert.ok(digest.sentAt);
      assert.equal(digest.depth, 'standard');
      const madrid = digest.stories.find((s) => s.id === 's-madrid')!;
      assert.equal(madrid.sources.length, 4);
      assert.deepEqual(madrid.sources[0], { id: 'dcd', name: 'DatacenterDynamics', url: 'https://dcd.example/s-madrid', language: 'en' });
      assert.deepEqual(madrid.summary[0]!.sourceIds, ['dcd']);
      // One by id: the same digest, with the reader's own rating (none yet).
      assert.deepEqual(await json(await alice.get(`/api/digests/${digest.id}`), digestSchema), { ...digest, rating: null });
      assert.equal((await json(await alice.get('/api/digests?q=Osaka%20liquid'), digestListSchema)).length, 1);
      assert.equal((await json(await alice.get('/api/digests?q=heise'), digestListSchema)).length, 1, 'source names are searchable');
      assert.equal((await json(await alice.get('/api/digests?q=submarine'), digestListSchema)).length, 0);
      assert.equal((await json(await alice.get('/api/digests?q=100%25'), digestListSchema)).length, 0);
      assert.equal((await bob.get(`/api/digests/${digest.id}`)).status, 404);
      assert.equal((await alice.get('/api/digests/not-a-uuid')).status, 404);
      const bad = await alice.get('/api/digests?limit=0');
      assert.equal(bad.status, 400);
      assert.ok((await json(bad, errorResponseSchema)).message);
      assert.equal((await alice.get(`/api/digests?q=${'x'.repeat(201)}`)).status, 400);
    } finally {
      await ts.close();
    }
  });
});
