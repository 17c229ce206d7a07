import { raw, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import {
  CAPACITY_STAGES,
  type EntityDetail,
  type EntityFact as EntityFactDto,
  type EntityKind,
  type EntityListItem,
  type EntityOutlet,
  type EntityRef,
} from '@dcbrief/shared';
import { perStatement } from '../../db/per-statement.js';
import { EntityError, resolveEntity } from '../../engine/entities/entities-admin.js';
import { Entity, EntityFact, EntityMention } from '../../engine/entities/entity.entity.js';
import { foldLetters } from '../../engine/language/fold.js';
import { toLatin } from '../../engine/language/transliterate.js';
import { Article } from '../../engine/model/article.entity.js';
import { Source } from '../../engine/model/source.entity.js';
import { Story } from '../../engine/model/story.entity.js';
import { notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';

/** At most this many entities answer a search or the week's list. */
export const ENTITY_LIST_MAX = 20;
/** The week of GET /api/entities/active. */
export const ACTIVE_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** Entities named most often in the same stories, shown beside the operator/site/place links. */
const NAMED_WITH_MAX = 8;
/** The week's list reads the ranked entities this many at a time, until it is full. */
const ACTIVE_READ_SLICE = 100;
/** Stories and facts on one page: the newest. */
const PAGE_STORIES_MAX = 100;
const PAGE_FACTS_MAX = 200;

/** Whether the signed-in subscriber follows an entity: the follows module answers it when there is one. */
export type FollowedLookup = (entityId: string) => Promise<boolean>;

export class EntitiesService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /**
   * Entities whose name or an alias meets `q` in any script: case and accents folded as recognition folds names
   * (`foldLetters`), Cyrillic and Greek also in Latin letters. Exact names first, then names that start with it,
   * then names that contain it; within each, the most named first.
   */
  async search(q: string, kind?: EntityKind): Promise<EntityListItem[]> {
    const wanted = keysOf(q);
    // Every name is compared (a query may meet any alias, in any script): only the fields that takes are read.
    const entities = await this.em.find(
      Entity,
      { mergedInto: null, ...(kind ? { kind } : {}) },
      { fields: ['id', 'kind', 'name', 'aliases', 'country'], orderBy: { id: 'asc' }, disableIdentityMap: true },
    );
    const ranked: Array<{ entity: NamedEntity; rank: number }> = [];
    for (const entity of entities) {
      const rank = matchRank(wanted, [entity.name, ...entity.aliases]);
      if (rank < 3) ranked.push({ entity, rank });
    }
    const ids = ranked.map((r) => r.entity.id);
    const [stories, facts] = await Promise.all([this.storyCounts(ids), this.factCounts(ids)]);
    return ranked
      .map(({ entity, rank }) => ({ rank, item: listItem(entity, stories.get(entity.id) ?? 0, facts.get(entity.id) ?? 0) }))
      .sort(
        (a, b) =>
          a.rank - b.rank || b.item.stories - a.item.stories || b.item.facts - a.item.facts || a.item.name.localeCompare(b.item.name),
      )
      .slice(0, ENTITY_LIST_MAX)
      .map((r) => r.item);
  }

  /**
   * The week's most active entities (to the app's clock): the most stories that name them, then the most facts.
   * Counted by the database (a week of mentions is tens of thousands of rows); entities are read in that order only
   * until the list is full, merged ones and other kinds skipped.
   */
  async active(kind?: EntityKind): Promise<EntityListItem[]> {
    const from = new Date(this.clock.now().getTime() - ACTIVE_WINDOW_MS);
    const [stories, facts] = await Promise.all([
      this.countSince(EntityMention, 'story_id', { publishedAt: { $gte: from } }),
      this.countSince(EntityFact, null, { statedAt: { $gte: from } }),
    ]);
    const ranked = [...new Set([...stories.keys(), ...facts.keys()])]
      .map((id) => ({ id, stories: stories.get(id) ?? 0, facts: facts.get(id) ?? 0 }))
      .sort((a, b) => b.stories - a.stories || b.facts - a.facts);
    const out: EntityListItem[] = [];
    for (let at = 0; at < ranked.length; at += ACTIVE_READ_SLICE) {
      const slice = ranked.slice(at, at + ACTIVE_READ_SLICE);
      const entities = await this.entitiesById(slice.map((r) => r.id));
      for (const r of slice) {
        const e = entities.get(r.id);
        if (e && !e.mergedInto && (!kind || e.kind === kind)) out.push(listItem(e, r.stories, r.facts));
      }
      // Full, and the next entity ranks below the last one kept (an equal one may still sort before it by name).
      const last = out[ENTITY_LIST_MAX - 1];
      const next = ranked[at + ACTIVE_READ_SLICE];
      if (last && (!next || next.stories < last.stories || (next.stories === last.stories && next.facts < last.facts))) break;
    }
    return out.sort((a, b) => b.stories - a.stories || b.facts - a.facts || a.name.localeCompare(b.name)).slice(0, ENTITY_LIST_MAX);
  }

  /** Per entity, the rows matching `where` (or the distinct values of `distinct` among them), counted by the database. */
  private async countSince<T extends object>(entity: new () => T, distinct: string | null, where: object): Promise<Map<string, number>> {
    const rows = await (this.em as SqlEntityManager)
      .createQueryBuilder(entity, 'x')
      .select(['x.entity_id as id', raw(distinct ? `count(distinct x.${distinct}) as n` : 'count(*) as n')])
      .where(where)
      .groupBy('x.entity_id')
      .execute<Array<{ id: string; n: number | string }>>('all', false);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  /** An entity's page; a merged id answers with the entity it was merged into. */
  async detail(id: string, followed: FollowedLookup = async () => false): Promise<EntityDetail> {
    let entity: Entity;
    try {
      entity = (await resolveEntity(this.em, id)).entity;
    } catch (err) {
      if (err instanceof EntityError) throw notFound('Entity not found');
      throw err;
    }
    const facts = await this.em.find(
      EntityFact,
      { entityId: entity.id },
      { orderBy: { statedAt: 'desc', id: 'asc' }, limit: PAGE_FACTS_MAX },
    );
    const timeline = await this.factDtos(facts);
    const latest = (type: EntityFact['type'], stage?: string) =>
      timeline.find((f) => f.type === type && (stage === undefined || f.stage === stage)) ?? null;
    return {
      ...toRef(entity),
      aliases: entity.aliases,
      role: entity.role,
      level: entity.level,
      candidate: entity.status === 'candidate',
      current: {
        status: latest('status'),
        capacity: CAPACITY_STAGES.map((stage) => latest('capacity', stage)).filter((f): f is EntityFactDto => !!f),
        investment: latest('investment'),
      },
      timeline,
      related: await this.related(entity),
      stories: await this.stories(entity.id),
      followed: await followed(entity.id),
    };
  }

  /** The entity's operator and place, the sites it operates or holds, then the entities named most often with it. */
  private async related(entity: Entity): Promise<EntityDetail['related']> {
    const out: EntityDetail['related'] = [];
    const seen = new Set([entity.id]);
    const add = (e: Entity | undefined, relation: EntityDetail['related'][number]['relation']) => {
      if (!e || e.mergedInto || seen.has(e.id)) return;
      seen.add(e.id);
      out.push({ ...toRef(e), relation });
    };
    const links = await this.entitiesById([entity.operatorId, entity.placeId].filter((x): x is string => !!x));
    add(links.get(entity.operatorId ?? ''), 'operator');
    add(links.get(entity.placeId ?? ''), 'place');
    const sites = await this.em.find(
      Entity,
      { mergedInto: null, kind: 'site', $or: [{ operatorId: entity.id }, { placeId: entity.id }] },
      { orderBy: { name: 'asc' }, limit: 50 },
    );
    for (const s of sites) add(s, 'site');

    const storyIds = [
      ...new Set(
        (await this.em.find(EntityMention, { entityId: entity.id }, { fields: ['storyId'], disableIdentityMap: true })).map(
          (m) => m.storyId,
        ),
      ),
    ];
    const together = new Map<string, Set<string>>();
    for (const ids of perStatement(storyIds)) {
      const rows = await this.em.find(
        EntityMention,
        { storyId: { $in: ids }, entityId: { $ne: entity.id } },
        { fields: ['entityId', 'storyId'], disableIdentityMap: true },
      );
      for (const m of rows) {
        let set = together.get(m.entityId);
        if (!set) together.set(m.entityId, (set = new Set()));
        set.add(m.storyId);
      }
    }
    const top = [...together]
      .filter(([id]) => !seen.has(id))
      .sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))
      .slice(0, NAMED_WITH_MAX * 2)
      .map(([id]) => id);
    const named = await this.entitiesById(top);
    let count = 0;
    for (const id of top) {
      if (count >= NAMED_WITH_MAX) break;
      const before = out.length;
      add(named.get(id), 'named-with');
      if (out.length > before) count++;
    }
    return out;
  }

  /** Stories that name the entity, newest first; `about` when it is one of a story's actors. */
  private async stories(entityId: string): Promise<EntityDetail['stories']> {
    const mentions = await this.em.find(EntityMention, { entityId }, { fields: ['storyId', 'about'], disableIdentityMap: true });
    const about = new Map<string, boolean>();
    for (const m of mentions) about.set(m.storyId, (about.get(m.storyId) ?? false) || m.about);
    const stories: Array<Pick<Story, 'id' | 'title' | 'firstSeenAt'>> = [];
    for (const ids of perStatement([...about.keys()])) {
      stories.push(
        ...(await this.em.find(Story, { id: { $in: ids } }, { fields: ['id', 'title', 'firstSeenAt'], disableIdentityMap: true })),
      );
    }
    return stories
      .sort((a, b) => b.firstSeenAt.getTime() - a.firstSeenAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, PAGE_STORIES_MAX)
      .map((s) => ({ id: s.id, title: s.title, publishedAt: s.firstSeenAt.toISOString(), about: about.get(s.id) ?? false }));
  }

  /** Facts as the API tells them, each outlet with its name and the address of its article that states it. */
  private async factDtos(facts: EntityFact[]): Promise<EntityFactDto[]> {
    const sourceIds = [...new Set(facts.flatMap((f) => f.sourceIds))];
    const articleIds = [...new Set(facts.flatMap((f) => f.articleIds))];
    const sources = new Map<string, string>();
    for (const ids of perStatement(sourceIds)) {
      for (const s of await this.em.find(Source, { id: { $in: ids } }, { fields: ['id', 'name'], disableIdentityMap: true }))
        sources.set(s.id, s.name);
    }
    const articles = new Map<string, Pick<Article, 'sourceId' | 'alsoSourceIds' | 'url'>>();
    for (const ids of perStatement(articleIds)) {
      for (const a of await this.em.find(
        Article,
        { id: { $in: ids } },
        { fields: ['id', 'sourceId', 'alsoSourceIds', 'url'], disableIdentityMap: true },
      )) {
        articles.set(a.id, a);
      }
    }
    return facts.map((f) => {
      const own = f.articleIds.map((id) => articles.get(id)).filter((a) => !!a);
      const outlets: EntityOutlet[] = f.sourceIds.map((sid) => {
        const article = own.find((a) => a.sourceId === sid) ?? own.find((a) => a.alsoSourceIds.includes(sid));
        return { id: sid, name: sources.get(sid) ?? sid, url: article?.url ?? null };
      });
      return {
        id: f.id,
        type: f.type,
        statedAt: f.statedAt.toISOString(),
        storyId: f.storyId,
        sentence: f.sentence,
        language: f.language,
        outlets,
        mw: f.mw,
        stage: f.stage,
        amount: f.amount,
        currency: f.currency,
        usd: f.usd,
        status: f.status,
        what: f.what,
        eventDate: f.eventDate,
      };
    });
  }

  private async entitiesById(ids: string[]): Promise<Map<string, Entity>> {
    const out = new Map<string, Entity>();
    for (const slice of perStatement(ids)) for (const e of await this.em.find(Entity, { id: { $in: slice } })) out.set(e.id, e);
    return out;
  }

  /** Distinct stories that name each entity, all time. */
  private async storyCounts(ids: string[]): Promise<Map<string, number>> {
    return this.countPerEntity('engine_entity_mentions', ids, 'count(distinct story_id)');
  }

  private async factCounts(ids: string[]): Promise<Map<string, number>> {
    return this.countPerEntity('engine_entity_facts', ids, 'count(*)');
  }

  private async countPerEntity(table: string, ids: string[], count: string): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const knex = (this.em as SqlEntityManager).getKnex();
    for (const slice of perStatement(ids)) {
      const rows = (await knex(table)
        .select('entity_id as id', knex.raw(`${count} as n`))
        .whereIn('entity_id', slice)
        .groupBy('entity_id')) as Array<{ id: string; n: number | string }>;
      for (const r of rows) out.set(r.id, Number(r.n));
    }
    return out;
  }
}

