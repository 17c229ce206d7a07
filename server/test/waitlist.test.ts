import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorResponseSchema, waitlistDraftResponseSchema, waitlistJoinResponseSchema } from '@dcbrief/shared';
import { WaitlistDraft, WaitlistEntry } from '../src/modules/waitlist/waitlist.entity.js';
import { json, TestClient } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';

const entry = { email: 'maria@colo.example', firstName: 'Maria', lastName: 'Okafor', phoneNumber: '+44 20 7946 0958' };

describe('waitlist', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer();
  });
  after(() => ts.close());

  test("a visitor's draft is upserted: many saves, one row, latest values", async () => {
    const visitor = new TestClient(ts.url);
    const first = await visitor.put('/api/waitlist/draft', { email: 'ma', firstName: '', lastName: '', phoneNumber: '' });
    assert.equal(first.status, 200);
    assert.equal((await json(first, waitlistDraftResponseSchema)).email, 'ma');
    const second = await visitor.put('/api/waitlist/draft', { email: 'maria@colo', firstName: 'Maria', lastName: '', phoneNumber: '' });
    const body = await json(second, waitlistDraftResponseSchema);
    assert.equal(body.email, 'maria@colo');
    assert.equal(body.firstName, 'Maria');
    const rows = await ts.orm.em.fork().find(WaitlistDraft, {});
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.email, 'maria@colo');

    // Another visitor gets their own draft.
    await new TestClient(ts.url).put('/api/waitlist/draft', { email: 'other', firstName: '', lastName: '', phoneNumber: '' });
    assert.equal(await ts.orm.em.fork().count(WaitlistDraft, {}), 2);

    // Joining stores the entry and removes this visitor's draft only.
    const joined = await visitor.post('/api/waitlist', entry);
    assert.equal(joined.status, 201);
    assert.deepEqual(await json(joined, waitlistJoinResponseSchema), { message: "You're on the list!" });
    const drafts = await ts.orm.em.fork().find(WaitlistDraft, {});
    assert.deepEqual(
      drafts.map((d) => d.email),
      ['other'],
    );
    const stored = await ts.orm.em.fork().findOneOrFail(WaitlistEntry, { email: entry.email });
    assert.equal(stored.firstName, 'Maria');
    assert.equal(stored.phoneNumber, '+44 20 7946 0958');
  });

  test('a duplicate email is a 409 with a message for the dialog, and nothing changes', async () => {
    const res = await new TestClient(ts.url).post('/api/waitlist', { ...entry, email: 'MARIA@colo.example', firstName: 'Someone' });
    assert.equal(res.status, 409);
    assert.match((await json(res, errorResponseSchema)).message, /already on the waitlist/);
    const rows = await ts.orm.em.fork().find(WaitlistEntry, { email: entry.email });
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.firstName, 'Maria');
  });

  test('server-side validation: email format, names, plausible phone', async () => {
    const c = new TestClient(ts.url);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...entry, email: 'not-an-email' }, /valid email/],
      [{ ...entry, email: 'x@y.example', firstName: '   ' }, /First name is required/],
      [{ ...entry, email: 'x@y.example', lastName: '' }, /Last name is required/],
      [{ ...entry, email: 'x@y.example', phoneNumber: '12' }, /valid phone/],
      [{ ...entry, email: 'x@y.example', phoneNumber: 'call me maybe' }, /valid phone/],
      [{ email: 'x@y.example', firstName: 'A', lastName: 'B' }, /phoneNumber/],
    ];
    for (const [body, message] of cases) {
      const res = await c.post('/api/waitlist', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match((await json(res, errorResponseSchema)).message, message);
    }
    assert.equal(await ts.orm.em.fork().count(WaitlistEntry, {}), 1, 'no partial write');
  });

  test('the new entry gets a confirmation email', async () => {
    const mails = await ts.mailFolder();
    const confirmation = mails.find((m) => m.subject === "You're on the DC Brief waitlist");
    assert.ok(confirmation);
    assert.match(confirmation.text ?? '', /We'll contact you next week when spots open up/);
  });

  test('waitlist submissions are rate limited', async () => {
    const limited = await startTestServer({ rateLimits: { waitlistPerIp: { points: 2, durationSec: 3600 } } });
    try {
      const c = new TestClient(limited.url);
      assert.equal((await c.post('/api/waitlist', { ...entry, email: 'one@x.example' })).status, 201);
      assert.equal((await c.post('/api/waitlist', { ...entry, email: 'two@x.example' })).status, 201);
      const third = await c.post('/api/waitlist', { ...entry, email: 'three@x.example' });
      assert.equal(third.status, 429);
      assert.match((await json(third, errorResponseSchema)).message, /Too many/);
      assert.equal(await limited.orm.em.fork().count(WaitlistEntry, {}), 2);
    } finally {
      await limited.close();
    }
  });
});
