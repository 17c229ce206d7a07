import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorResponseSchema, NEXT_PATH_REFUSED } from '@dcbrief/shared';
import { json, TestClient } from './support/client.js';
import { firstLink, startTestServer, type TestServer } from './support/harness.js';
import { recipient, signIn } from './support/users.js';

/** "Read it in your browser" while signed out: sign in, and land on that digest (`next=`). */
describe('sign-in carries next= to the page it came from', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer();
  });
  after(() => ts.close());

  const verifyLink = async (email: string) => {
    const mail = (await ts.mailFolder()).filter((m) => recipient(m) === email).at(-1);
    assert.ok(mail, `a sign-in email for ${email}`);
    return new URL(firstLink(mail, /https?:\/\/\S+\/api\/login\/verify\?token=\S+/));
  };

  test('the JSON request, the emailed link, the confirmation page and the redirect all keep a same-origin path', async () => {
    const client = new TestClient(ts.url);
    const res = await client.post('/api/login', { email: 'reader@example.com', next: '/digests/d-42?from=email' });
    assert.equal(res.status, 200);
    const link = await verifyLink('reader@example.com');
    assert.equal(link.searchParams.get('next'), '/digests/d-42?from=email');

    const page = await client.get(`${link.pathname}${link.search}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<input type="hidden" name="next" value="\/digests\/d-42\?from=email">/);

    const confirm = await client.request('POST', '/api/login/verify', {
      form: { token: link.searchParams.get('token')!, next: '/digests/d-42?from=email' },
    });
    assert.equal(confirm.status, 303);
    assert.equal(confirm.headers.get('location'), '/digests/d-42?from=email');
    assert.equal((await client.get('/api/auth/user')).status, 200);
  });

  test('the sign-in page keeps next= in its form, and its form post carries it into the link', async () => {
    const client = new TestClient(ts.url);
    const page = await client.get('/api/login?next=%2Fdigests%2Fd-7');
    assert.match(await page.text(), /<input type="hidden" name="next" value="\/digests\/d-7">/);
    const res = await client.request('POST', '/api/login', { form: { email: 'form@example.com', next: '/digests/d-7' } });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /href="\/api\/login\?email=form%40example\.com&amp;next=%2Fdigests%2Fd-7">send another link/);
    assert.equal((await verifyLink('form@example.com')).searchParams.get('next'), '/digests/d-7');
  });

  for (const next of ['https://evil.example/digests/1', '//evil.example/digests/1', '/\\evil.example', 'javascript:alert(1)']) {
    test(`an address off the site is refused: ${next}`, async () => {
      const before = (await ts.mailFolder()).length;
      const apiRes = await new TestClient(ts.url).post('/api/login', { email: 'victim@example.com', next });
      assert.equal(apiRes.status, 400);
      assert.deepEqual(await json(apiRes, errorResponseSchema), { message: NEXT_PATH_REFUSED });

      const formRes = await new TestClient(ts.url).request('POST', '/api/login', { form: { email: 'victim@example.com', next } });
      assert.equal(formRes.status, 400);
      assert.match(await formRes.text(), /must be a path on this site/);
      assert.equal((await ts.mailFolder()).length, before, 'no link is sent for a refused request');

      const page = await new TestClient(ts.url).get(`/api/login?next=${encodeURIComponent(next)}`);
      assert.equal(page.status, 200);
      assert.doesNotMatch(await page.text(), /name="next"/, 'the sign-in page drops it');
    });
  }

  test('a next= off the site added to a real link is ignored: sign-in lands on / and the token still works once', async () => {
    const client = new TestClient(ts.url);
    await client.post('/api/login', { email: 'tampered@example.com' });
    const link = await verifyLink('tampered@example.com');
    assert.equal(link.searchParams.get('next'), null, 'no next= without one asked for');
    const token = link.searchParams.get('token')!;
    const page = await client.get(`/api/login/verify?token=${token}&next=${encodeURIComponent('//evil.example')}`);
    assert.doesNotMatch(await page.text(), /name="next"/);
    const confirm = await client.request('POST', '/api/login/verify', { form: { token, next: 'https://evil.example/' } });
    assert.equal(confirm.status, 303);
    assert.equal(confirm.headers.get('location'), '/');
  });

  test('already signed in, the sign-in page goes straight to next=, or home when it leaves the site', async () => {
    const client = await signIn(ts, 'already@example.com');
    const inside = await client.get('/api/login?next=%2Fdigests%2Fd-9');
    assert.equal(inside.status, 302);
    assert.equal(inside.headers.get('location'), '/digests/d-9');
    const outside = await client.get(`/api/login?next=${encodeURIComponent('//evil.example')}`);
    assert.equal(outside.headers.get('location'), '/');
  });
});
