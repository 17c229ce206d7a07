import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { signOutEverywhereResponseSchema } from '@dcbrief/shared';
import { SESSION_COOKIE } from '../src/app.js';
import { runHousekeeping } from '../src/jobs/housekeeping.js';
import { AccountMail } from '../src/modules/account-mail/account-mail.entity.js';
import { LoginToken } from '../src/modules/auth/login-token.entity.js';
import { Session } from '../src/modules/sessions/session.entity.js';
import { SESSION_MAX_AGE_MS } from '../src/modules/sessions/signed-in-session.js';
import { WaitlistDraft } from '../src/modules/waitlist/waitlist.entity.js';
import { WaitlistService } from '../src/modules/waitlist/waitlist.service.js';
import { json, TestClient } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { codeFrom, latestSignInMail, recipient, signIn, tokenFrom } from './support/users.js';

const DAY = 24 * 60 * 60 * 1000;
const draft = { email: 'typing@example.com', firstName: 'Ty', lastName: '', phoneNumber: '' };

describe("visitors' sessions and drafts", () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer({ rateLimits: { newDraftPerIp: { points: 3, durationSec: 24 * 3600 } } });
  });
  after(() => ts.close());

  test('a visitor session lives a day; a client without the cookie starts at most N drafts a day from one address; housekeeping removes both', async () => {
    const visitor = new TestClient(ts.url);
    assert.equal((await visitor.put('/api/waitlist/draft', draft)).status, 200);
    // Many saves from one visitor: one session, one draft, and no new draft counted.
    for (let i = 0; i < 5; i++) assert.equal((await visitor.put('/api/waitlist/draft', { ...draft, lastName: `L${i}` })).status, 200);
    const [session] = await ts.orm.em.fork().find(Session, {});
    assert.ok(session);
    const lifetime = session.expiresAt.getTime() - Date.now();
    assert.ok(Math.abs(lifetime - DAY) < 60_000, `a visitor's session lives a day, not ${lifetime / DAY} days`);

    // A script without cookies: two more drafts, then 429, and no row for the refused ones.
    assert.equal((await new TestClient(ts.url).put('/api/waitlist/draft', draft)).status, 200);
    assert.equal((await new TestClient(ts.url).put('/api/waitlist/draft', draft)).status, 200);
    const refused = await new TestClient(ts.url).put('/api/waitlist/draft', draft);
    assert.equal(refused.status, 429);
    assert.equal(await ts.orm.em.fork().count(WaitlistDraft, {}), 3);
    assert.equal(await ts.orm.em.fork().count(Session, {}), 3);
    // The visitor who has a draft keeps saving it.
    assert.equal((await visitor.put('/api/waitlist/draft', { ...draft, lastName: 'Later' })).status, 200);

    // A day and a bit later, housekeeping finds both gone stale.
    ts.clock.set(new Date(Date.now() + DAY + 60_000));
    await ts.orm.em.fork().nativeUpdate(Session, {}, { expiresAt: new Date(Date.now() - 1000) });
    const removed = await runHousekeeping({ orm: ts.orm, clock: ts.clock });
    assert.equal(removed.sessions, 3);
    assert.equal(removed.drafts, 3);
  });
});

