import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  errorResponseSchema,
  MAGIC_LINK_TTL_MS,
  SIGN_IN_CODE_FORMAT,
  SIGN_IN_CODE_MAX_TRIES,
  signInCodeResponseSchema,
  userSchema,
} from '@dcbrief/shared';
import { SESSION_COOKIE } from '../src/app.js';
import { purgeExpiredLoginTokens } from '../src/modules/auth/auth.service.js';
import { LoginToken } from '../src/modules/auth/login-token.entity.js';
import { SignInRequest } from '../src/modules/auth/sign-in-request.entity.js';
import { UsersService } from '../src/modules/users/users.service.js';
import { json, TestClient } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { codeFrom, latestSignInMail, tokenFrom } from './support/users.js';

/** A code that is not `code` (same length, digits). */
function otherThan(code: string): string {
  const digits = code.replace(/\s/g, '');
  return digits.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
}

async function requestCode(ts: TestServer, email: string): Promise<string> {
  const res = await new TestClient(ts.url).post('/api/login', { email });
  assert.equal(res.status, 200);
  return codeFrom(await latestSignInMail(ts, email));
}

const tryCode = (ts: TestServer, body: Record<string, unknown>, client = new TestClient(ts.url)) => client.post('/api/login/code', body);

async function message(res: Response & { json(): Promise<unknown> }): Promise<string> {
  return (await json(res, errorResponseSchema)).message;
}

