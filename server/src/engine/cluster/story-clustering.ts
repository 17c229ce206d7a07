import type { EntityManager } from '@mikro-orm/core';
import { Article } from '../model/article.entity.js';
import { newStory, Story } from '../model/story.entity.js';
import { placeArticle, StoryIndex } from './cluster.js';
import { plainRows } from '../../db/raw-values.js';
import { perStatement } from '../../db/per-statement.js';

/** Stories this recent can still gain articles. */
const OPEN_STORY_DAYS = 7;

/** What clustering reads of an article: its keys, never its text. */
const KEY_FIELDS = ['id', 'sourceId', 'publishedAt', 'signature', 'anchors', 'storyId', 'language'] as const satisfies Array<keyof Article>;

/** Where the pending articles go: by story id, the ids of the pending articles that join it, in the order they were placed. */
export interface PendingClusters {
  members: Map<string, string[]>;
  /** Of those stories, the ones this pass starts (not stored yet). */
  fresh: Set<string>;
}

/**
 * Every pending article (stored, in no story yet: this pass's, or one a failed pass left) joins an open story
 * or starts one, oldest first. Only keys are read: the open stories' member keys and the pending articles'
 * keys, a slice at a time, so what this holds is the index, not the articles (docs/decisions/531). Nothing is
 * written: the caller stores each story with its members.
 */
export async function clusterPending(em: EntityManager, now: Date): Promise<PendingClusters> {
  const since = new Date(now.getTime() - OPEN_STORY_DAYS * 86_400_000);
  // Placing is online, so the order counts: ties of publication time (a page that gives only a day) are broken
  // by the text's hash, never by the random id, so one set of articles always makes the same stories.
  const pending = (await plainRows(em, Article, ['id'], { storyId: null }, { publishedAt: 'asc', contentHash: 'asc', id: 'asc' })).map(
    (a) => a.id,
  );
  const members = new Map<string, string[]>();
  const fresh = new Set<string>();
  if (!pending.length) return { members, fresh };
  const open = (await plainRows(em, Story, ['id'], { lastSeenAt: { $gte: since } })).map((s) => s.id);
  const index = new StoryIndex();
  for (const slice of perStatement(open)) {
    for (const a of await plainRows(em, Article, KEY_FIELDS, { storyId: { $in: slice } })) index.add(a.storyId!, a);
  }
  index.reserve(pending.length);
  for (const slice of perStatement(pending)) {
    const rows = new Map((await plainRows(em, Article, KEY_FIELDS, { id: { $in: slice } })).map((a) => [a.id, a]));
    for (const id of slice) {
      const article = rows.get(id);
      if (!article) continue; // removed since (an operator's purge): nothing to place
      // Stories this pass started are not stored yet: an article that matches several of them joins them.
      const placed = placeArticle(
        index,
        article,
        () => newStory(now).id,
        (storyId) => fresh.has(storyId),
      );
      const { storyId } = placed;
      if (placed.started) fresh.add(storyId);
      let list = members.get(storyId);
      if (!list) members.set(storyId, (list = []));
      for (const merged of placed.merged) {
        list.push(...(members.get(merged) ?? []));
        members.delete(merged);
        fresh.delete(merged);
      }
      list.push(id);
    }
  }
  return { members, fresh };
}
