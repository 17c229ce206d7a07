import type { EntityManager } from '@mikro-orm/core';
import { Article } from './article.entity.js';
import { Source } from './source.entity.js';
import { Story } from './story.entity.js';
import { perStatement } from '../../db/per-statement.js';

/** Everything an ingest pass writes after fetching. */
export interface PassWrites {
  /** By source id: the fetch state of the sources that answered with content (ETag, Last-Modified, status). */
  fetchState: Map<string, Partial<Source>>;
  /** By article id: the sources now recorded on a stored article. */
  alsoSeen: Map<string, { alsoSourceIds: string[] }>;
  articles: Article[];
  stories: { fresh: Story[]; updated: Story[] };
}

/**
 * One transaction: a crash leaves either the whole pass or none of it (and one fsync, not thousands).
 * The ETag and Last-Modified of a source are committed with the articles they produced: if this fails,
 * the next pass fetches those feeds in full instead of being told 304 about items it never stored.
 */
export async function storePass(em: EntityManager, writes: PassWrites, now: Date): Promise<void> {
  const { fetchState, alsoSeen, articles, stories } = writes;
  await em.transactional(async (tx) => {
    for (const [id, state] of fetchState) await tx.nativeUpdate(Source, { id }, { ...state, updatedAt: now });
    for (const [id, seen] of alsoSeen) await tx.nativeUpdate(Article, { id }, { alsoSourceIds: seen.alsoSourceIds });
    for (const slice of perStatement(articles, 200)) await tx.insertMany(Article, slice);
    for (const slice of perStatement(stories.fresh, 200)) await tx.insertMany(Story, slice);
    for (const story of stories.updated) {
      const { id, ...fields } = story;
      await tx.nativeUpdate(Story, { id }, fields);
    }
  });
}
