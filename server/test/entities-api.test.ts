import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { entityDetailSchema, entityListSchema } from '@dcbrief/shared';
import { json, type TestClient } from './support/client.js';
import { Entity, EntityMention } from '../src/engine/entities/entity.entity.js';
import { seedEntities } from './support/entities.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { signIn } from './support/users.js';

const NOW = '2026-11-28T12:00:00.000Z';

describe('the entity pages’ API', () => {
  let ts: TestServer;
  let reader: TestClient;
  let stories: Awaited<ReturnType<typeof seedEntities>>;

  before(async () => {
    ts = await startTestServer({ now: NOW });
    reader = await signIn(ts, 'reader@colo.example');
    stories = await seedEntities(ts);
  });
  after(() => ts.close());

  const search = async (q: string) => json(await reader.get(`/api/entities?q=${encodeURIComponent(q)}`), entityListSchema);

  test('finds an entity by name or alias in any script, case and accents folded, Cyrillic and Greek in Latin letters', async () => {
    assert.equal((await search('MICROSOFT'))[0]?.id, 'microsoft');
    assert.equal((await search('Майкрософт'))[0]?.id, 'microsoft');
    assert.equal((await search('マイクロソフト'))[0]?.id, 'microsoft');
    assert.equal((await search('zurich'))[0]?.id, 'zurich');
    assert.equal((await search('espana'))[0]?.id, 'spain');
    assert.equal((await search('athina'))[0]?.id, 'athens', 'a Greek alias meets its Latin spelling');
    assert.equal((await search('Москва'))[0]?.id, 'moscow', 'a Cyrillic query meets a Latin alias');
    assert.deepEqual(await search('nothing like it'), []);
  });

  test('ranks the exact name first, then names that start with it, then by stories; merged entities never answer', async () => {
    const found = await search('micro');
    assert.deepEqual(
      found.map((e) => e.id),
      ['micro', 'microsoft', 'intermicro'],
    );
    assert.equal(found[1]?.stories, 2);
    assert.equal(found[1]?.facts, 4);
    assert.ok(!(await search('old ms')).some((e) => e.id === 'old-ms'));
    const places = await json(await reader.get('/api/entities?q=micro&kind=place'), entityListSchema);
    assert.deepEqual(places, [], 'kind narrows a search');
  });

  test('the week’s most active entities follow the app’s clock', async () => {
    const active = await json(await reader.get('/api/entities/active'), entityListSchema);
    assert.deepEqual(
      active.map((e) => [e.id, e.stories, e.facts]),
      [
        ['microsoft', 1, 1],
        ['aragon-campus', 1, 0],
        ['equinix', 1, 0],
      ],
    );
    const places = await json(await reader.get('/api/entities/active?kind=place'), entityListSchema);
    assert.deepEqual(places, []);
    ts.clock.advance(30 * 24 * 3600 * 1000);
    try {
      assert.deepEqual(await json(await reader.get('/api/entities/active'), entityListSchema), []);
    } finally {
      ts.clock.set(NOW);
    }
  });

  test('an entity’s page: current status, capacity and money with outlets, timeline newest first, related, stories', async () => {
    const ms = await json(await reader.get('/api/entities/microsoft'), entityDetailSchema);
    assert.equal(ms.name, 'Microsoft');
    assert.equal(ms.followed, false);
    assert.equal(ms.current.status?.status, 'permitted');
    assert.equal(ms.current.status?.statedAt, '2026-11-25T09:00:00.000Z');
    assert.deepEqual(
      ms.current.status?.outlets.map((o) => o.name),
      ['DatacenterDynamics'],
    );
    assert.match(ms.current.status?.outlets[0]?.url ?? '', /^https:\/\/dcd\.example\//);
    assert.deepEqual(
      ms.current.capacity.map((f) => [f.stage, f.mw]),
      [['construction', 300]],
    );
    assert.equal(ms.current.investment?.usd, 2.7e9);
    assert.deepEqual(
      ms.current.investment?.outlets.map((o) => o.name),
      ['DatacenterDynamics', 'El País'],
    );
    assert.ok(ms.current.investment?.outlets.every((o) => o.url?.startsWith(`https://${o.id}.example/`)));
    assert.equal(ms.timeline.length, 4);
    assert.equal(ms.timeline[0]?.status, 'permitted', 'newest first');
    assert.equal(ms.timeline[0]?.storyId, stories.permit.id);
    assert.deepEqual(
      ms.related.map((r) => [r.id, r.relation]),
      [
        ['aragon-campus', 'site'],
        ['equinix', 'named-with'],
        ['spain', 'named-with'],
      ],
    );
    assert.deepEqual(
      ms.stories.map((s) => [s.id, s.about]),
      [
        [stories.permit.id, true],
        [stories.aragon.id, true],
      ],
    );

    const site = await json(await reader.get('/api/entities/aragon-campus'), entityDetailSchema);
    assert.deepEqual(
      site.related.slice(0, 2).map((r) => [r.id, r.relation]),
      [
        ['microsoft', 'operator'],
        ['spain', 'place'],
      ],
    );
    assert.equal(site.current.status, null);
  });

  test('a merged id answers with the entity it was merged into', async () => {
    const ms = await json(await reader.get('/api/entities/old-ms'), entityDetailSchema);
    assert.equal(ms.id, 'microsoft');
  });

  test('`followed` says whether this subscriber follows it, through the follows routes', async () => {
    const other = await signIn(ts, 'other@colo.example');
    assert.equal((await reader.put('/api/follows/microsoft', {})).status, 201);
    assert.equal((await json(await reader.get('/api/entities/microsoft'), entityDetailSchema)).followed, true);
    assert.equal((await json(await reader.get('/api/entities/old-ms'), entityDetailSchema)).followed, true, 'through a merge');
    assert.equal(
      (await json(await other.get('/api/entities/microsoft'), entityDetailSchema)).followed,
      false,
      'not for another subscriber',
    );
    assert.equal((await reader.request('DELETE', '/api/follows/microsoft', { json: {} })).status, 204);
    assert.equal((await json(await reader.get('/api/entities/microsoft'), entityDetailSchema)).followed, false);
  });

  test('bad input is a 400 with a message, an unknown id a 404, and signed out a 401', async () => {
    const empty = await reader.get('/api/entities?q=%20');
    assert.equal(empty.status, 400);
    assert.deepEqual(await empty.json(), { message: 'q: Type a name to search for.' });
    const missing = await reader.get('/api/entities');
    assert.equal(missing.status, 400);
    assert.deepEqual(await missing.json(), { message: 'q: Type a name to search for.' });
    const long = await reader.get(`/api/entities?q=${'x'.repeat(121)}`);
    assert.equal(long.status, 400);
    assert.deepEqual(await long.json(), { message: 'q: That name is too long.' });
    const kind = await reader.get('/api/entities/active?kind=planet');
    assert.equal(kind.status, 400);
    assert.match((await kind.json()).message, /kind/);
    const unknown = await reader.get('/api/entities/no-such-entity');
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { message: 'Entity not found' });
    const tooLong = await reader.get(`/api/entities/${'x'.repeat(81)}`);
    assert.equal(tooLong.status, 400);
    for (const path of ['/api/entities?q=microsoft', '/api/entities/active', '/api/entities/microsoft']) {
      const anon = await fetch(`${ts.url}${path}`);
      assert.equal(anon.status, 401, path);
      assert.deepEqual(await anon.json(), { message: 'Unauthorized' });
    }
  });
});

