import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import { digestListSchema } from '@dcbrief/shared';
import { Delivery } from '../../src/delivery/delivery.entity.js';
import { composeDigests } from '../../src/delivery/compose-digests.js';
import { resolveRows } from '../../src/delivery/outbox.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { planDeliveries } from '../../src/delivery/plan.js';
import { receivedStories } from '../../src/delivery/received.js';
import { digestLinks } from '../../src/delivery/digest-links.js';
import { LinkSigner } from '../../src/delivery/tokens.js';
import type { Mailer } from '../../src/mail/mailer.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { setSubscription } from '../support/fixtures.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { useSmtpSinkMailer } from '../support/smtp-sink.js';
import { json, type TestClient } from '../support/client.js';
import { recipient, signIn } from '../support/users.js';
import { deliveryDeps } from './fixtures.js';

const TUESDAY = '2026-11-24T06:05:00Z';
const WEDNESDAY = '2026-11-25T06:05:00Z';
/** What the default interests pick from the fixture edition for a 06:00 UTC digest on Tuesday. */
const TUESDAY_STORIES = ['s-madrid', 's-cve', 's-nvidia', 's-price'];

const rejecting: Mailer = {
  async send() {
    throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), { responseCode: 550 });
  },
  async close() {},
};

describe('the archive and the received stories follow what was actually sent', () => {
  const mail = useSmtpSinkMailer();
  let ts: TestServer;
  beforeEach(async () => {
    await ts?.close();
    mail.sink.messages.length = 0;
    // Sign-in links go to the mail folder; digests through the loopback SMTP server.
    ts = await startTestServer({ now: TUESDAY });
  });
  after(async () => ts?.close());

  const subscriber = async (email: string): Promise<{ client: TestClient; user: User }> => {
    const client = await signIn(ts, email);
    await setSubscription(ts.orm, email, 'basic', 'active');
    return { client, user: await ts.orm.em.fork().findOneOrFail(User, { email }) };
  };
  /** How many stories count as received (never sent again): by one subscriber, or by all of them. */
  const receivedCount = async (userId?: string) => {
    const users = userId ? [userId] : (await ts.orm.em.fork().find(User, {}, { fields: ['id'] })).map((u) => u.id);
    let n = 0;
    for (const stories of (await receivedStories(ts.orm.em.fork(), users, null)).values()) n += stories.size;
    return n;
  };
  const storiesOf = async (client: TestClient) =>
    (await json(await client.get('/api/digests'), digestListSchema)).map((d) => [d.date, d.stories.map((s) => s.id).sort()]);
  const passAt = async (iso: string, mailer: Mailer = mail.smtp) => {
    ts.clock.set(iso);
    return runDeliveryPass({ ...deliveryDeps(ts), mailer }, ts.clock.now());
  };

  test('a digest that finally failed is not in GET /api/digests and releases its stories: the next digest carries them', async () => {
    const { client, user } = await subscriber('fails@archive.example');
    const first = await passAt(TUESDAY, rejecting);
    assert.equal(first.send.failed, 1, '550 is final');
    const row = await ts.orm.em.fork().findOneOrFail(Delivery, { user: user.id, kind: 'daily' });
    assert.equal(row.state, 'failed');
    assert.deepEqual(await storiesOf(client), [], 'never sent: not in the archive');
    assert.equal((await client.get(`/api/digests/${row.digest!.id}`)).status, 404);
    assert.equal(await receivedCount(user.id), 0, 'its stories are free again');

    await passAt(WEDNESDAY);
    assert.deepEqual(
      await storiesOf(client),
      [['2026-11-25', [...TUESDAY_STORIES].sort()]],
      "Wednesday's digest carries what Tuesday's failed to deliver",
    );
    assert.equal(mail.sink.messages.filter((m) => recipient(m) === 'fails@archive.example').length, 1);
    assert.match(mail.sink.messages[0]!.text!, /Equinix opens 60 MW MD7 campus in Madrid/);
  });

  test('a cancelled digest (one-click unsubscribe, or mail turned off just before the send) releases its stories', async () => {
    const a = await subscriber('unsub@archive.example');
    const b = await subscriber('paused@archive.example');
    const deps = { ...deliveryDeps(ts), mailer: mail.smtp };
    await planDeliveries(deps, ts.clock.now());
    await composeDigests(deps, ts.clock.now());
    assert.equal(await receivedCount(), 2 * TUESDAY_STORIES.length, 'composed: the stories are reserved for both');

    // A: the List-Unsubscribe one-click POST, before the send.
    const digestA = await ts.orm.em.fork().findOneOrFail(Digest, { user: a.user.id });
    const unsubscribe = digestLinks(ts, new LinkSigner(ts.config.sessionSecret), a.user.id, digestA.id).unsubscribe;
    assert.equal((await fetch(unsubscribe, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status, 200);
    // B: turns the daily brief off on the dashboard; the sender checks right before sending.
    assert.equal((await b.client.post('/api/user/preferences', { dailyDigest: false })).status, 200);
    const tuesday = await passAt(TUESDAY);
    assert.equal(tuesday.send.cancelled, 1, 'B cancelled at send time (A was cancelled by the unsubscribe)');
    assert.equal(mail.sink.messages.length, 0);
    for (const s of [a, b]) {
      assert.equal((await ts.orm.em.fork().findOneOrFail(Delivery, { user: s.user.id })).state, 'cancelled');
      assert.deepEqual(await storiesOf(s.client), []);
      assert.equal(await receivedCount(s.user.id), 0);
    }

    // Both want their brief again: Wednesday's carries Tuesday's stories.
    for (const s of [a, b]) assert.equal((await s.client.post('/api/user/preferences', { dailyDigest: true })).status, 200);
    await passAt(WEDNESDAY);
    for (const s of [a, b]) assert.deepEqual(await storiesOf(s.client), [['2026-11-25', [...TUESDAY_STORIES].sort()]]);
    assert.equal(mail.sink.messages.length, 2);
  });

  test('a sent digest keeps its stories: the next day is a quiet note, and the archive holds both', async () => {
    const { client } = await subscriber('sent@archive.example');
    await passAt(TUESDAY);
    await passAt(WEDNESDAY);
    assert.deepEqual(await storiesOf(client), [
      ['2026-11-25', []],
      ['2026-11-24', [...TUESDAY_STORIES].sort()],
    ]);
  });

  test('the operator brings a failed row back (resend): its stories count as received again; cancelled: released', async () => {
    const { client, user } = await subscriber('operator@archive.example');
    await passAt(TUESDAY, rejecting);
    const row = await ts.orm.em.fork().findOneOrFail(Delivery, { user: user.id });
    assert.equal(await resolveRows(ts.orm.em.fork(), row.id, 'resend', ts.clock.now()), 1);
    assert.equal(await receivedCount(user.id), TUESDAY_STORIES.length);
    await passAt('2026-11-24T06:10:00Z', rejecting);
    assert.equal((await ts.orm.em.fork().findOneOrFail(Delivery, { id: row.id })).state, 'failed');
    assert.equal(await receivedCount(user.id), 0);
    assert.equal(await resolveRows(ts.orm.em.fork(), 'failed', 'sent', ts.clock.now()), 1, "the provider's log shows it left after all");
    assert.equal(await receivedCount(user.id), TUESDAY_STORIES.length);
    assert.deepEqual(await storiesOf(client), [['2026-11-24', [...TUESDAY_STORIES].sort()]], 'settled as sent: in the archive');
  });
});
