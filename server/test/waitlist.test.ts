import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorResponseSchema, waitlistDraftResponseSchema, waitlistJoinResponseSchema } from '@dcbrief/shared';
import { createLogger } from '../src/lib/logger.js';
import { AccountMail } from '../src/modules/account-mail/account-mail.entity.js';
import { AccountMailQueue } from '../src/modules/account-mail/account-mail.queue.js';
import { WaitlistDraft, WaitlistEntry } from '../src/modules/waitlist/waitlist.entity.js';
import { renderWaitlistJoined, WAITLIST_JOINED_MAIL, WaitlistService } from '../src/modules/waitlist/waitlist.service.js';
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

  test('an address already on the list is answered like a new one; its owner is told by email, once a day, and nothing changes', async () => {
    // The answer must not tell a visitor who is on the list (docs/decisions/504).
    const res = await new TestClient(ts.url).post('/api/waitlist', { ...entry, email: 'MARIA@colo.example', firstName: 'Someone' });
    assert.equal(res.status, 201);
    assert.deepEqual(await json(res, waitlistJoinResponseSchema), { message: "You're on the list!" });
    const rows = await ts.orm.em.fork().find(WaitlistEntry, { email: entry.email });
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.firstName, 'Maria');
    const again = await new TestClient(ts.url).post('/api/waitlist', { ...entry, firstName: 'Again' });
    assert.equal(again.status, 201);
    const notices = (await ts.mailFolder()).filter((m) => m.subject === "You're already on the DC Brief waitlist");
    assert.equal(notices.length, 1, 'one notice a day, however often the address is entered');
    assert.match(notices[0]!.text ?? '', /already on it, so nothing has changed/);
    assert.doesNotMatch(notices[0]!.text ?? '', /Someone|Again/);
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

  test('the new entry gets a confirmation email with no word the visitor typed', async () => {
    const mails = await ts.mailFolder();
    const confirmation = mails.find((m) => m.subject === "You're on the DC Brief waitlist");
    assert.ok(confirmation);
    assert.match(confirmation.text ?? '', /We'll contact you next week when spots open up/);
    for (const typed of [entry.firstName, entry.lastName, entry.phoneNumber]) {
      assert.ok(!(confirmation.text ?? '').includes(typed) && !String(confirmation.html).includes(typed), typed);
    }
  });

  test('names arrive on one line: CR and LF become spaces', async () => {
    const res = await new TestClient(ts.url).post('/api/waitlist', {
      ...entry,
      email: 'crlf@x.example',
      firstName: 'Ann\r\nBcc: x@evil.example',
      lastName: 'Lee\n',
    });
    assert.equal(res.status, 201);
    const stored = await ts.orm.em.fork().findOneOrFail(WaitlistEntry, { email: 'crlf@x.example' });
    assert.equal(stored.firstName, 'Ann Bcc: x@evil.example');
    assert.equal(stored.lastName, 'Lee');
  });

  test('the confirmation is in the outbox before the answer: a server stopped right after answering sends it at its next start', async () => {
    const logger = createLogger('silent');
    // As if the process died between the commit and the send: the row is written, nobody sent it.
    const stopped = new AccountMailQueue({ em: ts.orm.em, mailer: ts.mailer, clock: ts.clock, logger });
    stopped.kick = () => undefined;
    await new WaitlistService(ts.orm.em.fork(), ts.clock, stopped).join({ ...entry, email: 'late@x.example' }, undefined);
    const row = await ts.orm.em.fork().findOneOrFail(AccountMail, { recipient: 'late@x.example' });
    assert.equal(row.state, 'pending');
    const before = (await ts.mailFolder()).length;
    const restarted = new AccountMailQueue({ em: ts.orm.em, mailer: ts.mailer, clock: ts.clock, logger });
    restarted.register(WAITLIST_JOINED_MAIL, renderWaitlistJoined);
    assert.equal(await restarted.sendDue(), 1);
    const mails = await ts.mailFolder();
    assert.equal(mails.length, before + 1);
    assert.equal(mails.at(-1)!.subject, "You're on the DC Brief waitlist");
    assert.equal((await ts.orm.em.fork().findOneOrFail(AccountMail, { id: row.id })).state, 'sent');
    assert.equal(await restarted.sendDue(), 0, 'sent once');
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
