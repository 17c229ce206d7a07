import { randomUUID } from 'node:crypto';
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Digest } from '../modules/digests/digest.entity.js';
import { DEAD_STATES, Delivery, LIVE_STATES, ReceivedStory } from './delivery.entity.js';

/**
 * The stories a digest hands over count as received (never sent to that subscriber again) only while its
 * outbox row is live: pending, sending, uncertain or sent. When a row ends `cancelled` or `failed`, the
 * subscriber never got them, so its records are deleted and a later digest may carry them
 * (docs/decisions/304). Call after the state change, in the same transaction: only rows that are dead
 * at that point release anything, whatever `where` matches.
 */
export async function releaseStories(em: EntityManager, where: FilterQuery<Delivery>): Promise<number> {
  const dead = await em.find(Delivery, { $and: [where, { state: { $in: [...DEAD_STATES] }, digest: { $ne: null } }] }, { fields: ['digest'] });
  const digestIds = dead.map((d) => d.digest!.id);
  let released = 0;
  for (let i = 0; i < digestIds.length; i += 500) released += await em.nativeDelete(ReceivedStory, { digest: { $in: digestIds.slice(i, i + 500) } });
  return released;
}

/**
 * The reverse, for rows the operator brings back from `failed` (resend, or "it was sent after all"):
 * their digest's stories count as received again. A story another digest carried in the meantime keeps
 * that record (the subscriber may then read it twice; the operator chose to resend).
 */
export async function reclaimStories(em: EntityManager, where: FilterQuery<Delivery>, now: Date): Promise<void> {
  const live = await em.find(Delivery, { $and: [where, { state: { $in: [...LIVE_STATES] }, digest: { $ne: null } }] }, { fields: ['user', 'kind', 'digest'] });
  if (!live.length) return;
  const digests = new Map((await em.find(Digest, { id: { $in: live.map((d) => d.digest!.id) } }, { fields: ['id', 'stories'] })).map((d) => [d.id, d]));
  const rows = live.flatMap((d) =>
    (digests.get(d.digest!.id)?.stories ?? []).map((s) => ({ id: randomUUID(), user: d.user.id, storyId: s.id, kind: d.kind, digest: d.digest!.id, createdAt: now })),
  );
  for (let i = 0; i < rows.length; i += 500) {
    await (em as SqlEntityManager).createQueryBuilder(ReceivedStory).insert(rows.slice(i, i + 500)).onConflict(['user', 'storyId', 'kind']).ignore().execute();
  }
}
