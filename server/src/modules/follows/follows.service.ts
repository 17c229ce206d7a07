import type { EntityManager } from '@mikro-orm/core';
import { MAX_FOLLOWS, type Follow as FollowDto } from '@dcbrief/shared';
import { HttpError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { perStatement } from '../../db/per-statement.js';
import { Entity } from '../../engine/entities/entity.entity.js';
import { Follow } from './follow.entity.js';

/** How many merges an id is followed through before it is taken as unknown (a loop the operator made by hand). */
const MERGE_HOPS = 20;

/** The entities one subscriber follows: a follow names an entity id, a merged id answers for the one it went into. */
export class FollowsService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** The entities the user follows, newest first, each once (two ids merged into one are one follow). */
  async list(userId: string): Promise<FollowDto[]> {
    const rows = await this.em.find(Follow, { user: userId }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    const resolved = await resolveEntities(
      this.em,
      rows.map((r) => r.entityId),
    );
    const seen = new Set<string>();
    const out: FollowDto[] = [];
    for (const row of rows) {
      const entity = resolved.get(row.entityId);
      if (!entity || seen.has(entity.id)) continue;
      seen.add(entity.id);
      out.push(toFollowDto(entity, row.createdAt));
    }
    return out;
  }

  /** The entity ids the user follows, merges resolved: for the digests, the weekly summary and the alerts. */
  async followedIds(userId: string): Promise<string[]> {
    return (await this.list(userId)).map((f) => f.id);
  }

  /** Whether the user follows the entity an id names now. */
  async isFollowing(userId: string, entityId: string): Promise<boolean> {
    const target = (await resolveEntities(this.em, [entityId])).get(entityId);
    return Boolean(target && (await this.followedIds(userId)).includes(target.id));
  }

  /** Follows an entity (its id now, when merged); following it again changes nothing. */
  async follow(userId: string, entityId: string): Promise<{ follow: FollowDto; created: boolean }> {
    const entity = (await resolveEntities(this.em, [entityId])).get(entityId);
    if (!entity) throw notFound('No such entity.');
    const existing = await this.existingFollow(userId, entity.id);
    if (existing) return { follow: toFollowDto(entity, existing.createdAt), created: false };
    const count = await this.em.count(Follow, { user: userId });
    if (count >= MAX_FOLLOWS)
      throw new HttpError(409, `You follow ${MAX_FOLLOWS} entities, the most one account may. Unfollow one to follow another.`);
    const row = Object.assign(new Follow(), { entityId: entity.id, createdAt: this.clock.now() });
    try {
      await this.em.insert(Follow, { ...row, user: userId });
    } catch (err) {
      // Two requests following the same entity at once: the unique index keeps one row, both answer it.
      const raced = await this.existingFollow(userId, entity.id);
      if (!raced) throw err;
      return { follow: toFollowDto(entity, raced.createdAt), created: false };
    }
    return { follow: toFollowDto(entity, row.createdAt), created: true };
  }

  /** Stops following the entity an id names (and any id merged into it); unknown or not followed: nothing to do. */
  async unfollow(userId: string, entityId: string): Promise<void> {
    const target = (await resolveEntities(this.em, [entityId])).get(entityId);
    const rows = await this.em.find(Follow, { user: userId });
    const resolved = await resolveEntities(
      this.em,
      rows.map((r) => r.entityId),
    );
    const doomed = rows.filter((r) => r.entityId === entityId || (target && resolved.get(r.entityId)?.id === target.id)).map((r) => r.id);
    if (doomed.length) await this.em.nativeDelete(Follow, { id: { $in: doomed } });
  }

  private async existingFollow(userId: string, targetId: string): Promise<Follow | null> {
    const rows = await this.em.find(Follow, { user: userId });
    const resolved = await resolveEntities(
      this.em,
      rows.map((r) => r.entityId),
    );
    return rows.find((r) => resolved.get(r.entityId)?.id === targetId) ?? null;
  }
}

/** Each id with the entity it names now (followed through merges); unknown ids are left out. */
export async function resolveEntities(em: EntityManager, ids: readonly string[]): Promise<Map<string, Entity>> {
  const out = new Map<string, Entity>();
  const byId = new Map<string, Entity>();
  let wanted = [...new Set(ids)];
  for (let hop = 0; hop <= MERGE_HOPS && wanted.length; hop++) {
    const found = await em.find(Entity, { id: { $in: wanted } });
    for (const e of found) byId.set(e.id, e);
    wanted = [...new Set(found.map((e) => e.mergedInto).filter((m): m is string => Boolean(m) && !byId.has(m!)))];
  }
  for (const id of new Set(ids)) {
    let entity = byId.get(id);
    for (let hop = 0; entity?.mergedInto && hop < MERGE_HOPS; hop++) entity = byId.get(entity.mergedInto);
    if (entity && !entity.mergedInto) out.set(id, entity);
  }
  return out;
}

export function toFollowDto(entity: Entity, followedAt: Date): FollowDto {
  return { id: entity.id, name: entity.name, kind: entity.kind, country: entity.country, followedAt: followedAt.toISOString() };
}

/** The entity ids each of these users follows, merges resolved: one read for a batch of digests. */
export async function followedByUser(em: EntityManager, userIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!userIds.length) return out;
  const rows: Array<{ userId: string; entityId: string }> = [];
  for (const ids of perStatement([...new Set(userIds)]))
    for (const f of await em.find(Follow, { user: { $in: ids } }, { fields: ['user', 'entityId'], disableIdentityMap: true }))
      rows.push({ userId: typeof f.user === 'string' ? f.user : f.user.id, entityId: f.entityId });
  if (!rows.length) return out;
  const resolved = await resolveEntities(
    em,
    rows.map((r) => r.entityId),
  );
  for (const { userId, entityId } of rows) {
    const target = resolved.get(entityId);
    if (!target) continue;
    const set = out.get(userId) ?? new Set<string>();
    set.add(target.id);
    out.set(userId, set);
  }
  return out;
}