describe('signing in after saving a waitlist draft', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer();
  });
  after(() => ts.close());

  /** The session a client's cookie names, as the database holds it. */
  async function sessionOf(client: TestClient): Promise<Session> {
    const id = client.snapshot().get(SESSION_COOKIE);
    assert.ok(id, 'the client has a session cookie');
    return ts.orm.em.fork().findOneOrFail(Session, { id });
  }

  /** How long the browser keeps the session cookie a sign-in answer set, in ms from now. */
  function cookieLifetime(res: Response): number {
    const issued = res.headers
      .getSetCookie()
      .filter((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`))
      .at(-1);
    const expires = issued && /expires=([^;]+)/i.exec(issued)?.[1];
    assert.ok(expires, `a session cookie with an expiry: ${issued}`);
    return Date.parse(expires) - Date.now();
  }

  const rowLifetime = (session: Session) => session.expiresAt.getTime() - Date.now();

  /** Signs in by the emailed link or by its code; the answer that set the signed-in cookie. */
  async function signInBy(way: 'link' | 'code', client: TestClient, email: string): Promise<Response> {
    assert.equal((await client.post('/api/login', { email })).status, 200);
    const mail = await latestSignInMail(ts, email);
    const res =
      way === 'link'
        ? await client.request('POST', '/api/login/verify', { form: { token: tokenFrom(mail) } })
        : await client.post('/api/login/code', { email, code: codeFrom(mail) });
    assert.equal(res.status, way === 'link' ? 303 : 200);
    return res;
  }

  for (const way of ['link', 'code'] as const) {
    test(`by ${way}: the signed-in lifetime, as without a draft, and no visitor key or draft left`, async () => {
      const plain = await signInBy(way, new TestClient(ts.url), `plain-${way}@example.com`);
      const plainLifetime = cookieLifetime(plain);

      const visitor = new TestClient(ts.url);
      assert.equal((await visitor.put('/api/waitlist/draft', draft)).status, 200);
      const before = await sessionOf(visitor);
      const visitorKey = before.data.visitorKey as string;
      assert.ok(Math.abs(rowLifetime(before) - DAY) < 60_000, 'the visitor session lives a day');
      assert.equal(await ts.orm.em.fork().count(WaitlistDraft, { visitorKey }), 1);

      const res = await signInBy(way, visitor, `drafted-${way}@example.com`);
      const lifetime = cookieLifetime(res);
      assert.ok(Math.abs(lifetime - SESSION_MAX_AGE_MS) < 60_000, `the cookie lives ${lifetime / DAY} days, not 30`);
      assert.ok(Math.abs(lifetime - plainLifetime) < 5_000, 'the cookie lives as long as after a sign-in without a draft');

      const after = await sessionOf(visitor);
      assert.notEqual(after.id, before.id, 'a new session id');
      assert.ok(after.userId, 'signed in');
      assert.ok(Math.abs(rowLifetime(after) - SESSION_MAX_AGE_MS) < 60_000, `the session lives ${rowLifetime(after) / DAY} days, not 30`);
      assert.equal(after.data.visitorKey, undefined, 'no visitor key carried over');
      assert.equal(after.data._maxAge, SESSION_MAX_AGE_MS, 'renewals keep the signed-in lifetime');
      assert.equal(await ts.orm.em.fork().count(Session, { id: before.id }), 0, 'the visitor session is gone');
      assert.equal(await ts.orm.em.fork().count(WaitlistDraft, { visitorKey }), 0, "the visitor's draft went with it");
      assert.equal((await visitor.get('/api/auth/user')).status, 200);
    });
  }

  test("signed in, a draft still saves, keeps the session's lifetime, and goes with the account", async () => {
    const client = new TestClient(ts.url);
    await client.put('/api/waitlist/draft', draft);
    await signInBy('link', client, 'drafts-again@example.com');
    assert.equal((await client.put('/api/waitlist/draft', { ...draft, lastName: 'Again' })).status, 200);
    const session = await sessionOf(client);
    const visitorKey = session.data.visitorKey as string;
    assert.equal(await ts.orm.em.fork().count(WaitlistDraft, { visitorKey }), 1);
    assert.ok(Math.abs(rowLifetime(session) - SESSION_MAX_AGE_MS) < 60_000, 'a draft does not shorten a signed-in session');

    assert.equal((await client.post('/api/account/delete', { confirm: true })).status, 200);
    assert.equal(await ts.orm.em.fork().count(WaitlistDraft, { visitorKey }), 0);
  });
});

describe('sign-in links and sessions', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer({ env: { SIGNUP_MODE: 'invite' } });
    await new WaitlistService(ts.orm.em.fork(), ts.clock).join(
      { email: 'invited@example.com', firstName: 'In', lastName: 'Vited', phoneNumber: '+1 555 010 0000' },
      undefined,
    );
    const service = new WaitlistService(ts.orm.em.fork(), ts.clock);
    await service.markInvited((await service.findByEmail('invited@example.com'))!);
  });
  after(() => ts.close());

  test('in invite mode, a request for an invited address and for any other do the same work: one outbox row, no token, the same answer', async () => {
    const answers: string[] = [];
    for (const email of ['invited@example.com', 'stranger@example.com']) {
      const res = await new TestClient(ts.url).post('/api/login', { email });
      answers.push(`${res.status} ${await res.text()}`);
      // What the request itself wrote, before the outbox sends (the answer does not wait for it).
      const rows = await ts.orm.em.fork().find(AccountMail, { recipient: email });
      assert.equal(rows.length, 1, email);
      assert.equal(rows[0]!.kind, 'sign-in');
    }
    assert.equal(answers[0], answers[1]);
    const mails = await ts.mailFolder();
    assert.deepEqual(
      mails.map((m) => recipient(m)),
      ['invited@example.com'],
      'only the invited address gets a link',
    );
    const states = (await ts.orm.em.fork().find(AccountMail, {}, { orderBy: { recipient: 'asc' } })).map(
      (r) => `${r.recipient} ${r.state}`,
    );
    assert.deepEqual(states, ['invited@example.com sent', 'stranger@example.com skipped']);
  });

  test('a newer sign-in link makes the older unused one invalid', async () => {
    const client = new TestClient(ts.url);
    await client.post('/api/login', { email: 'invited@example.com' });
    await client.post('/api/login', { email: 'invited@example.com' });
    const links = (await ts.mailFolder()).filter((m) => recipient(m) === 'invited@example.com').map(tokenFrom);
    const [older, newer] = links.slice(-2) as [string, string];
    assert.equal(await ts.orm.em.fork().count(LoginToken, { email: 'invited@example.com', usedAt: null }), 1);
    assert.equal((await client.request('POST', '/api/login/verify', { form: { token: older } })).status, 400);
    assert.equal((await client.request('POST', '/api/login/verify', { form: { token: newer } })).status, 303);
  });

  test('Sign out of all devices ends every session of the account and no other; logout stays a GET', async () => {
    const laptop = await signIn(ts, 'invited@example.com');
    const phone = await signIn(ts, 'invited@example.com');
    await new WaitlistService(ts.orm.em.fork(), ts.clock).join(
      { email: 'other@example.com', firstName: 'Ot', lastName: 'Her', phoneNumber: '+1 555 010 0001' },
      undefined,
    );
    const service = new WaitlistService(ts.orm.em.fork(), ts.clock);
    await service.markInvited((await service.findByEmail('other@example.com'))!);
    const someoneElse = await signIn(ts, 'other@example.com');

    assert.equal((await new TestClient(ts.url).post('/api/logout/everywhere', {})).status, 401, 'signed out: 401');
    const res = await phone.post('/api/logout/everywhere', {});
    assert.equal(res.status, 200);
    assert.match((await json(res, signOutEverywhereResponseSchema)).message, /^Signed out of all \d+ devices\.$/);
    assert.equal((await phone.get('/api/auth/user')).status, 401);
    assert.equal((await laptop.get('/api/auth/user')).status, 401);
    assert.equal((await someoneElse.get('/api/auth/user')).status, 200);
    const logout = await someoneElse.get('/api/logout');
    assert.equal(logout.status, 302);
    assert.equal((await someoneElse.get('/api/auth/user')).status, 401);
  });
});

describe('headers and files', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer({ env: { DATABASE_URL: '' } });
  });
  after(() => ts.close());

  test('personal API answers are private, no-store; every answer carries a Permissions-Policy', async () => {
    const client = await signIn(ts, 'headers@example.com');
    for (const p of ['/api/auth/user', '/api/digests', '/api/feedback', '/api/digests/stats']) {
      const res = await client.get(p);
      assert.equal(res.status, 200, p);
      assert.equal(res.headers.get('cache-control'), 'private, no-store', p);
    }
    assert.equal((await new TestClient(ts.url).get('/api/auth/user')).headers.get('cache-control'), 'private, no-store');
    const policy = (await new TestClient(ts.url).get('/')).headers.get('permissions-policy') ?? '';
    assert.match(policy, /camera=\(\)/);
    assert.match(policy, /geolocation=\(\)/);
    assert.match(policy, /payment=\(self "https:\/\/js\.stripe\.com"\)/, 'Stripe keeps the Payment Request API');
  });

  test('the data folder, the SQLite database, the session secret and the mail folder are the owner’s only', async () => {
    await new TestClient(ts.url).post('/api/login', { email: 'files@example.com' });
    await ts.mailFolder();
    const mode = (p: string) => statSync(p).mode & 0o777;
    assert.equal(ts.config.database.kind, 'sqlite');
    const file = (ts.config.database as { file: string }).file;
    assert.equal(mode(file), 0o600, 'database');
    assert.equal(mode(path.dirname(file)), 0o700, 'data folder');
    assert.equal(mode(path.join(ts.dataDir, 'session-secret')), 0o600, 'session secret');
    assert.equal(mode(ts.config.mail.mailDir), 0o700, 'mail folder');
    const eml = readdirSync(ts.config.mail.mailDir).find((f) => f.endsWith('.eml'))!;
    assert.equal(mode(path.join(ts.config.mail.mailDir, eml)), 0o600, 'an email in the mail folder');
  });
});
