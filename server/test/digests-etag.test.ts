import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { digestListSchema } from '@dcbrief/shared';
import { json, type TestClient } from './support/client.js';
import { addDigests } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { signIn } from './support/users.js';

// The desktop app's check for a new digest: GET /api/digests?limit=1 with If-None-Match (docs/decisions/604).
describe('the latest digest, conditionally', () => {
  let ts: TestServer;
  let reader: TestClient;
  let other: TestClient;

  before(async () => {
    ts = await startTestServer();
    reader = await signIn(ts, 'reader@colo.example');
    other = await signIn(ts, 'other@colo.example');
    await addDigests(ts.orm, 'reader@colo.example', ['2026-11-23']);
    await addDigests(ts.orm, 'other@colo.example', ['2026-11-23']);
  });
  after(() => ts.close());

  test('an unchanged list answers 304 without a body; a new digest changes the ETag; the answer stays private', async () => {
    const first = await reader.get('/api/digests?limit=1');
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]{27}"$/);
    assert.equal(first.headers.get('cache-control'), 'private, no-store');
    const [latest] = await json(first, digestListSchema);
    assert.equal(latest?.date, '2026-11-23');

    const same = await reader.get('/api/digests?limit=1', { 'if-none-match': etag! });
    assert.equal(same.status, 304);
    assert.equal(await same.text(), '');
    assert.equal(same.headers.get('etag'), etag);

    await addDigests(ts.orm, 'reader@colo.example', ['2026-11-24']);
    const changed = await reader.get('/api/digests?limit=1', { 'if-none-match': etag! });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.equal((await json(changed, digestListSchema))[0]?.date, '2026-11-24');
  });

  test("another subscriber's ETag is not this one's, and without a session it is a 401 whatever the header", async () => {
    const mine = (await reader.get('/api/digests?limit=1')).headers.get('etag')!;
    const theirs = await other.get('/api/digests?limit=1', { 'if-none-match': mine });
    assert.equal(theirs.status, 200);
    const anon = await fetch(`${ts.url}/api/digests?limit=1`, { headers: { 'if-none-match': mine } });
    assert.equal(anon.status, 401);
  });
});