describe('the week’s most active entities, many of them', () => {
  test('the first 20 by stories, then facts, then name; merged entities and other kinds skipped', async () => {
    const ts = await startTestServer({ now: NOW });
    try {
      const reader = await signIn(ts, 'busy@colo.example');
      const em = ts.orm.em.fork();
      // 150 companies named by 1 to 15 stories this week (ties of ten), every seventh merged, every fifth a place.
      const entities = Array.from({ length: 150 }, (_, i) =>
        Object.assign(new Entity(), {
          id: `busy-${i}`,
          name: `Busy ${String(149 - i).padStart(3, '0')}`,
          kind: i % 5 === 0 ? 'place' : 'company',
          mergedInto: i % 7 === 0 ? 'microsoft' : null,
        }),
      );
      await em.insertMany(Entity, entities);
      const at = new Date(Date.parse(NOW) - 3600_000);
      const storyIds = Array.from({ length: 15 }, () => crypto.randomUUID());
      const mentions = entities.flatMap((e, i) =>
        Array.from({ length: 1 + Math.floor(i / 10) }, (_, n) =>
          Object.assign(new EntityMention(), { entityId: e.id, storyId: storyIds[n]!, articleId: null, publishedAt: at }),
        ),
      );
      await em.insertMany(EntityMention, mentions);
      const expected = (kind: string) =>
        entities
          .map((e, i) => ({ e, stories: 1 + Math.floor(i / 10) }))
          .filter(({ e }) => !e.mergedInto && e.kind === kind)
          .sort((a, b) => b.stories - a.stories || a.e.name.localeCompare(b.e.name))
          .slice(0, 20)
          .map(({ e, stories }) => [e.id, stories]);
      // Places are few: the list reads past the first hundred ranked entities to fill up.
      for (const kind of ['company', 'place']) {
        const active = await json(await reader.get(`/api/entities/active?kind=${kind}`), entityListSchema);
        assert.deepEqual(
          active.map((e) => [e.id, e.stories]),
          expected(kind),
          kind,
        );
      }
    } finally {
      await ts.close();
    }
  });
});
