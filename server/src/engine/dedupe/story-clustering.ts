import type { EntityManager } from '@mikro-orm/core';
import { Article } from '../model/article.entity.js';
import { newStory, Story } from '../model/story.entity.js';
import type { AlsoSeen } from '../types.js';
import { placeArticle, StoryIndex, type ClusterArticle } from './cluster.js';
import { perStatement } from '../../db/per-statement.js';

/** Stories this recent can still gain articles. */
const OPEN_STORY_DAYS = 7;

/** The stories a pass changes, each with all of its articles. */
export interface StoryClusters {
  /** Stories that gained an article or whose stored article another source now carries. */
  touched: Set<string>;
  /** Of those, the stories this pass starts. */
  fresh: Set<string>;
  /** Every article of a touched story: those of this pass first, then the stored ones (with their new sources). */
  members: Map<string, Article[]>;
  /** The stored stories: those open for clustering, and those another source now carries. */
  stored: Map<string, Story>;
}

/**
 * New articles join a story or start one; every story that gained an article, or whose stored article was
 * just seen in another source (`alsoSeen`), is touched with all its articles, so its sources and
 * corroboration include that outlet. Sets `storyId` on the new articles.
 */
export async function clusterIntoStories(
  em: EntityManager,
  created: Article[],
  alsoSeen: Map<string, AlsoSeen>,
  now: Date,
): Promise<StoryClusters> {
  const since = new Date(now.getTime() - OPEN_STORY_DAYS * 86_400_000);
  const index = new StoryIndex();
  const openStories = await em.find(Story, { lastSeenAt: { $gte: since } });
  const storyById = new Map(openStories.map((s) => [s.id, s]));
  const openIds = openStories.map((s) => s.id);
  const members = new Map<string, Article[]>();
  for (const slice of perStatement(openIds)) {
    const rows = await em.find(
      Article,
      { storyId: { $in: slice } },
      { fields: ['id', 'sourceId', 'publishedAt', 'signature', 'anchors', 'storyId', 'language'] },
    );
    for (const a of rows) index.add(a.storyId!, a as ClusterArticle);
  }
  const touched = new Set<string>();
  const fresh = new Set<string>();
  for (const article of created) {
    // Stories this pass started are not stored yet: an article that matches several of them joins them.
    const placed = placeArticle(
      index,
      article,
      () => newStory(now).id,
      (id) => fresh.has(id),
    );
    const { storyId } = placed;
    if (placed.started) fresh.add(storyId);
    article.storyId = storyId;
    touched.add(storyId);
    let list = members.get(storyId);
    if (!list) members.set(storyId, (list = []));
    for (const id of placed.merged) {
      for (const moved of members.get(id) ?? []) {
        moved.storyId = storyId;
        list.push(moved);
      }
      members.delete(id);
      fresh.delete(id);
      touched.delete(id);
    }
    list.push(article);
  }
  // Stories of stored articles that another source now carries, including stories no longer open.
  const reseen = [...new Set([...alsoSeen.values()].map((s) => s.storyId).filter((id): id is string => Boolean(id)))];
  const closed = reseen.filter((id) => !storyById.has(id));
  for (const slice of perStatement(closed)) for (const s of await em.find(Story, { id: { $in: slice } })) storyById.set(s.id, s);
  for (const id of reseen) {
    if (!storyById.has(id)) continue;
    touched.add(id);
    if (!members.has(id)) members.set(id, []);
  }
  const createdIds = new Set(created.map((a) => a.id));
  const existingTouched = [...touched].filter((id) => !fresh.has(id));
  for (const slice of perStatement(existingTouched, 200)) {
    const older = await em.find(Article, { storyId: { $in: slice } });
    for (const a of older) {
      if (createdIds.has(a.id)) continue;
      const seen = alsoSeen.get(a.id);
      if (seen) a.alsoSourceIds = seen.alsoSourceIds;
      members.get(a.storyId!)!.push(a);
    }
  }
  return { touched, fresh, members, stored: storyById };
}
