import type { EntityManager } from '@mikro-orm/core';
import { foldLetters } from '../language/fold.js';
import { Entity, EntityFact, EntityMention } from './entity.entity.js';

/** The operator's work on entities (`npm run entities`): review candidates, read timelines, fix identities. */

export class EntityError extends Error {}

export interface EntityListing {
  entity: Entity;
  stories: number;
  facts: number;
}

export interface ListFilter {
  status?: 'candidate' | 'confirmed';
  kind?: string;
  /** A name or alias in any script, folded (case, accents). */
  search?: string;
  /** Only entities some story names. */
  named?: boolean;
  limit?: number;
}

/** Entities not merged into another, the most named first, with how many stories name them and facts they have. */
export async function listEntities(em: EntityManager, filter: ListFilter = {}): Promise<EntityListing[]> {
  const where: Record<string, unknown> = { mergedInto: null };
  if (filter.status) where.status = filter.status;
  if (filter.kind) where.kind = filter.kind;
  let entities = await em.find(Entity, where, { orderBy: { id: 'asc' } });
  if (filter.search) {
    const wanted = foldLetters(filter.search);
    entities = entities.filter((e) => [e.id, e.name, ...e.aliases].some((n) => foldLetters(n).includes(wanted)));
  }
  const ids = entities.map((e) => e.id);
  const stories = await countBy(em, EntityMention, ids, true);
  const facts = await countBy(em, EntityFact, ids, false);
  const out = entities
    .map((entity) => ({ entity, stories: stories.get(entity.id) ?? 0, facts: facts.get(entity.id) ?? 0 }))
    .filter((l) => !filter.named || l.stories > 0)
    .sort((a, b) => b.stories - a.stories || b.facts - a.facts || a.entity.id.localeCompare(b.entity.id));
  return filter.limit ? out.slice(0, filter.limit) : out;
}

async function countBy(em: EntityManager, table: typeof EntityMention | typeof EntityFact, ids: string[], distinctStories: boolean) {
  const out = new Map<string, number>();
  if (!ids.length) return out;
  const rows = (await em
    .getConnection()
    .execute(
      `select entity_id as id, count(${distinctStories ? 'distinct story_id' : '*'}) as n from ${em.getMetadata().find(table)!.tableName} group by entity_id`,
    )) as Array<{ id: string; n: number | string }>;
  for (const r of rows) out.set(r.id, Number(r.n));
  return out;
}

/** The entity an id names now: itself, or the one it was merged into (followed to the end). */
export async function resolveEntity(em: EntityManager, id: string): Promise<{ entity: Entity; mergedFrom: string[] }> {
  const mergedFrom: string[] = [];
  let entity = await em.findOne(Entity, { id });
  while (entity?.mergedInto && mergedFrom.length < 20) {
    mergedFrom.push(entity.id);
    entity = await em.findOne(Entity, { id: entity.mergedInto });
  }
  if (!entity) throw new EntityError(`no entity "${id}"`);
  return { entity, mergedFrom };
}

export interface EntityTimeline {
  entity: Entity;
  mergedFrom: string[];
  /** Ids merged into it. */
  merged: string[];
  stories: number;
  facts: EntityFact[];
}

/** An entity with its facts in the order they were stated. */
export async function showEntity(em: EntityManager, id: string): Promise<EntityTimeline> {
  const { entity, mergedFrom } = await resolveEntity(em, id);
  const facts = await em.find(EntityFact, { entityId: entity.id }, { orderBy: { statedAt: 'asc', type: 'asc' } });
  const stories = new Set((await em.find(EntityMention, { entityId: entity.id }, { fields: ['storyId'] })).map((m) => m.storyId));
  const merged = (await em.find(Entity, { mergedInto: entity.id }, { fields: ['id'] })).map((e) => e.id);
  return { entity, mergedFrom, merged, stories: stories.size, facts };
}

/**
 * Merges `fromId` into `intoId`: its mentions and facts move to the other, its name and aliases become the other's
 * aliases (so recognition finds the one identity), and it stays as a row with `mergedInto` set: its id still resolves.
 */
export async function mergeEntities(em: EntityManager, fromId: string, intoId: string, now: Date): Promise<Entity> {
  if (fromId === intoId) throw new EntityError('an entity cannot be merged into itself');
  return em.transactional(async (tx) => {
    const from = await tx.findOne(Entity, { id: fromId });
    if (!from) throw new EntityError(`no entity "${fromId}"`);
    if (from.mergedInto) throw new EntityError(`"${fromId}" is already merged into "${from.mergedInto}"`);
    const { entity: into } = await resolveEntity(tx, intoId);
    if (into.id === from.id) throw new EntityError(`"${intoId}" is merged into "${fromId}": merge the other way`);
    into.aliases = withAliases(into, [from.name, ...from.aliases]);
    if (into.status === 'candidate' && from.status === 'confirmed') into.status = 'confirmed';
    into.updatedAt = now;
    from.mergedInto = into.id;
    from.updatedAt = now;
    await tx.nativeUpdate(EntityMention, { entityId: from.id }, { entityId: into.id });
    await tx.nativeUpdate(EntityFact, { entityId: from.id }, { entityId: into.id });
    await tx.nativeUpdate(Entity, { operatorId: from.id }, { operatorId: into.id });
    await tx.nativeUpdate(Entity, { placeId: from.id }, { placeId: into.id });
    await tx.nativeUpdate(Entity, { mergedInto: from.id }, { mergedInto: into.id });
    return into;
  });
}

/** Adds an alias (a candidate given an alias is confirmed: the operator has looked at it). */
export async function addAlias(em: EntityManager, id: string, alias: string, now: Date): Promise<Entity> {
  const name = alias.trim();
  if (!name || name.length > 200) throw new EntityError('an alias is 1 to 200 characters');
  const { entity } = await resolveEntity(em, id);
  entity.aliases = withAliases(entity, [name]);
  entity.status = 'confirmed';
  entity.updatedAt = now;
  await em.flush();
  return entity;
}

export async function removeAlias(em: EntityManager, id: string, alias: string, now: Date): Promise<Entity> {
  const { entity } = await resolveEntity(em, id);
  const folded = foldLetters(alias.trim());
  const kept = entity.aliases.filter((a) => foldLetters(a) !== folded);
  if (kept.length === entity.aliases.length) throw new EntityError(`"${entity.id}" has no alias "${alias}"`);
  entity.aliases = kept;
  entity.updatedAt = now;
  await em.flush();
  return entity;
}

/** Confirms a candidate (the operator has looked at it and it is one entity). */
export async function confirmEntity(em: EntityManager, id: string, now: Date): Promise<Entity> {
  const { entity } = await resolveEntity(em, id);
  entity.status = 'confirmed';
  entity.updatedAt = now;
  await em.flush();
  return entity;
}

function withAliases(entity: Entity, names: string[]): string[] {
  const seen = new Set([foldLetters(entity.name), ...entity.aliases.map(foldLetters)]);
  const out = [...entity.aliases];
  for (const n of names) {
    const folded = foldLetters(n);
    if (seen.has(folded)) continue;
    seen.add(folded);
    out.push(n);
  }
  return out;
}