/** What a list shows of an entity (a search reads only these, and the aliases it matches). */
type NamedEntity = Pick<Entity, 'id' | 'name' | 'kind' | 'country'>;

export function toRef(entity: NamedEntity): EntityRef {
  return { id: entity.id, name: entity.name, kind: entity.kind, country: entity.country };
}

function listItem(entity: NamedEntity, stories: number, facts: number): EntityListItem {
  return { ...toRef(entity), stories, facts };
}

/** A name's keys: folded as recognition folds names, and in Latin letters when it is Cyrillic or Greek. */
function keysOf(name: string): string[] {
  const folded = foldLetters(name.trim()).replace(/\s+/g, ' ');
  const latin = foldLetters(toLatin(folded, ''));
  return latin === folded ? [folded] : [folded, latin];
}

/** 0: a name is the query; 1: a name, or a word of it, starts with it; 2: a name contains it; 3: none. */
function matchRank(wanted: string[], names: string[]): number {
  let best = 3;
  for (const name of names) {
    for (const key of keysOf(name)) {
      for (const w of wanted) {
        if (key === w) return 0;
        if (key.startsWith(w) || key.includes(` ${w}`)) best = Math.min(best, 1);
        else if (key.includes(w)) best = Math.min(best, 2);
      }
    }
  }
  return best;
}
