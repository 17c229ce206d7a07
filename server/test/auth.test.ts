import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorResponseSchema, MAGIC_LINK_TTL_MS, userSchema } from '@dcbrief/shared';
import { LoginToken } from '../src/modules/auth/login-token.entity.js';
import { hashToken } from '../src/modules/auth/auth.service.js';
import { SESSION_COOKIE } from '../src/app.js';
import { json, TestClient } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { recipient, signIn, tokenFrom } from './support/users.js';

describe('sign-in by magic link', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer();
  });
  after(() => ts.close());

  test('signed out, the user endpoint answers 401 with a JSON message', async () => {
    const res = await new TestClient(ts.url).get('/api/auth/user');
    assert.equal(res.status, 401);
    assert.deepEqual(await json(res, errorResponseSchema), { message: 'Unauthorized' });
  });

  test('the sign-in page is a real page with an email field', async () => {
    const res = await new TestClient(ts.url).get('/api/login');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /text\/html/);
    const html = await res.text();
    assert.match(html, /<input id="email" name="email" type="email"/);
    assert.match(html, /action="\/api\/login"/);
  });

  test('the emailed link signs in once and lands on /; the token is stored only as a hash', async () => {
    const client = new TestClient(ts.url);
    const res = await client.request('POST', '/api/login', { form: { email: 'Ops.Lead@Example.com' } });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /Check your email/);
    const mail = (await ts.mailFolder()).find((m) => recipient(m) === 'ops.lead@example.com');
    assert.ok(mail, 'sign-in email written to the mail folder');
    assert.equal(mail.subject, 'Your DC Brief sign-in link');
    assert.ok(mail.html, 'has an HTML part');
    const token = tokenFrom(mail);

    const rows = await ts.orm.em.fork().find(LoginToken, { email: 'ops.lead@example.com' });
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.tokenHash, hashToken(token));
    assert.ok(!JSON.stringify(rows).includes(token), 'raw token never stored');

    // Opening the link (GET, as a mail scanner would) shows a confirmation and does not use the token.
    const page = await client.get(`/api/login/verify?token=${token}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /action="\/api\/login\/verify"/);

    const confirm = await client.request('POST', '/api/login/verify', { form: { token, timezone: 'Europe/Lisbon' } });
    assert.equal(confirm.status, 303);
    assert.equal(confirm.headers.get('location'), '/');
    const me = await client.get('/api/auth/user');
    assert.equal(me.status, 200);
    const user = await json(me, userSchema);
    assert.equal(user.email, 'ops.lead@example.com');
    assert.equal(user.subscriptionTier, 'basic', 'a first sign-in starts the free trial (decision 008)');
    assert.equal(user.subscriptionStatus, 'trialing');
    assert.equal(user.timezone, 'Europe/Lisbon');
    assert.equal(user.preferences.deliveryTime, '06:00');

    const again = await new TestClient(ts.url).request('POST', '/api/login/verify', { form: { token } });
    assert.equal(again.status, 400, 'a used link does not sign in a second time');
    assert.match(await again.text(), /expired/);
  });

  test('a link expires after 15 minutes (injected clock)', async () => {
    const client = new TestClient(ts.url);
    await client.post('/api/login', { email: 'late@example.com' });
    const mail = (await ts.mailFolder()).find((m) => recipient(m) === 'late@example.com')!;
    ts.clock.advance(MAGIC_LINK_TTL_MS + 1000);
    try {
      const page = await client.get(`/api/login/verify?token=${tokenFrom(mail)}`);
      assert.equal(page.status, 400);
      const res = await client.request('POST', '/api/login/verify', { form: { token: tokenFrom(mail) } });
      assert.equal(res.status, 400);
      assert.equal((await client.get('/api/auth/user')).status, 401);
    } finally {
      ts.clock.set(new Date());
    }
  });

  test('two confirmations racing with the same token: exactly one signs in', async () => {
    await new TestClient(ts.url).post('/api/login', { email: 'race@example.com' });
    const token = tokenFrom((await ts.mailFolder()).find((m) => recipient(m) === 'race@example.com')!);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => new TestClient(ts.url).request('POST', '/api/login/verify', { form: { token } })),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [303, 400, 400, 400, 400]);
  });

  test('known and unknown emails get the same answer', async () => {
    await signIn(ts, 'known@example.com');
    const known = await new TestClient(ts.url).post('/api/login', { email: 'known@example.com' });
    const unknown = await new TestClient(ts.url).post('/api/login', { email: 'nobody-yet@example.com' });
    assert.equal(known.status, unknown.status);
    assert.deepEqual(await known.json(), await unknown.json());
  });

  test('the session id is rotated at sign-in and the cookie is HttpOnly and SameSite=Lax', async () => {
    const client = new TestClient(ts.url);
    // A visitor session exists before sign-in (the waitlist draft creates one).
    await client.put('/api/waitlist/draft', { email: 'rot', firstName: '', lastName: '', phoneNumber: '' });
    const before = client.snapshot().get(SESSION_COOKIE);
    assert.ok(before, 'visitor has a session before sign-in');
    await client.post('/api/login', { email: 'rotate@example.com' });
    const token = tokenFrom((await ts.mailFolder()).find((m) => recipient(m) === 'rotate@example.com')!);
    const res = await client.request('POST', '/api/login/verify', { form: { token } });
    const setCookie = res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`));
    const issued = setCookie.at(-1)!;
    assert.match(issued, /httponly/i);
    assert.match(issued, /samesite=lax/i);
    const after = client.snapshot().get(SESSION_COOKIE);
    assert.ok(after && after !== before, 'a new session id after sign-in');

    // The pre-sign-in session id is dead: replaying it is not signed in.
    const attacker = new TestClient(ts.url);
    const old = client.snapshot();
    old.set(SESSION_COOKIE, before);
    attacker.restore(old);
    assert.equal((await attacker.get('/api/auth/user')).status, 401);
    assert.equal((await client.get('/api/auth/user')).status, 200);
  });

  test('logout ends the session server-side: a replayed old cookie is signed out', async () => {
    const client = await signIn(ts, 'leaver@example.com');
    const cookies = client.snapshot();
    const res = await client.get('/api/logout');
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/?signed-out=1', 'the landing page, which says so');
    assert.equal((await client.get('/api/auth/user')).status, 401);
    const replay = new TestClient(ts.url);
    replay.restore(cookies);
    assert.equal((await replay.get('/api/auth/user')).status, 401);
  });

  test('sign-in requests are rate limited per address and per email', async () => {
    const limited = await startTestServer({
      rateLimits: { loginPerIp: { points: 3, durationSec: 600 }, loginPerEmail: { points: 2, durationSec: 600 } },
    });
    try {
      const c = new TestClient(limited.url);
      assert.equal((await c.post('/api/login', { email: 'a@example.com' })).status, 200);
      assert.equal((await c.post('/api/login', { email: 'a@example.com' })).status, 200);
      const perEmail = await c.post('/api/login', { email: 'a@example.com' });
      assert.equal(perEmail.status, 429);
      assert.match((await json(perEmail, errorResponseSchema)).message, /Too many/);
      assert.ok(Number(perEmail.headers.get('retry-after')) > 0);
      const perIp = await c.post('/api/login', { email: 'b@example.com' });
      assert.equal(perIp.status, 429);
      assert.equal((await limited.mailFolder()).length, 2, 'no email sent once limited');
    } finally {
      await limited.close();
    }
  });
});

