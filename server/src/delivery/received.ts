import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import type { DigestKind } from '@dcbrief/shared';
import { Digest, DigestContent } from '../modules/digests/digest.entity.js';
import { DEAD_STATES } from './delivery.entity.js';
import { perStatement } from '../db/per-statement.js';

/** user id -> story id -> the kinds of digest that handed it to them. */
export type Received = Map<string, Map<string, Set<DigestKind>>>;

/** Story ids of a content, remembered across passes (a content never changes); starts over past this many. */
const STORY_IDS_MAX = 20_000;
const storyIdsOf = new Map<string, readonly string[]>();

/**
 * A row of this state means its digest never reached the subscriber (cancelled before the send, or failed
 * for good), so its stories do not count as received and a later digest may carry them.
 */
const DEAD = DEAD_STATES.map((s) => `'${s}'`).join(', ');

/**
 * What each subscriber already received: the stories of their live digests (outbox row pending, sending,
 * uncertain or sent), with the kinds of digest that carried them. Derived from the digests themselves, so
 * a digest that is cancelled or fails releases its stories, and one the operator brings back claims them
 * again, with no bookkeeping of its own (docs/decisions/304, 306).
 *
 * `since` bounds the look-back: a digest is composed at or after the moment each of its stories became
 * known to us (`ingestedAt`; its `createdAt` is the composing pass's time, and editions end there), so the
 * caller passes the earliest `ingestedAt` of the stories it asks about; `null` looks at every digest.
 */
export async function receivedStories(em: EntityManager, userIds: readonly string[], since: Date | null): Promise<Received> {
  const received: Received = new Map();
  const held: Array<{ user: string; kind: DigestKind; content: string }> = [];
  for (const users of perStatement(userIds)) {
    const qb = (em as SqlEntityManager)
      .createQueryBuilder(Digest, 'd')
      .select(['d.user', 'd.kind', 'd.content'])
      .where({
        user: { $in: users },
        content: { $ne: null },
        ...(since ? { createdAt: { $gte: since } } : {}),
      })
      .andWhere(`not exists (select 1 from deliveries r where r.digest_id = d.id and r.state in (${DEAD}))`);
    for (const row of await qb.execute<Array<{ user: string; kind: DigestKind; content: string }>>('all', true)) held.push(row);
  }
  if (!held.length) return received;
  const ids = await storyIdsOfContents(em, [...new Set(held.map((h) => h.content))]);
  for (const { user, kind, content } of held) {
    let stories = received.get(user);
    if (!stories) received.set(user, (stories = new Map()));
    for (const storyId of ids.get(content) ?? []) {
      const kinds = stories.get(storyId);
      if (kinds) kinds.add(kind);
      else stories.set(storyId, new Set([kind]));
    }
  }
  return received;
}

/** The story ids of each content, from memory where the pass already read them. */
async function storyIdsOfContents(em: EntityManager, contentIds: string[]): Promise<Map<string, readonly string[]>> {
  const found = new Map<string, readonly string[]>();
  const missing: string[] = [];
  for (const id of contentIds) {
    const hit = storyIdsOf.get(id);
    if (hit) found.set(id, hit);
    else missing.push(id);
  }
  for (const ids of perStatement(missing)) {
    const rows = await em.find(DigestContent, { id: { $in: ids } }, { fields: ['id', 'storyIds'], disableIdentityMap: true });
    for (const row of rows) {
      rememberStoryIds(row.id, row.storyIds);
      found.set(row.id, row.storyIds);
    }
  }
  return found;
}

/** Records a content's story ids (the composer knows them when it writes the content). */
export function rememberStoryIds(contentId: string, storyIds: readonly string[]): void {
  if (storyIdsOf.size >= STORY_IDS_MAX) storyIdsOf.clear();
  storyIdsOf.set(contentId, storyIds);
}

/** Whether `user` already received `storyId` in a digest of one of `kinds`. */
export function hasReceived(received: Received, user: string, storyId: string, kinds: readonly DigestKind[]): boolean {
  const got = received.get(user)?.get(storyId);
  if (!got) return false;
  for (const kind of kinds) if (got.has(kind)) return true;
  return false;
}
