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

interface Member {
  storyId: string;
  time: number;
  signature: number[];
  quantities: Set<string>;
  entities: Set<string>;
  dates: Set<string>;
}

export const TEXT_MATCH = 0.5;
export const WIRE_COPY = 0.7;
const WINDOW_MS = 72 * 3600_000;
const MAX_POSTING = 100;

/**
 * Assigns articles to stories. Same event = near-duplicate text (MinHash, same language or translated),
 * or, across languages, shared anchors with one article of the story: at least one quantity and two names,
 * two quantities and a name, or three names and a year, within 72 hours. Articles are compared pair by
 * pair, never with the union of a story's anchors, so a big story does not swallow every article that
 * shares a city and a round number with one of its members. Names carried by many articles (a hyperscaler,
 * a country) do not count as evidence.
 */
export class StoryIndex {
  private readonly members = new Map<string, Member>();
  private readonly storyIds = new Set<string>();
  private readonly bands = new Map<string, Set<string>>();
  private readonly byQuantity = new Map<string, Set<string>>();
  private readonly byEntity = new Map<string, Set<string>>();

  get size(): number {
    return this.storyIds.size;
  }

  add(storyId: string, article: ClusterArticle): void {
    this.storyIds.add(storyId);
    this.members.set(article.id, {
      storyId,
      time: article.publishedAt.getTime(),
      signature: article.signature,
      quantities: new Set(article.anchors.quantities),
      entities: new Set(article.anchors.entities),
      dates: new Set(article.anchors.dates),
    });
    for (const key of bandKeys(article.signature)) addTo(this.bands, key, article.id);
    for (const q of article.anchors.quantities) addTo(this.byQuantity, q, article.id);
    for (const e of article.anchors.entities) addTo(this.byEntity, e, article.id);
  }

  find(article: ClusterArticle): StoryMatch | null {
    const similar = new Set<string>();
    for (const key of bandKeys(article.signature)) {
      const posting = this.bands.get(key);
      // A band shared by that many articles is boilerplate ("subscribe to our newsletter"), not one event.
      if (posting && posting.size <= MAX_POSTING) for (const id of posting) similar.add(id);
    }
    const anchoredCandidates = new Set<string>();
    const strong = article.anchors.entities.filter((e) => this.discriminative(e));
    // Every anchor rule needs at least one shared telling name: without one, only the text can match.
    if (strong.length > 0) {
      for (const q of article.anchors.quantities) {
        const posting = this.byQuantity.get(q);
        // A figure that dozens of recent articles state ("100 MW") finds no event by itself.
        if (posting && posting.size <= MAX_POSTING) for (const id of posting) anchoredCandidates.add(id);
      }
    }
    if (strong.length >= 3) {
      for (const e of strong) {
        const posting = this.byEntity.get(e);
        if (posting && posting.size <= MAX_POSTING) for (const id of posting) anchoredCandidates.add(id);
      }
    }
    let best: StoryMatch | null = null;
    const t = article.publishedAt.getTime();
    const consider = (id: string) => {
      if (id === article.id) return;
      const m = this.members.get(id)!;
      if (Math.abs(t - m.time) > WINDOW_MS) return;
      // MinHash is only worth comparing where LSH says the texts may be close.
      const text = similar.has(id) ? similarity(m.signature, article.signature) : 0;
      const se = countIn(strong, m.entities);
      if (text < TEXT_MATCH && se === 0) return;
      const sq = countIn(article.anchors.quantities, m.quantities);
      const anchored = (sq >= 1 && se >= 2) || (sq >= 2 && se >= 1) || (se >= 3 && countIn(article.anchors.dates, m.dates) >= 1);
      if (text < TEXT_MATCH && !anchored) return;
      const score = text * 10 + sq * 2 + se;
      if (!best || score > best.score) best = { storyId: m.storyId, reason: text >= TEXT_MATCH ? 'text' : 'anchors', score };
    };
    for (const id of similar) consider(id);
    for (const id of anchoredCandidates) if (!similar.has(id)) consider(id);
    return best;
  }

  /** A name carried by more than 5% of the articles (and more than 5 of them) says little about which event. */
  private discriminative(entity: string): boolean {
    const df = this.byEntity.get(entity)?.size ?? 0;
    return df <= Math.max(5, this.members.size * 0.05);
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

function countIn(values: string[], set: Set<string>): number {
  let n = 0;
  for (const v of values) if (set.has(v)) n++;
  return n;
}

function addTo(map: Map<string, Set<string>>, key: string, id: string) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}
