import { Entity, EntityFact, EntityMention } from '../../src/engine/entities/entity.entity.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { Story } from '../../src/engine/model/story.entity.js';
import { flatUUID } from '../../src/lib/ids.js';
import type { TestServer } from './harness.js';

/** The engine's rows an ingest pass would have left: sources, stories, articles, entities, mentions and facts. */
export async function seedEntities(ts: TestServer) {
  const em = ts.orm.em.fork();
  const source = (id: string, name: string) =>
    Object.assign(new Source(), {
      id,
      name,
      siteUrl: `https://${id}.example`,
      feedUrl: `https://${id}.example/feed`,
      language: 'en',
      country: 'US',
    });
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
    entity('aragon-campus', 'site', 'Aragon campus', { country: 'ES', operatorId: 'microsoft', placeId: 'spain' }),
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
    fact(
      'microsoft',
      aragon,
      '2026-11-10T08:00:00Z',
      'Microsoft will invest €2.5 billion in Aragon.',
      { type: 'investment', amount: 2.5e9, currency: 'EUR', usd: 2.7e9 },
      [a1, a2],
    ),
    fact(
      'microsoft',
      aragon,
      '2026-11-10T08:00:00Z',
      'The 300 MW campus is under construction.',
      { type: 'capacity', mw: 300, stage: 'construction' },
      [a1],
    ),
    fact('microsoft', aragon, '2026-11-10T08:00:00Z', 'Microsoft disclosed the Aragon plan.', { type: 'status', status: 'disclosed' }, [
      a1,
    ]),
    fact('microsoft', permit, '2026-11-25T09:00:00Z', 'The council granted the permit.', { type: 'status', status: 'permitted' }, [a3]),
  ]);
  return { aragon, permit, older };
}