describe('invite-only sign-up', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer({ env: { SIGNUP_MODE: 'invite' } });
  });
  after(() => ts.close());

  test('only emails invited from the waitlist get a link, with the same answer for everyone', async () => {
    const visitor = new TestClient(ts.url);
    const joined = await visitor.post('/api/waitlist', {
      email: 'invitee@example.com',
      firstName: 'Ines',
      lastName: 'Costa',
      phoneNumber: '+351 912 000 111',
    });
    assert.equal(joined.status, 201);
    const outsider = await new TestClient(ts.url).post('/api/login', { email: 'outsider@example.com' });
    const notYet = await new TestClient(ts.url).post('/api/login', { email: 'invitee@example.com' });
    assert.equal(outsider.status, 200);
    assert.equal(notYet.status, 200);
    const signInMails = () => ts.mailFolder().then((all) => all.filter((m) => m.subject === 'Your DC Brief sign-in link'));
    assert.equal((await signInMails()).length, 0, 'no link before the invitation');

    const { WaitlistService } = await import('../src/modules/waitlist/waitlist.service.js');
    const em = ts.orm.em.fork();
    const service = new WaitlistService(em, ts.clock);
    await service.markInvited((await service.findByEmail('invitee@example.com'))!);

    const client = await signIn(ts, 'invitee@example.com');
    const user = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(user.firstName, 'Ines', 'names come from the waitlist entry');
    assert.equal(user.lastName, 'Costa');
    assert.equal((await signInMails()).length, 1);
  });
});
