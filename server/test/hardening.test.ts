import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { errorResponseSchema } from '@dcbrief/shared';
import { WaitlistEntry } from '../src/modules/waitlist/waitlist.entity.js';
import { json, TestClient, type TestResponse } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { signIn } from './support/users.js';

const valid = { email: 'ok@example.com', firstName: 'Ok', lastName: 'Person', phoneNumber: '+1 555 010 9999' };

describe('bad input never yields a 500 or a partial write', () => {
  let ts: TestServer;
  let webDir: string;
  before(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    ts = await startTestServer({ webDir });
  });
  after(async () => {
    await ts.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  async function expect4xx(res: TestResponse, status: number, message?: RegExp) {
    assert.equal(res.status, status);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const body = await json(res, errorResponseSchema);
    if (message) assert.match(body.message, message);
  }

  test('invalid JSON', async () => {
    const res = await new TestClient(ts.url).request('POST', '/api/waitlist', {
      body: '{"email": "a@b.c",',
      headers: { 'content-type': 'application/json' },
    });
    await expect4xx(res, 400, /not valid JSON/);
  });

  test('wrong content type', async () => {
    const c = new TestClient(ts.url);
    await expect4xx(
      await c.request('POST', '/api/waitlist', { body: JSON.stringify(valid), headers: { 'content-type': 'text/plain' } }),
      415,
    );
    await expect4xx(await c.request('PUT', '/api/waitlist/draft', { form: { email: 'x' } }), 415);
  });

  test('body over the limit', async () => {
    const res = await new TestClient(ts.url).post('/api/waitlist', { ...valid, firstName: 'x'.repeat(64 * 1024) });
    await expect4xx(res, 413, /too large/);
  });

  test('wrong types, unknown fields, overlong strings, non-object bodies', async () => {
    const c = new TestClient(ts.url);
    await expect4xx(await c.post('/api/waitlist', { ...valid, email: 42 }), 400);
    await expect4xx(await c.post('/api/waitlist', { ...valid, admin: true }), 400, /Unknown field: admin/);
    await expect4xx(await c.post('/api/waitlist', { ...valid, lastName: 'y'.repeat(101) }), 400, /too long/);
    await expect4xx(await c.post('/api/waitlist', [valid]), 400);
    await expect4xx(await c.post('/api/waitlist', 'just a string'), 400);
    await expect4xx(await c.post('/api/waitlist', null), 400);
    await expect4xx(await c.put('/api/waitlist/draft', { email: 'e'.repeat(300), firstName: '', lastName: '', phoneNumber: '' }), 400);
    await expect4xx(await c.request('POST', '/api/login', { json: { email: 'a@b.example', extra: 1 } }), 400);
    assert.equal(await ts.orm.em.fork().count(WaitlistEntry, {}), 0);
  });

  test('signed-in endpoints reject bad input too', async () => {
    const c = await signIn(ts, 'strict@example.com');
    await expect4xx(await c.request('POST', '/api/user/preferences', { body: '{', headers: { 'content-type': 'application/json' } }), 400);
    await expect4xx(await c.post('/api/feedback', { digestId: 'x'.repeat(65), rating: 5 }), 400);
    await expect4xx(await c.post('/api/feedback', { rating: 5 }), 400);
  });

  test('unknown /api paths are a JSON 404; other paths serve the web app (with 404 where it has no such page)', async () => {
    const c = new TestClient(ts.url);
    await expect4xx(await c.get('/api/nope'), 404);
    await expect4xx(await c.request('DELETE', '/api/digests'), 405);
    for (const [p, status] of [
      ['/', 200],
      ['/dashboard', 200],
      ['/subscribe', 200],
      ['/some/unknown/page', 404],
    ] as const) {
      const res = await c.get(p);
      assert.equal(res.status, status, p);
      assert.match(await res.text(), /<div id="root">/);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
    }
    const asset = await c.get('/assets/app-abc123.js');
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get('cache-control')!, /immutable/);
  });

  test('security headers with a CSP that allows Stripe', async () => {
    const res = await new TestClient(ts.url).get('/');
    const csp = res.headers.get('content-security-policy')!;
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self' https:\/\/js\.stripe\.com/);
    assert.match(csp, /frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    assert.match(csp, /connect-src 'self' https:\/\/api\.stripe\.com/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(res.headers.get('referrer-policy'));
    assert.ok(res.headers.get('x-request-id'));
    assert.ok(res.headers.get('permissions-policy'));
    // An API answer that is not a page carries what matters for one (OWASP REST): a CSP that lets nothing load or
    // frame it, no sniffing, no cross-origin read; errors too (docs/decisions/526).
    for (const api of [await new TestClient(ts.url).get('/api/auth/user'), await new TestClient(ts.url).get('/api/nope')]) {
      assert.equal(api.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(api.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'");
      assert.equal(api.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(api.headers.get('x-frame-options'), 'DENY');
      assert.equal(api.headers.get('cross-origin-resource-policy'), 'same-origin');
      assert.equal(api.headers.get('cache-control'), 'private, no-store');
      assert.equal(api.headers.get('permissions-policy'), null);
    }
    // A page answered under /api (the sign-in page) gets a page's headers.
    const page = await new TestClient(ts.url).get('/api/login');
    assert.match(page.headers.get('content-type')!, /text\/html/);
    assert.equal(page.headers.get('content-security-policy'), csp);
    assert.ok(page.headers.get('permissions-policy'));
    assert.ok(page.headers.get('referrer-policy'));
  });

  test('a cross-site POST is refused before it touches anything', async () => {
    const res = await new TestClient(ts.url).request('POST', '/api/waitlist', { json: valid, headers: { origin: 'https://evil.example' } });
    await expect4xx(res, 403, /Cross-site/);
    assert.equal(await ts.orm.em.fork().count(WaitlistEntry, {}), 0);
  });
});

describe('https deployments', () => {
  test('the session cookie is Secure when PUBLIC_URL is https', async () => {
    const ts = await startTestServer({ env: { PUBLIC_URL: 'https://brief.example.com' } });
    try {
      const res = await new TestClient(ts.url).put('/api/waitlist/draft', { email: 'a', firstName: '', lastName: '', phoneNumber: '' });
      const cookie = res.headers.getSetCookie().join(';');
      assert.equal(res.status, 200);
      assert.match(cookie, /secure/i);
    } finally {
      await ts.close();
    }
  });
});
