import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '../../lib/logger.js';
import { articleKeys, type ConceptFinder, type PlaceFinder } from './article-keys.js';
import { fieldLexicon } from '../lexicon/lexicon.js';
import { Article, ArticleSchema } from '../model/article.entity.js';
import { translateArticles } from '../translate/article-translation.js';
import type { PassTranslator } from '../translate/cached-translator.js';
import type { AlsoSeen, NormalizedItem } from '../types.js';
import { overflowing } from '../model/limits.js';
import { perStatement } from '../../db/per-statement.js';

export interface ArticleIntakeDeps {
  /** Where the articles already stored are looked up. */
  em: EntityManager;
  translator: PassTranslator;
  logger?: Logger;
  /** The places clustering compares beyond the gazetteer's hubs (entities/place-anchors.ts). */
  places?: PlaceFinder;
}

export interface PreparedArticles {
  /** New articles (translated, with their clustering keys), not stored yet and in no story yet. */
  created: Article[];
  /** Items that were already an article, stored or earlier in this pass. */
  repeated: number;
  /** Articles left out because a value does not fit its column (logged). */
  leftOut: number;
  /** By article id: stored articles another source now carries. */
  alsoSeen: Map<string, AlsoSeen>;
}

/**
 * New items become articles; an item already stored (same canonical URL, or same text under another URL)
 * is one article, and the other source is recorded on it (`alsoSeen`: its story must be summarized again).
 * An article that still does not fit its columns is left out with a warning: it never fails the others.
 */
export async function prepareArticles(items: NormalizedItem[], now: Date, deps: ArticleIntakeDeps): Promise<PreparedArticles> {
  const { em } = deps;
  const byUrl = new Map<string, Article>();
  const byHash = new Map<string, Article>();
  const load = async (field: 'canonicalUrl' | 'contentHash', values: string[]) => {
    for (const slice of perStatement(values)) {
      for (const a of await em.find(Article, { [field]: { $in: slice } })) {
        byUrl.set(a.canonicalUrl, a);
        byHash.set(a.contentHash, a);
      }
    }
  };
  await load('canonicalUrl', [...new Set(items.map((i) => i.canonicalUrl))]);
  await load('contentHash', [...new Set(items.map((i) => i.contentHash))]);
  const created: Article[] = [];
  const isNew = new Set<Article>();
  const alsoSeen = new Map<string, AlsoSeen>();
  let repeated = 0;
  let leftOut = 0;
  for (const item of items.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime())) {
    const existing = byUrl.get(item.canonicalUrl) ?? byHash.get(item.contentHash);
    if (existing) {
      repeated++;
      if (existing.sourceId !== item.sourceId && !existing.alsoSourceIds.includes(item.sourceId)) {
        existing.alsoSourceIds = [...existing.alsoSourceIds, item.sourceId].sort();
        if (!isNew.has(existing)) alsoSeen.set(existing.id, { alsoSourceIds: existing.alsoSourceIds, storyId: existing.storyId });
      }
      continue;
    }
    const article = toArticle(item, now);
    const tooLong = overflowing(ArticleSchema, article);
    if (tooLong.length) {
      deps.logger?.warn(
        { source: item.sourceId, article: item.url.slice(0, 200), columns: tooLong },
        'article left out: a value does not fit its column',
      );
      leftOut++;
      continue;
    }
    created.push(article);
    isNew.add(article);
    byUrl.set(article.canonicalUrl, article);
    byHash.set(article.contentHash, article);
  }
  // Titles and leads are translated before the keys are made, so clustering compares them in one language.
  // Translated values always fit their columns (the title is cut to fit, the lead is a text column).
  await translateArticles(created, deps.translator);
  for (const article of created) Object.assign(article, articleKeys(article, { concepts: fieldConcepts, places: deps.places }));
  return { created, repeated, leftOut, alsoSeen };
}

/** The field lexicon's concepts of a text (outage, acquisition, permit, ...), which clustering also compares. */
const fieldConcepts: ConceptFinder = (text, language) => [...fieldLexicon().conceptIds(text, language)];

function toArticle(item: NormalizedItem, now: Date): Article {
  return Object.assign(new Article(), { ...item, fetchedAt: now, alsoSourceIds: [] as string[] });
}