describe('sign-in by the one-time code in the email (decision 020)', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer();
  });
  after(() => ts.close());

  test('the email carries an 8-digit code beside the link; typed on another client, it signs in like the link', async () => {
    const email = 'desk@example.com';
    const code = await requestCode(ts, email);
    assert.match(code, /^\d{4} \d{4}$/);
    const mail = await latestSignInMail(ts, email);
    assert.match(mail.html as string, new RegExp(code), 'the HTML part shows the code too');
    assert.doesNotMatch(`${mail.subject}`, /\d{4}/, 'never in the subject, which lock screens show');

    const [row] = await ts.orm.em.fork().find(LoginToken, { email });
    assert.ok(row?.codeHash && row.codeHash.length === 64, 'the code is stored as a keyed hash');
    assert.ok(!JSON.stringify(row).includes(code.replace(' ', '')), 'never the code itself');

    // Another client: no cookie from the browser that asked for the code.
    const desktop = new TestClient(ts.url);
    const res = await tryCode(ts, { email: 'Desk@Example.com', code, timezone: 'America/Chicago' }, desktop);
    assert.equal(res.status, 200);
    assert.deepEqual(await json(res, signInCodeResponseSchema), { message: 'Signed in.', redirectTo: '/' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    assert.match(cookie, /httponly/i);
    assert.match(cookie, /samesite=lax/i);
    const user = await json(await desktop.get('/api/auth/user'), userSchema);
    assert.equal(user.email, email);
    assert.equal(user.subscriptionStatus, 'trialing', 'a first sign-in by code starts the free trial as the link does');
    assert.equal(user.timezone, 'America/Chicago');

    // The code used the link too, and itself.
    const link = await new TestClient(ts.url).request('POST', '/api/login/verify', { form: { token: tokenFrom(mail) } });
    assert.equal(link.status, 400);
    const again = await tryCode(ts, { email, code });
    assert.equal(again.status, 410);
    assert.equal(await message(again), 'That code has expired or was already used. Ask for a new one.');
  });

  test('the link used first makes the code worthless', async () => {
    const email = 'linkfirst@example.com';
    const code = await requestCode(ts, email);
    const token = tokenFrom(await latestSignInMail(ts, email));
    assert.equal((await new TestClient(ts.url).request('POST', '/api/login/verify', { form: { token } })).status, 303);
    const res = await tryCode(ts, { email, code });
    assert.equal(res.status, 410);
  });

  test('a code expires with its link after 15 minutes', async () => {
    const email = 'slow@example.com';
    const code = await requestCode(ts, email);
    ts.clock.advance(MAGIC_LINK_TTL_MS + 1000);
    try {
      const res = await tryCode(ts, { email, code });
      assert.equal(res.status, 410);
      assert.match(await message(res), /expired/);
      // Housekeeping drops the expired link and the request with its count.
      await purgeExpiredLoginTokens(ts.orm.em.fork(), ts.clock.now());
      assert.equal(await ts.orm.em.fork().count(SignInRequest, { email }), 0);
      assert.equal(await ts.orm.em.fork().count(LoginToken, { email }), 0);
    } finally {
      ts.clock.set(new Date());
    }
  });

  test('wrong codes say how many tries are left; after 5 even the right code is refused, and the link still works', async () => {
    const email = 'typo@example.com';
    const code = await requestCode(ts, email);
    const wrong = otherThan(code);
    const answers: string[] = [];
    for (let i = 0; i < SIGN_IN_CODE_MAX_TRIES; i++) {
      const res = await tryCode(ts, { email, code: wrong });
      assert.equal(res.status, 400);
      answers.push(await message(res));
    }
    assert.deepEqual(answers, [
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
      'That code is not right, and that was the last try. Ask for a new code, or use the link in the email.',
    ]);
    const locked = await tryCode(ts, { email, code });
    assert.equal(locked.status, 429);
    assert.equal(await message(locked), 'Too many wrong tries for this code. Ask for a new code, or use the link in the email.');

    const client = new TestClient(ts.url);
    const viaLink = await client.request('POST', '/api/login/verify', { form: { token: tokenFrom(await latestSignInMail(ts, email)) } });
    assert.equal(viaLink.status, 303, 'a lockout of the code does not lock its owner out of the link');
    assert.equal((await client.get('/api/auth/user')).status, 200);
  });

  test('guesses sent all at once cannot exceed the tries: one conditional UPDATE counts each', async () => {
    const email = 'burst@example.com';
    const code = await requestCode(ts, email);
    const wrong = otherThan(code);
    const results = await Promise.all(Array.from({ length: 20 }, () => tryCode(ts, { email, code: wrong })));
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [...Array(SIGN_IN_CODE_MAX_TRIES).fill(400), ...Array(20 - SIGN_IN_CODE_MAX_TRIES).fill(429)]);
    assert.equal((await tryCode(ts, { email, code })).status, 429);
  });

  test('a newer request invalidates the older code and starts the tries again', async () => {
    const email = 'twice@example.com';
    const first = await requestCode(ts, email);
    for (let i = 0; i < 3; i++) await tryCode(ts, { email, code: otherThan(first) });
    const second = await requestCode(ts, email);
    assert.notEqual(first, second);
    const old = await tryCode(ts, { email, code: first });
    assert.equal(old.status, 400);
    assert.equal(await message(old), 'That code is not right. 4 tries left.', 'the new request has its own 5 tries');
    const res = await tryCode(ts, { email, code: second });
    assert.equal(res.status, 200);
  });

  test('the code accepts spaces and dashes; a malformed code is refused without spending a try', async () => {
    const email = 'paste@example.com';
    const code = await requestCode(ts, email);
    const malformed = await tryCode(ts, { email, code: '12ab' });
    assert.equal(malformed.status, 400);
    assert.equal(await message(malformed), SIGN_IN_CODE_FORMAT);
    const wrong = await tryCode(ts, { email, code: otherThan(code) });
    assert.equal(await message(wrong), 'That code is not right. 4 tries left.', 'the malformed one did not count');
    const res = await tryCode(ts, { email, code: ` ${code.replace(' ', '-')} ` });
    assert.equal(res.status, 200);
  });

  test('next= is honoured when it is a path on this site and refused otherwise', async () => {
    const email = 'next@example.com';
    const code = await requestCode(ts, email);
    const refused = await tryCode(ts, { email, code, next: 'https://evil.example/' });
    assert.equal(refused.status, 400);
    const res = await tryCode(ts, { email, code, next: '/digests/d-7' });
    assert.equal(res.status, 200);
    assert.equal((await json(res, signInCodeResponseSchema)).redirectTo, '/digests/d-7');
  });

  test('the server page takes the code as a form: 303 to next, or the page again with the reason', async () => {
    const email = 'form@example.com';
    const client = new TestClient(ts.url);
    const asked = await client.request('POST', '/api/login', { form: { email, next: '/dashboard' } });
    const page = await asked.text();
    assert.match(page, /action="\/api\/login\/code"/);
    assert.match(page, /autocomplete="one-time-code"/);
    assert.match(page, /inputmode="numeric"/);
    const code = codeFrom(await latestSignInMail(ts, email));
    const wrong = await client.request('POST', '/api/login/code', { form: { email, code: otherThan(code), next: '/dashboard' } });
    assert.equal(wrong.status, 400);
    const again = await wrong.text();
    assert.match(again, /That code is not right\. 4 tries left\./);
    assert.match(again, /<input type="hidden" name="next" value="\/dashboard">/);
    // Another site cannot sign a visitor's browser into this account (login CSRF): its form post is refused.
    const crossSite = await new TestClient(ts.url).request('POST', '/api/login/code', {
      form: { email, code },
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(crossSite.status, 403);
    const ok = await client.request('POST', '/api/login/code', { form: { email, code, next: '/dashboard' } });
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.get('location'), '/dashboard');
    assert.equal((await client.get('/api/auth/user')).status, 200);
  });
});

