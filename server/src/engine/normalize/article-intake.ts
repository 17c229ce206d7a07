import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '../../lib/logger.js';
import { articleKeys } from '../dedupe/article-keys.js';
import { Article, ArticleSchema } from '../model/article.entity.js';
import { translateItem } from '../translate/article-translation.js';
import type { Translator } from '../translate/translator.js';
import type { AlsoSeen, NormalizedItem } from '../types.js';
import { overflowing } from './limits.js';
import { perStatement } from '../../db/per-statement.js';

export interface ArticleIntakeDeps {
  /** Where the articles already stored are looked up. */
  em: EntityManager;
  translator: Translator;
  logger?: Logger;
}

export interface PreparedArticles {
  /** New articles (translated, with their clustering keys), not stored yet and in no story yet. */
  created: Article[];
  /** Items that were already an article, stored or earlier in this pass. */
  repeated: number;
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
    const article = await toArticle(item, now, deps);
    const tooLong = overflowing(ArticleSchema, article);
    if (tooLong.length) {
      deps.logger?.warn(
        { source: item.sourceId, article: item.url.slice(0, 200), columns: tooLong },
        'article left out: a value does not fit its column',
      );
      continue;
    }
    created.push(article);
    isNew.add(article);
    byUrl.set(article.canonicalUrl, article);
    byHash.set(article.contentHash, article);
  }
  return { created, repeated, alsoSeen };
}

/** An item as an article: translated when it is not in the target language, keyed for clustering. */
async function toArticle(item: NormalizedItem, now: Date, deps: ArticleIntakeDeps): Promise<Article> {
  const article = Object.assign(new Article(), { ...item, fetchedAt: now, alsoSourceIds: [] as string[] });
  const translation = await translateItem(item, deps.translator, deps.logger);
  if (translation) Object.assign(article, translation);
  return Object.assign(article, articleKeys(article));
}
