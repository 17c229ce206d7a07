import { raw, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { isPostgreSql } from '../../db/dialect.js';
import { Article } from './article.entity.js';
import { Source } from './source.entity.js';
import { Story } from './story.entity.js';
import { perStatement } from '../../db/per-statement.js';

/** What one batch of fetched sources writes: their new articles, in no story yet, and their fetch state. */
export interface ArticleWrites {
  /** By source id: the fetch state of the sources that answered with content (ETag, Last-Modified, status). */
  fetchState: Map<string, Partial<Source>>;
  /** By article id: the sources now recorded on a stored article. */
  alsoSeen: Map<string, { alsoSourceIds: string[] }>;
  articles: Article[];
}

/**
 * One transaction per batch of sources: their articles are stored pending (in no story: no reader sees them,
 * the pass's clustering and any later pass's pick them up), with the ETag and Last-Modified of the sources
 * that produced them. If this fails, those feeds are fetched in full next time instead of being told 304 about
 * items never stored; once it has succeeded, a crash loses nothing: the next pass places what is pending.
 */
export async function storeArticles(em: EntityManager, writes: ArticleWrites, now: Date): Promise<void> {
  const { fetchState, alsoSeen, articles } = writes;
  await em.transactional(async (tx) => {
    for (const [id, state] of fetchState) await tx.nativeUpdate(Source, { id }, { ...state, updatedAt: now });
    for (const [id, seen] of alsoSeen) await tx.nativeUpdate(Article, { id }, { alsoSourceIds: seen.alsoSourceIds });
    for (let slice = articles.splice(0, 200); slice.length; slice = articles.splice(0, 200)) await tx.insertMany(Article, slice);
  });
}

/** A slice of summarized stories, each with the pending articles that join it. */
export interface StoryWrites {
  fresh: Story[];
  updated: Story[];
  /** By story id: the pending articles it takes. */
  joining: Map<string, string[]>;
}

/**
 * One transaction per slice of stories: each story is stored together with its articles leaving the pending
 * state, so a reader sees a story whole or not at all, and a crash leaves the rest pending for the next pass.
 */
export async function storeStories(em: EntityManager, writes: StoryWrites): Promise<void> {
  const { fresh, updated, joining } = writes;
  await em.transactional(async (tx) => {
    // Each article with its story, 150 to a statement (one statement per story took 3-4 s of a cold pass at 250 x 40).
    const cast = isPostgreSql(tx) ? '::uuid' : '';
    const pairs = [...joining].flatMap(([storyId, ids]) => ids.map((id) => [id, storyId]));
    for (const slice of perStatement(pairs, 150)) {
      await (tx as SqlEntityManager)
        .createQueryBuilder(Article)
        .update({ storyId: raw(`case id ${slice.map(() => `when ? then ?${cast}`).join(' ')} end`, slice.flat()) })
        .where({ id: { $in: slice.map(([id]) => id!) } })
        .execute('run');
    }
    if (fresh.length) await tx.insertMany(Story, fresh);
    for (const story of updated) {
      const { id, ...fields } = story;
      await tx.nativeUpdate(Story, { id }, fields);
    }
  });
}
