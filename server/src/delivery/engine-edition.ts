import type { EntityManager } from '@mikro-orm/core';
import { countWords } from '@dcbrief/shared';
import type { Orm } from '../db/orm.js';
import { perStatement } from '../db/per-statement.js';
import { buildEdition, type EditionStory as EngineStory } from '../engine/edition/edition.js';
import { Entity, EntityMention } from '../engine/entities/entity.entity.js';
import { Article } from '../engine/model/article.entity.js';
import type { KeyFigure } from '../engine/summarize/summary.types.js';
import type { Clock } from '../lib/clock.js';
import type { EditionReader, EditionStoryView, EditionWindow, StoryEntityView } from './edition-port.js';

/** The engine's ranked edition of a window, in the shape delivery consumes. */
export class EngineEditionReader implements EditionReader {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
  ) {}

  async build(window: EditionWindow, kind: 'daily' | 'weekly'): Promise<EditionStoryView[]> {
    const em = this.orm.em.fork();
    const edition = await buildEdition(em, {
      from: window.from,
      to: window.to,
      kind,
      now: this.clock.now(),
      select: window.by ?? 'ingested',
    });
    const ids = edition.stories.map((s) => s.id);
    const words = await sourceWordsOf(em, ids);
    const entities = await entitiesOf(em, ids);
    return edition.stories.map((story) => ({
      ...fromEngine(story),
      sourceWords: words.get(story.id) ?? 0,
      entities: entities.get(story.id) ?? [],
    }));
  }
}

/** A story of the engine's edition (also a saved `npm run edition -- --json`; older ones lack `ingestedAt`). */
export function fromEngine(
  story: Omit<EngineStory, 'ingestedAt' | 'keyFigures'> & {
    ingestedAt?: string;
    keyFigures: Array<Omit<KeyFigure, 'label'> & { label?: string }>;
  },
): EditionStoryView {
  return {
    id: story.id,
    title: story.title,
    interest: story.interest,
    interests: story.interests,
    corroboration: story.corroboration,
    summaries: story.summaries,
    // A saved edition from before labels has none: the figure stands as written, as it did then.
    keyFigures: story.keyFigures.map((f) => (f.label ? `${f.label}: ${f.text}` : f.text)),
    sources: story.sources.map((s) => ({ id: s.id, name: s.name, url: s.url || s.siteUrl, language: s.language })),
    languages: story.languages,
    firstSeenAt: new Date(story.firstSeenAt),
    ingestedAt: new Date(story.ingestedAt ?? story.firstSeenAt),
  };
}

/** Words of each stored article (title and text), remembered: an article never changes once stored. Starts over past this many. */
const ARTICLE_WORDS_MAX = 50_000;
const articleWords = new Map<string, number>();

/**
 * Words of the articles behind each story (docs/decisions/307): what a reader would have read to learn what
 * the digest tells them. Each article counts once, however many outlets carried it. Texts are read only for
 * articles not counted before, so a pass that builds many windows reads each article once.
 */
async function sourceWordsOf(em: EntityManager, storyIds: string[]): Promise<Map<string, number>> {
  const byStory = new Map<string, number>();
  const articles: Array<{ id: string; storyId: string }> = [];
  for (const ids of perStatement(storyIds)) {
    for (const a of await em.find(Article, { storyId: { $in: ids } }, { fields: ['id', 'storyId'], disableIdentityMap: true })) {
      articles.push({ id: a.id, storyId: a.storyId! });
    }
  }
  const counted = new Map<string, number>();
  for (const a of articles) {
    const words = articleWords.get(a.id);
    if (words !== undefined) counted.set(a.id, words);
  }
  const missing = articles.filter((a) => !counted.has(a.id)).map((a) => a.id);
  for (const ids of perStatement(missing)) {
    for (const a of await em.find(Article, { id: { $in: ids } }, { fields: ['id', 'title', 'text'], disableIdentityMap: true })) {
      const words = countWords(a.title) + countWords(a.text);
      counted.set(a.id, words);
      if (articleWords.size >= ARTICLE_WORDS_MAX) articleWords.clear();
      articleWords.set(a.id, words);
    }
  }
  for (const a of articles) byStory.set(a.storyId, (byStory.get(a.storyId) ?? 0) + (counted.get(a.id) ?? 0));
  return byStory;
}

/** The entities each story names (its mentions; a merge moved them to the entity merged into), by story. */
async function entitiesOf(em: EntityManager, storyIds: string[]): Promise<Map<string, StoryEntityView[]>> {
  const pairs: Array<{ storyId: string; entityId: string }> = [];
  for (const ids of perStatement(storyIds)) {
    for (const m of await em.find(EntityMention, { storyId: { $in: ids } }, { fields: ['storyId', 'entityId'], disableIdentityMap: true }))
      pairs.push({ storyId: m.storyId, entityId: m.entityId });
  }
  const entities = new Map<string, StoryEntityView>();
  for (const ids of perStatement([...new Set(pairs.map((p) => p.entityId))])) {
    for (const e of await em.find(Entity, { id: { $in: ids } }, { fields: ['id', 'name', 'kind', 'country'], disableIdentityMap: true }))
      entities.set(e.id, { id: e.id, name: e.name, kind: e.kind, country: e.country });
  }
  const byStory = new Map<string, StoryEntityView[]>();
  for (const { storyId, entityId } of pairs) {
    const entity = entities.get(entityId);
    const list = byStory.get(storyId) ?? [];
    if (entity && !list.some((e) => e.id === entityId)) list.push(entity);
    byStory.set(storyId, list);
  }
  return byStory;
}
