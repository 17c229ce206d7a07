import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { entityDetailSchema, entityListSchema } from '@dcbrief/shared';
import { Entity, EntityFact, EntityMention } from '../src/engine/entities/entity.entity.js';
import { Article } from '../src/engine/model/article.entity.js';
import { Source } from '../src/engine/model/source.entity.js';
import { Story } from '../src/engine/model/story.entity.js';
import { flatUUID } from '../src/lib/ids.js';
import { json, type TestClient } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { signIn } from './support/users.js';

const NOW = '2026-11-28T12:00:00.000Z';

/** The engine's rows an ingest pass would have left: sources, stories, articles, entities, mentions and facts. */
export async function seedEntities(ts: TestServer) {
  const em = ts.orm.em.fork();
  const source = (id: string, name: string) =>
    Object.assign(new Source(), { id, name, siteUrl: `https://${id}.example`, feedUrl: `https://${id}.example/feed`, language: 'en', country: 'US' });
  const story = (title: string, at: string) =>
    Object.assign(new Story(), {
      id: flatUUID(),
      title,
      titleLanguage: 'en',
      interest: 'infrastructure',
      classification: {},
      summaries: { brief: [], standard: [], detailed: [] },
      firstSeenAt: new Date(at),
      lastSeenAt: new Date(at),
      ingestedAt: new Date(at),
    });
  const aragon = story('Microsoft to invest €2.5bn in Aragon', '2026-11-10T08:00:00Z');
  const permit = story('Aragon campus of Microsoft gets its permit', '2026-11-25T09:00:00Z');
  const older = story('Equinix opens a site in Madrid', '2026-10-01T09:00:00Z');
  const article = (storyId: string, sourceId: string, at: string) => {
    const id = flatUUID();
    const url = `https://${sourceId}.example/${id}`;
    return Object.assign(new Article(), {
      id,
      sourceId,
      url,
      canonicalUrl: url,
      contentHash: id,
      title: 't',
      text: 't',
      language: 'en',
      publishedAt: new Date(at),
      fetchedAt: new Date(at),
      storyId,
    });
  };
  const a1 = article(aragon.id, 'dcd', '2026-11-10T08:00:00Z');
  const a2 = article(aragon.id, 'el-pais', '2026-11-10T10:00:00Z');
  const a3 = article(permit.id, 'dcd', '2026-11-25T09:00:00Z');
  const entity = (id: string, kind: Entity['kind'], name: string, extra: Partial<Entity> = {}) =>
    Object.assign(new Entity(), { id, kind, name, country: kind === 'place' ? 'ES' : 'US', ...extra });
  const mention = (entityId: string, s: Story, about: boolean) =>
    Object.assign(new EntityMention(), { entityId, storyId: s.id, articleId: null, about, publishedAt: s.firstSeenAt });
  const fact = (entityId: string, s: Story, at: string, sentence: string, value: Partial<EntityFact>, articles: Article[]) =>
    Object.assign(new EntityFact(), {
      entityId,
      storyId: s.id,
      statedAt: new Date(at),
      sentence,
      language: 'en',
      sourceIds: articles.map((a) => a.sourceId),
      articleIds: articles.map((a) => a.id),
      ...value,
    });
  await em.insertMany(Source, [source('dcd', 'DatacenterDynamics'), source('el-pais', 'El País')]);
  await em.insertMany(Story, [aragon, permit, older]);
  await em.insertMany(Article, [a1, a2, a3]);
  await em.insertMany(Entity, [
    entity('microsoft', 'company', 'Microsoft', { aliases: ['Майкрософт', 'マイクロソフト'], role: 'hyperscaler' }),
    entity('old-ms', 'company', 'Old MS', { mergedInto: 'microsoft' }),
    entity('micro', 'company', 'Micro'),
    entity('intermicro', 'company', 'Intermicro'),
    entity('equinix', 'company', 'Equinix', { role: 'colocation' }),
    entity('spain', 'place', 'Spain', { level: 'country', aliases: ['España'] }),
    entity('zurich', 'place', 'Zürich', { level: 'city', country: 'CH' }),
    entity('athens', 'place', 'Athens', { level: 'city', country: 'GR', aliases: ['Αθήνα'] }),
    entity('moscow', 'place', 'Moscow', { level: 'city', country: 'RU', aliases: ['Moskva'] }),
    entity('aragon-campus', 'site', 'Aragon campus', { operatorId: 'microsoft', placeId: 'spain' }),
  ]);
  await em.insertMany(EntityMention, [
    mention('microsoft', aragon, true),
    mention('microsoft', permit, true),
    mention('aragon-campus', aragon, true),
    mention('aragon-campus', permit, false),
    mention('spain', aragon, false),
    mention('equinix', older, true),
    mention('equinix', permit, false),
  ]);
  await em.insertMany(EntityFact, [
    fact('microsoft', aragon, '2026-11-10T08:00:00Z', 'Microsoft will invest €2.5 billion in Aragon.', { type: 'investment', amount: 2.5e9, currency: 'EUR', usd: 2.7e9 }, [a1, a2]),
    fact('microsoft', aragon, '2026-11-10T08:00:00Z', 'The 300 MW campus is under construction.', { type: 'capacity', mw: 300, stage: 'construction' }, [a1]),
    fact('microsoft', aragon, '2026-11-10T08:00:00Z', 'Microsoft disclosed the Aragon plan.', { type: 'status', status: 'disclosed' }, [a1]),
    fact('microsoft', permit, '2026-11-25T09:00:00Z', 'The council granted the permit.', { type: 'status', status: 'permitted' }, [a3]),
  ]);
  return { aragon, permit, older };
}

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
    assert.deepEqual(ms.current.status?.outlets.map((o) => o.name), ['DatacenterDynamics']);
    assert.match(ms.current.status?.outlets[0]?.url ?? '', /^https:\/\/dcd\.example\//);
    assert.deepEqual(
      ms.current.capacity.map((f) => [f.stage, f.mw]),
      [['construction', 300]],
    );
    assert.equal(ms.current.investment?.usd, 2.7e9);
    assert.deepEqual(ms.current.investment?.outlets.map((o) => o.name), ['DatacenterDynamics', 'El País']);
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