describe('sign-in codes are rate limited', () => {
  test('per client address, right or wrong (429 with Retry-After)', async () => {
    const ts = await startTestServer({ rateLimits: { signInCodePerIp: { points: 3, durationSec: 600 } } });
    try {
      const code = await requestCode(ts, 'ip@example.com');
      for (let i = 0; i < 3; i++) assert.equal((await tryCode(ts, { email: 'other@example.com', code: '0000 0000' })).status, 410);
      const res = await tryCode(ts, { email: 'ip@example.com', code });
      assert.equal(res.status, 429);
      assert.ok(Number(res.headers.get('retry-after')) > 0);
    } finally {
      await ts.close();
    }
  });

  test('wrong codes per email across requests: a new request does not buy more guesses that day', async () => {
    const ts = await startTestServer({ rateLimits: { signInCodeWrongPerEmail: { points: 3, durationSec: 86_400 } } });
    try {
      const email = 'guessed@example.com';
      const first = await requestCode(ts, email);
      for (let i = 0; i < 3; i++) assert.equal((await tryCode(ts, { email, code: otherThan(first) })).status, 400);
      const second = await requestCode(ts, email);
      const res = await tryCode(ts, { email, code: second });
      assert.equal(res.status, 429);
      assert.equal(await message(res), 'Too many wrong codes for this email today. Use the link in the email to sign in.');
      const viaLink = await new TestClient(ts.url).request('POST', '/api/login/verify', {
        form: { token: tokenFrom(await latestSignInMail(ts, email)) },
      });
      assert.equal(viaLink.status, 303, 'the link still signs in');
    } finally {
      await ts.close();
    }
  });
});

describe('the code endpoint tells nobody who may sign in (SIGNUP_MODE=invite)', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer({ env: { SIGNUP_MODE: 'invite' } });
    await new UsersService(ts.orm.em.fork()).findOrCreate('member@example.com', { now: ts.clock.now() });
  });
  after(() => ts.close());

  test('an address that may sign in and one that may not get the same answers, try after try', async () => {
    for (const email of ['member@example.com', 'stranger@example.com']) {
      assert.equal((await new TestClient(ts.url).post('/api/login', { email })).status, 200);
    }
    const mails = await ts.mailFolder();
    assert.equal(mails.filter((m) => m.subject === 'Your DC Brief sign-in link').length, 1, 'only the member has a live code');
    const answers = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i <= SIGN_IN_CODE_MAX_TRIES; i++) {
        const res = await tryCode(ts, { email, code: '1111 2222' });
        out.push(`${res.status} ${await message(res)}`);
      }
      return out;
    };
    const member = await answers('member@example.com');
    const stranger = await answers('stranger@example.com');
    assert.deepEqual(stranger, member);
    assert.equal(member.at(-1), '429 Too many wrong tries for this code. Ask for a new code, or use the link in the email.');

    const never = await tryCode(ts, { email: 'never-asked@example.com', code: '1111 2222' });
    assert.equal(never.status, 410, 'no request, no code: the same for every address');
  });
});
