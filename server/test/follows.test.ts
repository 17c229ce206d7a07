import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MAX_FOLLOWS, followListSchema, followSchema, followSuggestionListSchema } from '@dcbrief/shared';
import { Entity } from '../src/engine/entities/entity.entity.js';
import { syncSeedEntities } from '../src/engine/entities/entities.service.js';
import { Follow } from '../src/modules/follows/follow.entity.js';
import { FollowAlertSettings } from '../src/modules/follows/follow-alert.entity.js';
import { User } from '../src/modules/users/user.entity.js';
import { TestClient } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { signIn } from './support/users.js';

describe('following entities', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer();
    const em = ts.orm.em.fork();
    await syncSeedEntities(em, ts.clock.now());
    // An id the operator merged into Equinix still names it.
    await em.insert(
      Entity,
      Object.assign(new Entity(), { id: 'equinix-old', kind: 'company', name: 'Equinix Old', mergedInto: 'equinix' }),
    );
    for (let n = 0; n < MAX_FOLLOWS + 1; n++)
      await em.insert(
        Entity,
        Object.assign(new Entity(), { id: `filler-${n}`, kind: 'company', name: `Filler ${n}`, status: 'candidate' }),
      );
  });
  after(() => ts.close());

  test('signed out: every call is a 401', async () => {
    const client = new TestClient(ts.url);
    assert.equal((await client.get('/api/follows')).status, 401);
    assert.equal((await client.put('/api/follows/microsoft', {})).status, 401);
    assert.equal((await client.request('DELETE', '/api/follows/microsoft')).status, 401);
  });

  test('follow, follow again, list, unfollow', async () => {
    const client = await signIn(ts, 'follower@example.com');
    assert.deepEqual(await (await client.get('/api/follows')).json(), []);
    const first = await client.put('/api/follows/microsoft', {});
    assert.equal(first.status, 201);
    const follow = followSchema.parse(await first.json());
    assert.equal(follow.id, 'microsoft');
    assert.equal(follow.name, 'Microsoft');
    assert.equal(follow.kind, 'company');
    const again = await client.put('/api/follows/microsoft', {});
    assert.equal(again.status, 200);
    assert.deepEqual(followSchema.parse(await again.json()), follow);
    const list = followListSchema.parse(await (await client.get('/api/follows')).json());
    assert.deepEqual(
      list.map((f) => f.id),
      ['microsoft'],
    );
    const gone = await client.request('DELETE', '/api/follows/microsoft');
    assert.equal(gone.status, 204);
    assert.deepEqual(await (await client.get('/api/follows')).json(), []);
    assert.equal((await client.request('DELETE', '/api/follows/microsoft')).status, 204);
  });

  test('an unknown entity is a 404 with a message', async () => {
    const client = await signIn(ts, 'unknown@example.com');
    const res = await client.put('/api/follows/no-such-entity', {});
    assert.equal(res.status, 404);
    assert.equal(typeof (await res.json()).message, 'string');
  });

  test('a merged id follows the entity it was merged into, once', async () => {
    const client = await signIn(ts, 'merged@example.com');
    const res = await client.put('/api/follows/equinix-old', {});
    assert.equal(res.status, 201);
    assert.equal((await res.json()).id, 'equinix');
    assert.equal((await client.put('/api/follows/equinix', {})).status, 200);
    assert.deepEqual(
      (await (await client.get('/api/follows')).json()).map((f: { id: string }) => f.id),
      ['equinix'],
    );
    assert.equal((await client.request('DELETE', '/api/follows/equinix-old')).status, 204);
    assert.deepEqual(await (await client.get('/api/follows')).json(), []);
  });

  test(`at most ${MAX_FOLLOWS} follows; beyond, a 4xx with a message`, async () => {
    const client = await signIn(ts, 'many@example.com');
    for (let n = 0; n < MAX_FOLLOWS; n++) assert.equal((await client.put(`/api/follows/filler-${n}`, {})).status, 201);
    const over = await client.put(`/api/follows/filler-${MAX_FOLLOWS}`, {});
    assert.ok(over.status >= 400 && over.status < 500, `status ${over.status}`);
    assert.match((await over.json()).message, /100/);
    // Following one already followed still answers it.
    assert.equal((await client.put('/api/follows/filler-0', {})).status, 200);
    assert.equal((await (await client.get('/api/follows')).json()).length, MAX_FOLLOWS);
  });

  test('a write from another site is refused', async () => {
    const client = await signIn(ts, 'csrf@example.com');
    const res = await client.request('PUT', '/api/follows/microsoft', { json: {}, headers: { origin: 'https://evil.example' } });
    assert.equal(res.status, 403);
    const del = await client.request('DELETE', '/api/follows/microsoft', { json: {}, headers: { origin: 'https://evil.example' } });
    assert.equal(del.status, 403);
    assert.deepEqual(await (await client.get('/api/follows')).json(), []);
  });

  test('Additional Notes become suggested follows, never follows by themselves', async () => {
    const client = await signIn(ts, 'notes@example.com');
    assert.deepEqual(await (await client.get('/api/follows/suggestions')).json(), []);
    const saved = await client.post('/api/user/preferences', { notes: 'Track Equinix in Frankfurt, and microsoft. Also liquid cooling.' });
    assert.equal(saved.status, 200);
    const suggestions = followSuggestionListSchema.parse(await (await client.get('/api/follows/suggestions')).json());
    const ids = suggestions.map((s) => s.id);
    assert.ok(ids.includes('equinix') && ids.includes('microsoft'), ids.join(', '));
    assert.ok(ids.indexOf('equinix') < ids.indexOf('microsoft'), 'in the order typed');
    assert.equal(suggestions.find((s) => s.id === 'microsoft')!.matched, 'microsoft');
    assert.deepEqual(await (await client.get('/api/follows')).json(), [], 'nothing is followed unasked');
    assert.equal((await client.put('/api/follows/equinix', {})).status, 201);
    const after = followSuggestionListSchema.parse(await (await client.get('/api/follows/suggestions')).json());
    assert.ok(!after.some((s) => s.id === 'equinix'), 'a followed entity is no longer suggested');
    assert.ok(after.some((s) => s.id === 'microsoft'));
  });

  test('notes in another language or script suggest what they name, inflected names too', async () => {
    const client = await signIn(ts, 'notes-ru@example.com');
    const saved = await client.post('/api/user/preferences', {
      notes: 'Я слежу за Яндексом и за дата-центрами в Москве.\nマイクロソフトと大阪のデータセンター',
    });
    assert.equal(saved.status, 200);
    const suggestions = followSuggestionListSchema.parse(await (await client.get('/api/follows/suggestions')).json());
    assert.deepEqual(
      suggestions.map((s) => [s.id, s.matched]),
      [
        ['yandex', 'Яндексом'],
        ['moscow', 'Москве'],
        ['microsoft', 'マイクロソフト'],
        ['osaka', '大阪'],
      ],
    );
  });

  test('deleting the account deletes its follows and alert settings', async () => {
    const client = await signIn(ts, 'leaving@example.com');
    assert.equal((await client.put('/api/follows/microsoft', {})).status, 201);
    assert.equal((await client.put('/api/follow-alerts', { email: true })).status, 200);
    const em = ts.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: 'leaving@example.com' });
    assert.equal(await em.count(Follow, { user: user.id }), 1);
    assert.equal((await client.post('/api/account/delete', { confirm: true })).status, 200);
    assert.equal(await em.count(Follow, { user: user.id }), 0);
    assert.equal(await em.count(FollowAlertSettings, { user: user.id }), 0);
  });
});
