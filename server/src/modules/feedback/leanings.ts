import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { INTERESTS, THUMBS_WINDOW_DAYS, thumbsLeaning, type DigestStory, type Interest, type ThumbsLeaning } from '@dcbrief/shared';
import { StoryFeedback } from './feedback.entity.js';

const DAY_MS = 24 * 3600_000;
/** User ids per statement: far below every engine's limit on bound values. */
const USERS_PER_STATEMENT = 500;

/**
 * Where each subscriber's thumbs from the last THUMBS_WINDOW_DAYS lean: the net thumbs (up minus down) on the
 * stories of each main interest, read from the digests they voted in (a story's interest is in the digest as
 * composed). Subscribers without a leaning are absent. One statement per 500 subscribers; most have no thumbs.
 */
export async function thumbsLeanings(em: EntityManager, userIds: readonly string[], now: Date): Promise<Map<string, ThumbsLeaning>> {
  const out = new Map<string, ThumbsLeaning>();
  for (const [userId, sums] of await netThumbs(em, userIds, new Date(now.getTime() - THUMBS_WINDOW_DAYS * DAY_MS))) {
    const leaning = thumbsLeaning(sums);
    if (leaning.more.length || leaning.less.length) out.set(userId, leaning);
  }
  return out;
}

/** Each subscriber's thumbs given since `since`, net per main interest of the stories (subscribers with none absent). */
export async function netThumbs(
  em: EntityManager,
  userIds: readonly string[],
  since: Date,
): Promise<Map<string, Partial<Record<Interest, number>>>> {
  const net = new Map<string, Partial<Record<Interest, number>>>();
  for (let i = 0; i < userIds.length; i += USERS_PER_STATEMENT) {
    const ids = userIds.slice(i, i + USERS_PER_STATEMENT);
    const rows = await (em as SqlEntityManager)
      .createQueryBuilder(StoryFeedback, 'sf')
      .select(['sf.user_id', 'sf.story_id', 'sf.vote', 'c.id as content_id', 'c.stories'])
      .join('sf.digest', 'd')
      .join('d.content', 'c')
      .where({ user: { $in: ids }, updatedAt: { $gte: since } })
      .execute<Array<{ user_id: string; story_id: string; vote: number; content_id: string; stories: unknown }>>('all', false);
    // Thumbs in digests of one content (subscribers share contents) share its stories: read once.
    const interestsByContent = new Map<string, Map<string, Interest>>();
    for (const row of rows) {
      let interests = interestsByContent.get(row.content_id);
      if (!interests) {
        const stories = (typeof row.stories === 'string' ? JSON.parse(row.stories) : row.stories) as DigestStory[];
        interests = new Map(stories.map((s) => [s.id, s.interest]));
        interestsByContent.set(row.content_id, interests);
      }
      const interest = interests.get(row.story_id);
      if (!interest || !INTERESTS.includes(interest)) continue;
      let sums = net.get(row.user_id);
      if (!sums) net.set(row.user_id, (sums = {}));
      sums[interest] = (sums[interest] ?? 0) + Math.sign(Number(row.vote));
    }
  }
  return net;
}
