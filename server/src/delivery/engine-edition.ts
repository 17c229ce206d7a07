import type { EntityManager } from '@mikro-orm/core';
import { countWords, type EntityRef } from '@dcbrief/shared';
import type { Orm } from '../db/orm.js';
import { perStatement } from '../db/per-statement.js';
import { buildEdition, type EditionStory as EngineStory } from '../engine/edition/edition.js';
import { Entity, EntityMention } from '../engine/entities/entity.entity.js';
import { Article } from '../engine/model/article.entity.js';
import type { KeyFigure } from '../engine/summarize/summary.types.js';
import type { Clock } from '../lib/clock.js';
import type { EditionReader, EditionStoryView, EditionWindow } from './edition-port.js';

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
    const entities = await storyEntitiesOf(em, ids);
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

/**
 * The entities each story names, as links (issue 26): those it is about first, then the most named (by how many of
 * its articles name them): all of them (followed stories match on any; a digest story shows the first
 * DIGEST_STORY_ENTITIES_MAX). Merged entities have moved their mentions already.
 */
async function storyEntitiesOf(em: EntityManager, storyIds: string[]): Promise<Map<string, EntityRef[]>> {
  const tally = new Map<string, Map<string, { about: boolean; n: number }>>();
  for (const ids of perStatement(storyIds)) {
    const mentions = await em.find(
      EntityMention,
      { storyId: { $in: ids } },
      { fields: ['storyId', 'entityId', 'about'], disableIdentityMap: true },
    );
    for (const m of mentions) {
      let byEntity = tally.get(m.storyId);
      if (!byEntity) tally.set(m.storyId, (byEntity = new Map()));
      const t = byEntity.get(m.entityId) ?? { about: false, n: 0 };
      byEntity.set(m.entityId, { about: t.about || m.about, n: t.n + 1 });
    }
  }
  const picked = new Map<string, string[]>();
  for (const [storyId, byEntity] of tally) {
    const ids = [...byEntity]
      .sort(([a, x], [b, y]) => Number(y.about) - Number(x.about) || y.n - x.n || a.localeCompare(b))
      .map(([id]) => id);
    picked.set(storyId, ids);
  }
  const refs = new Map<string, EntityRef>();
  for (const ids of perStatement([...new Set([...picked.values()].flat())])) {
    const rows = await em.find(
      Entity,
      { id: { $in: ids }, mergedInto: null },
      { fields: ['id', 'name', 'kind', 'country'], disableIdentityMap: true },
    );
    for (const e of rows) refs.set(e.id, { id: e.id, name: e.name, kind: e.kind, country: e.country });
  }
  const out = new Map<string, EntityRef[]>();
  for (const [storyId, ids] of picked) {
    out.set(
      storyId,
      ids.map((id) => refs.get(id)).filter((r): r is EntityRef => !!r),
    );
  }
  return out;
}
