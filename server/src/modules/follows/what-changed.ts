import type { EntityManager } from '@mikro-orm/core';
import { capacityWords, moneyWords, statusWords, type EntityChange, type EntityOutlet } from '@dcbrief/shared';
import { perStatement } from '../../db/per-statement.js';
import { Entity, EntityFact } from '../../engine/entities/entity.entity.js';
import { Article } from '../../engine/model/article.entity.js';
import { Source } from '../../engine/model/source.entity.js';

/**
 * What changed about followed entities (docs/decisions/311), from the facts the ingest pass stored
 * (engine_entity_facts): a status fact whose status differs from the entity's status stated before it, a capacity
 * figure that differs from the one stated before it at the same stage, an investment that differs from the one before.
 * Nothing is inferred: each change is one stated fact, with its sentence and every outlet that states it.
 */

const CHANGE_TYPES = ['status', 'capacity', 'investment'] as const;

/** A change's name whatever re-reading its story does to the fact rows (they are replaced, with new ids). */
export function changeKey(
  f: Pick<EntityFact, 'entityId' | 'type' | 'storyId' | 'status' | 'mw' | 'stage' | 'amount' | 'currency'>,
): string {
  const value = f.type === 'status' ? f.status : f.type === 'capacity' ? `${f.mw}:${f.stage}` : `${f.amount}:${f.currency}`;
  return `${f.entityId}|${f.type}|${value}|${f.storyId}`;
}

function valueOf(f: EntityFact): string {
  if (f.type === 'status') return statusWords(f.status ?? '');
  if (f.type === 'capacity') return capacityWords(f.mw ?? 0, f.stage);
  return moneyWords(f.amount ?? 0, f.currency);
}

/** Facts of one entity are compared within their kind: capacity per stage. */
function seriesOf(f: EntityFact): string {
  return f.type === 'capacity' ? `capacity:${f.stage}` : f.type;
}

/**
 * The changes of these entities stated in [from, to), oldest first, each compared with the fact of its series stated
 * before it (at any time). One change per key; a fact that repeats the value before it is no change.
 */
export async function changesOf(em: EntityManager, entityIds: readonly string[], from: Date, to: Date): Promise<EntityChange[]> {
  if (!entityIds.length) return [];
  // Most runs find nothing new (the alerts look every minute): only entities with a fact in the window read their history.
  const recent = new Set<string>();
  for (const ids of perStatement([...new Set(entityIds)]))
    for (const f of await em.find(
      EntityFact,
      { entityId: { $in: ids }, type: { $in: [...CHANGE_TYPES] }, statedAt: { $gte: from, $lt: to } },
      { fields: ['entityId'], disableIdentityMap: true },
    ))
      recent.add(f.entityId);
  if (!recent.size) return [];
  const facts: EntityFact[] = [];
  for (const ids of perStatement([...recent]))
    facts.push(
      ...(await em.find(
        EntityFact,
        { entityId: { $in: ids }, type: { $in: [...CHANGE_TYPES] }, statedAt: { $lt: to } },
        { orderBy: { statedAt: 'asc', id: 'asc' }, disableIdentityMap: true },
      )),
    );
  const last = new Map<string, EntityFact>();
  const changed: Array<{ fact: EntityFact; from: string | null }> = [];
  const keys = new Set<string>();
  for (const fact of facts) {
    const series = `${fact.entityId}|${seriesOf(fact)}`;
    const before = last.get(series);
    const same = before && valueOf(before) === valueOf(fact);
    if (!same) last.set(series, fact);
    if (same || fact.statedAt < from) continue;
    const key = changeKey(fact);
    if (keys.has(key)) continue;
    keys.add(key);
    changed.push({ fact, from: before ? valueOf(before) : null });
  }
  if (!changed.length) return [];
  // Stated at the same time (one article): status first, then capacity, then money.
  const rank = (f: EntityFact) => CHANGE_TYPES.indexOf(f.type as (typeof CHANGE_TYPES)[number]);
  changed.sort((a, b) => a.fact.statedAt.getTime() - b.fact.statedAt.getTime() || rank(a.fact) - rank(b.fact));
  const entities = new Map(
    (
      await em.find(
        Entity,
        { id: { $in: [...new Set(changed.map((c) => c.fact.entityId))] } },
        { fields: ['id', 'name', 'kind', 'country'], disableIdentityMap: true },
      )
    ).map((e) => [e.id, e]),
  );
  const outlets = await outletsOf(
    em,
    changed.map((c) => c.fact),
  );
  return changed.flatMap(({ fact, from: was }) => {
    const entity = entities.get(fact.entityId);
    if (!entity) return [];
    return [
      {
        key: changeKey(fact),
        entity: { id: entity.id, name: entity.name, kind: entity.kind, country: entity.country },
        type: fact.type as EntityChange['type'],
        from: was,
        to: valueOf(fact),
        statedAt: fact.statedAt.toISOString(),
        storyId: fact.storyId,
        sentence: fact.sentence,
        outlets: outlets(fact),
      },
    ];
  });
}

/** Each fact's outlets by name, with the address of the article of theirs that states it when known. */
async function outletsOf(em: EntityManager, facts: EntityFact[]): Promise<(fact: EntityFact) => EntityOutlet[]> {
  const sourceIds = [...new Set(facts.flatMap((f) => f.sourceIds))];
  const articleIds = [...new Set(facts.flatMap((f) => f.articleIds))];
  const sources = new Map<string, { name: string; siteUrl: string }>();
  for (const ids of perStatement(sourceIds))
    for (const s of await em.find(Source, { id: { $in: ids } }, { fields: ['id', 'name', 'siteUrl'], disableIdentityMap: true }))
      sources.set(s.id, { name: s.name, siteUrl: s.siteUrl });
  const articles = new Map<string, { sourceId: string; url: string }>();
  for (const ids of perStatement(articleIds))
    for (const a of await em.find(Article, { id: { $in: ids } }, { fields: ['id', 'sourceId', 'url'], disableIdentityMap: true }))
      articles.set(a.id, { sourceId: a.sourceId, url: a.url });
  return (fact) =>
    fact.sourceIds.map((id) => {
      const article = fact.articleIds.map((a) => articles.get(a)).find((a) => a?.sourceId === id);
      return { id, name: sources.get(id)?.name ?? id, url: article?.url ?? sources.get(id)?.siteUrl ?? null };
    });
}
