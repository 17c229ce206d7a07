import type { EntityManager } from '@mikro-orm/core';
import { Article } from './article.entity.js';
import { Source } from './source.entity.js';
import { Story } from './story.entity.js';

/** Everything an ingest pass writes after fetching. `storePass` empties the arrays of articles and stories as it writes them. */
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
 *
 * Each slice of articles and stories is taken out of its array once its statement has run, so that what is
 * written can be collected while the rest is (the pass's articles with their texts are most of its memory by
 * then, docs/decisions/517): the caller must not need the arrays afterwards.
 */
export async function storePass(em: EntityManager, writes: PassWrites, now: Date): Promise<void> {
  const { fetchState, alsoSeen, articles, stories } = writes;
  await em.transactional(async (tx) => {
    for (const [id, state] of fetchState) await tx.nativeUpdate(Source, { id }, { ...state, updatedAt: now });
    for (const [id, seen] of alsoSeen) await tx.nativeUpdate(Article, { id }, { alsoSourceIds: seen.alsoSourceIds });
    for (let slice = articles.splice(0, 200); slice.length; slice = articles.splice(0, 200)) await tx.insertMany(Article, slice);
    for (let slice = stories.fresh.splice(0, 200); slice.length; slice = stories.fresh.splice(0, 200)) await tx.insertMany(Story, slice);
    for (let story = stories.updated.shift(); story; story = stories.updated.shift()) {
      const { id, ...fields } = story;
      await tx.nativeUpdate(Story, { id }, fields);
    }
  });
}
