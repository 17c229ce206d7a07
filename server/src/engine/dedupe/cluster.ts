import type { Anchors } from './anchors.js';
import { bandKeys, similarity } from './minhash.js';

export interface ClusterArticle {
  id: string;
  sourceId: string;
  publishedAt: Date;
  signature: number[];
  anchors: Anchors;
}

export interface StoryMatch {
  storyId: string;
  reason: 'text' | 'anchors';
  score: number;
}

interface StoryEntry {
  articles: ClusterArticle[];
  quantities: Set<string>;
  entities: Set<string>;
  dates: Set<string>;
  first: number;
  last: number;
}

export const TEXT_MATCH = 0.5;
export const WIRE_COPY = 0.7;
const WINDOW_MS = 72 * 3600_000;

/**
 * Assigns articles to stories. Same event = near-duplicate text (MinHash, same language or translated),
 * or, across languages, shared anchors: at least one quantity and two names, two quantities and a name,
 * or three names and a year, within 72 hours. Names that appear in many stories (a hyperscaler's name,
 * a country) do not count as evidence.
 */
export class StoryIndex {
  private readonly stories = new Map<string, StoryEntry>();
  private readonly bands = new Map<string, Set<string>>();
  private readonly byQuantity = new Map<string, Set<string>>();
  private readonly byEntity = new Map<string, Set<string>>();

  get size(): number {
    return this.stories.size;
  }

  add(storyId: string, article: ClusterArticle): void {
    let entry = this.stories.get(storyId);
    const t = article.publishedAt.getTime();
    if (!entry) {
      entry = { articles: [], quantities: new Set(), entities: new Set(), dates: new Set(), first: t, last: t };
      this.stories.set(storyId, entry);
    }
    entry.articles.push(article);
    entry.first = Math.min(entry.first, t);
    entry.last = Math.max(entry.last, t);
    for (const key of bandKeys(article.signature)) addTo(this.bands, key, storyId);
    for (const q of article.anchors.quantities) {
      entry.quantities.add(q);
      addTo(this.byQuantity, q, storyId);
    }
    for (const e of article.anchors.entities) {
      if (!entry.entities.has(e)) addTo(this.byEntity, e, storyId);
      entry.entities.add(e);
    }
    for (const d of article.anchors.dates) entry.dates.add(d);
  }

  find(article: ClusterArticle): StoryMatch | null {
    const candidates = new Set<string>();
    for (const key of bandKeys(article.signature)) for (const id of this.bands.get(key) ?? []) candidates.add(id);
    for (const q of article.anchors.quantities) for (const id of this.byQuantity.get(q) ?? []) candidates.add(id);
    const strong = article.anchors.entities.filter((e) => this.discriminative(e));
    if (strong.length >= 3) for (const e of strong) for (const id of this.byEntity.get(e) ?? []) candidates.add(id);
    let best: StoryMatch | null = null;
    const t = article.publishedAt.getTime();
    for (const storyId of candidates) {
      const entry = this.stories.get(storyId)!;
      if (t < entry.first - WINDOW_MS || t > entry.last + WINDOW_MS) continue;
      const text = Math.max(...entry.articles.map((a) => similarity(a.signature, article.signature)));
      const sq = article.anchors.quantities.filter((q) => entry.quantities.has(q)).length;
      const se = strong.filter((e) => entry.entities.has(e)).length;
      const sd = article.anchors.dates.filter((d) => entry.dates.has(d)).length;
      const anchored = (sq >= 1 && se >= 2) || (sq >= 2 && se >= 1) || (se >= 3 && sd >= 1);
      if (text < TEXT_MATCH && !anchored) continue;
      const score = text * 10 + sq * 2 + se;
      if (!best || score > best.score) best = { storyId, reason: text >= TEXT_MATCH ? 'text' : 'anchors', score };
    }
    return best;
  }

  /** A name carried by more than 5% of the stories (and more than 5 of them) says little about which event. */
  private discriminative(entity: string): boolean {
    const df = this.byEntity.get(entity)?.size ?? 0;
    return df <= Math.max(5, this.stories.size * 0.05);
  }
}

/**
 * Independent outlets: distinct sources, where articles that are wire copies of one another
 * (near-identical text) count once, whoever republished them.
 */
export function corroboration(articles: Array<Pick<ClusterArticle, 'sourceId' | 'signature'>>): number {
  const parent = articles.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let i = 0; i < articles.length; i++) {
    for (let j = i + 1; j < articles.length; j++) {
      const a = articles[i]!;
      const b = articles[j]!;
      if (a.sourceId === b.sourceId || similarity(a.signature, b.signature) >= WIRE_COPY) parent[root(i)] = root(j);
    }
  }
  return new Set(articles.map((_, i) => root(i))).size;
}

function addTo(map: Map<string, Set<string>>, key: string, id: string) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}
