import type { EntityManager } from '@mikro-orm/core';
import { perStatement } from '../../db/per-statement.js';
import { plainRows } from '../../db/raw-values.js';
import { countryOf } from '../language/gazetteer.js';
import { foldLetters } from '../language/fold.js';
import { isCommonWord, extractNames } from '../language/names.js';
import { Article } from '../model/article.entity.js';
import { Source } from '../model/source.entity.js';
import { splitSentences } from '../summarize/sentences.js';
import { Entity, EntityFact, EntityMention, EntityNameSighting } from './entity.entity.js';
import { extractArticle, type ExtractedFact } from './extract.js';
import type { FoundEntity } from './found.js';
import { EntityIndex } from './recognize.js';
import { readSeedEntities, shippedTowns, townEntity, type SeedEntity } from './seed.js';

/**
 * The entities stage of an ingest pass, after summaries: each touched story's articles read for the entities they
 * name and the facts they state, which replace what the story had before (a story is read whole each time it
 * changes); names not known as entities are counted, and one seen in three stories from two outlets becomes a
 * candidate entity for the operator to confirm, merge or leave (`npm run entities`).
 */

const ARTICLE_FIELDS = ['id', 'sourceId', 'alsoSourceIds', 'title', 'text', 'language', 'publishedAt', 'storyId'] as const;
type EntityArticle = Pick<Article, (typeof ARTICLE_FIELDS)[number]>;

/** A new name becomes a candidate once this many stories from this many outlets have named it in their title or lead. */
export const CANDIDATE_STORIES = 3;
export const CANDIDATE_OUTLETS = 2;
const STORIES_PER_SLICE = 100;

export interface EntitiesReport {
  stories: number;
  mentions: number;
  facts: number;
  candidates: string[];
}

/** Adds the seed list's entities the table does not hold yet (ids once merged stay merged). */
export async function syncSeedEntities(em: EntityManager, now: Date): Promise<number> {
  const known = new Set((await plainRows(em, Entity, ['id'], {})).map((e) => e.id));
  const missing = readSeedEntities().filter((s) => !known.has(s.id));
  for (const slice of perStatement(missing, 200))
    await em.insertMany(
      Entity,
      slice.map((s) => seedRow(s, now)),
    );
  return missing.length;
}

/** A seed entity (or a shipped town) as a row of the entities table. */
function seedRow(s: SeedEntity, now: Date): Entity {
  return Object.assign(new Entity(), {
    id: s.id,
    kind: s.kind,
    name: s.name,
    aliases: s.aliases,
    role: s.role ?? null,
    level: s.level ?? null,
    country: s.country ?? null,
    operatorId: s.operator ?? null,
    placeId: s.place ?? null,
    common: Boolean(s.common),
    status: 'confirmed',
    origin: 'seed',
    createdAt: now,
    updatedAt: now,
  });
}

/** The recognition index over the stored entities that are not merged into another. */
export async function loadEntityIndex(em: EntityManager): Promise<EntityIndex> {
  const rows = await plainRows(em, Entity, ['id', 'kind', 'name', 'aliases', 'common', 'role', 'level', 'country'], { mergedInto: null });
  // A town merged into another entity is no longer met as a town (its names are the other's aliases if the operator said so).
  const merged = await plainRows(em, Entity, ['id'], { mergedInto: { $ne: null } });
  return new EntityIndex(rows, shippedTowns(), new Set(merged.map((m) => m.id)));
}

/** The entities stage for the stories a pass touched. */
export async function recordEntities(em: EntityManager, storyIds: readonly string[], now: Date): Promise<EntitiesReport> {
  await syncSeedEntities(em, now);
  const index = await loadEntityIndex(em);
  // Each outlet's country: a town its articles name is one of theirs even when they do not name the country.
  const outletCountries = new Map((await plainRows(em, Source, ['id', 'country'], {})).map((r) => [r.id, r.country]));
  const report: EntitiesReport = { stories: 0, mentions: 0, facts: 0, candidates: [] };
  const sightedKeys = new Set<string>();
  // Reading an article is CPU work on this thread, writing rows is SQLite's on libuv's pool: a slice's rows are
  // written while the next slice is read. The next slice's articles are loaded before the write starts (SQLite has
  // one connection: a load would wait for the write's transaction).
  const slices = [...perStatement(storyIds, STORIES_PER_SLICE)];
  let articles = slices.length ? await loadArticles(em, slices[0]!) : [];
  let writing: Promise<void> = Promise.resolve();
  // The shipped towns the news names are stored as entities the first time (their pages, follows and facts need a row),
  // and so are names found by their legal form or cue (found.ts), as candidates for the operator.
  const storedTowns = new Set<string>();
  const foundNew = new Map<string, FoundEntity>();
  const storedFound = new Set<string>();
  for (const [n, slice] of slices.entries()) {
    const byStory = new Map<string, EntityArticle[]>();
    for (const a of articles) byStory.set(a.storyId!, [...(byStory.get(a.storyId!) ?? []), a]);
    const mentions: EntityMention[] = [];
    const facts: EntityFact[] = [];
    const sightings: EntityNameSighting[] = [];
    const newTowns: Entity[] = [];
    const sliceFound: FoundEntity[] = [];
    for (const [storyId, list] of byStory) {
      list.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
      const read = readStory(index, storyId, list, now, outletCountries);
      for (const { entityId } of read.mentions) {
        const town = storedTowns.has(entityId) ? undefined : index.town(entityId);
        if (town) newTowns.push(seedRow(townEntity(town), now));
        storedTowns.add(entityId);
      }
      for (const f of read.found) {
        if (storedFound.has(f.id)) continue;
        const seen = foundNew.get(f.id);
        // Every form the slice's articles wrote is an alias ("Government of Aragon", "Gobierno de Aragón").
        if (seen) seen.aliases = [...new Set([...seen.aliases, f.name, ...f.aliases])];
        else foundNew.set(f.id, { ...f, aliases: [...f.aliases] });
      }
      mentions.push(...read.mentions);
      facts.push(...read.facts);
      sightings.push(...read.sightings);
      for (const s of read.sightings) sightedKeys.add(s.key);
    }
    for (const [id, f] of foundNew) if (!storedFound.has(id) && !newTowns.some((t) => t.id === id)) sliceFound.push(f);
    for (const f of sliceFound) storedFound.add(f.id);
    foundNew.clear();
    await writing;
    const foundRows = await newFoundRows(em, sliceFound, now);
    newTowns.push(...foundRows);
    report.candidates.push(...foundRows.map((r) => r.id));
    articles = n + 1 < slices.length ? await loadArticles(em, slices[n + 1]!) : [];
    writing = writeSlice(em, slice, { newTowns, mentions, facts, sightings });
    report.stories += byStory.size;
    report.mentions += mentions.length;
    report.facts += facts.length;
  }
  await writing;
  report.candidates.push(...(await promoteCandidates(em, index, [...sightedKeys], now)));
  return report;
}

/**
 * Rows for the names found by their legal form or cue that no stored entity has yet (a merged one's id included): a
 * candidate with its name and the forms the article wrote, for the operator to confirm, merge or leave.
 */
async function newFoundRows(em: EntityManager, found: FoundEntity[], now: Date): Promise<Entity[]> {
  if (!found.length) return [];
  const stored = new Set<string>();
  for (const part of perStatement(found.map((f) => f.id)))
    for (const row of await plainRows(em, Entity, ['id'], { id: { $in: part } })) stored.add(row.id);
  return found
    .filter((f) => !stored.has(f.id))
    .map((f) =>
      Object.assign(new Entity(), {
        id: f.id,
        kind: f.kind,
        name: f.name.slice(0, 200),
        aliases: [...new Set(f.aliases.filter((a) => a !== f.name))],
        role: f.role ?? null,
        level: f.level ?? null,
        country: null,
        operatorId: null,
        placeId: null,
        common: false,
        status: 'candidate',
        origin: 'found',
        createdAt: now,
        updatedAt: now,
      }),
    );
}

function loadArticles(em: EntityManager, storyIds: string[]): Promise<EntityArticle[]> {
  return plainRows(em, Article, ARTICLE_FIELDS, { storyId: { $in: storyIds } });
}

/** Replaces what the slice's stories had (one transaction: a reader sees a story's entities whole). */
async function writeSlice(
  em: EntityManager,
  slice: string[],
  rows: { newTowns: Entity[]; mentions: EntityMention[]; facts: EntityFact[]; sightings: EntityNameSighting[] },
): Promise<void> {
  const { newTowns, mentions, facts, sightings } = rows;
  await em.fork().transactional(async (tx) => {
    for (const part of perStatement(newTowns, 200)) await tx.insertMany(Entity, part);
    await tx.nativeDelete(EntityMention, { storyId: { $in: slice }, articleId: { $ne: null } });
    await tx.nativeDelete(EntityFact, { storyId: { $in: slice } });
    await tx.nativeDelete(EntityNameSighting, { storyId: { $in: slice } });
    for (const part of perStatement(mentions, 200)) await tx.insertMany(EntityMention, part);
    for (const part of perStatement(facts, 100)) await tx.insertMany(EntityFact, part);
    for (const part of perStatement(sightings, 200)) await tx.insertMany(EntityNameSighting, part);
  });
}

/** A story's mentions (one per entity and article), its facts (one per entity, type and value), its unknown names. */
function readStory(
  index: EntityIndex,
  storyId: string,
  articles: EntityArticle[],
  now: Date,
  outletCountries: ReadonlyMap<string, string>,
) {
  const mentions: EntityMention[] = [];
  const facts = new Map<string, EntityFact>();
  const sightings = new Map<string, EntityNameSighting>();
  const found: FoundEntity[] = [];
  for (const a of articles) {
    const sentences = splitSentences(a.text, a.language);
    const country = outletCountries.get(a.sourceId);
    const read = extractArticle(index, {
      title: a.title,
      sentences,
      language: a.language,
      publishedAt: a.publishedAt,
      country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    });
    found.push(...read.found);
    const about = new Set(read.about);
    for (const entityId of read.entities)
      mentions.push(
        Object.assign(new EntityMention(), { entityId, storyId, articleId: a.id, about: about.has(entityId), publishedAt: a.publishedAt }),
      );
    const outlets = [a.sourceId, ...a.alsoSourceIds];
    for (const f of read.facts) {
      const key = factKey(f);
      const existing = facts.get(key);
      if (existing) {
        existing.sourceIds = [...new Set([...existing.sourceIds, ...outlets])];
        if (!existing.articleIds.includes(a.id)) existing.articleIds.push(a.id);
        continue;
      }
      facts.set(key, toFactRow(f, storyId, a, outlets));
    }
    // A name found by its legal form or cue is already an entity of the article (a candidate), not a sighting.
    const foundNames = new Set(read.found.flatMap((f) => [f.name, ...f.aliases]).map((n) => foldLetters(n)));
    const lead = `${a.title}\n${sentences[0] ?? ''}`;
    for (const key of nameRuns(lead, extractNames(lead, a.language).names)) {
      if (key.length < 3 || index.known(key) || countryOf(key) || isCommonWord(key) || foundNames.has(key)) continue;
      const sighting = sightings.get(key) ?? Object.assign(new EntityNameSighting(), { key: key.slice(0, 120), storyId, seenAt: now });
      sighting.sourceIds = [...new Set([...sighting.sourceIds, ...outlets])];
      sightings.set(key, sighting);
    }
  }
  return { mentions, facts: [...facts.values()], sightings: [...sightings.values()], found };
}

const RUN_WORD = /[\p{L}\p{N}][\p{L}\p{N}&'’.-]*/gu;

/**
 * The names of a text with the names written next to each other joined ("Zorblax Energy", not "Zorblax" and
 * "Energy"): names.ts gives words, a company's name is often several.
 */
function nameRuns(text: string, names: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  const inRun = new Set<string>();
  let run: string[] = [];
  let end = -1;
  const close = () => {
    if (run.length > 1) {
      out.add(run.join(' '));
      for (const w of run) inRun.add(w);
    }
    run = [];
  };
  for (const m of text.matchAll(RUN_WORD)) {
    const key = foldLetters(m[0]).replace(/[.'’]+$/, '');
    const adjacent = end >= 0 && /^[ \t]+$/.test(text.slice(end, m.index));
    if (!names.has(key) || !adjacent) close();
    if (names.has(key)) run.push(key);
    end = m.index + m[0].length;
  }
  close();
  for (const n of names) if (!inRun.has(n)) out.add(n);
  return [...out];
}

function factKey(f: ExtractedFact): string {
  const value =
    f.type === 'capacity'
      ? `${f.mw}:${f.stage}`
      : f.type === 'investment'
        ? `${f.amount}:${f.currency}`
        : f.type === 'status'
          ? f.status
          : `${f.what}:${f.date}`;
  return `${f.entity}\u0000${f.type}\u0000${value}`;
}

function toFactRow(f: ExtractedFact, storyId: string, a: EntityArticle, outlets: string[]): EntityFact {
  const row = Object.assign(new EntityFact(), {
    entityId: f.entity,
    storyId,
    type: f.type,
    statedAt: a.publishedAt,
    sentence: f.sentence.slice(0, 2000),
    language: a.language,
    sourceIds: [...new Set(outlets)],
    articleIds: [a.id],
  });
  if (f.type === 'capacity') Object.assign(row, { mw: f.mw, stage: f.stage });
  else if (f.type === 'investment') Object.assign(row, { amount: f.amount, currency: f.currency, usd: f.usd });
  else if (f.type === 'status') row.status = f.status;
  else Object.assign(row, { what: f.what, eventDate: f.date });
  return row;
}

/**
 * Names seen in enough stories and outlets become candidate entities, with a mention of each story that named them
 * (no article: the story's title or lead named it before it was an entity).
 */
async function promoteCandidates(em: EntityManager, index: EntityIndex, keys: string[], now: Date): Promise<string[]> {
  const created: string[] = [];
  for (const part of perStatement(keys)) {
    const rows = await plainRows(em, EntityNameSighting, ['key', 'storyId', 'sourceIds'], { key: { $in: part } });
    const byKey = new Map<string, typeof rows>();
    for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
    for (const [key, seen] of byKey) {
      const stories = new Set(seen.map((s) => s.storyId));
      const outlets = new Set(seen.flatMap((s) => s.sourceIds));
      if (stories.size < CANDIDATE_STORIES || outlets.size < CANDIDATE_OUTLETS || index.known(key)) continue;
      const id = await freeId(em, key);
      await em.transactional(async (tx) => {
        await tx.insert(
          Entity,
          Object.assign(new Entity(), {
            id,
            kind: 'company',
            name: displayName(key),
            aliases: [],
            status: 'candidate',
            origin: 'found',
            createdAt: now,
            updatedAt: now,
          }),
        );
        await tx.insertMany(
          EntityMention,
          [...stories].map((storyId) =>
            Object.assign(new EntityMention(), { entityId: id, storyId, articleId: null, about: false, publishedAt: now }),
          ),
        );
        await tx.nativeDelete(EntityNameSighting, { key });
      });
      created.push(id);
    }
  }
  return created;
}

async function freeId(em: EntityManager, key: string): Promise<string> {
  const base =
    key
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 70) || 'entity';
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (!(await em.count(Entity, { id }))) return id;
  }
}

/** "nscale" -> "Nscale": names.ts keys are folded; the operator renames by alias if the press writes it otherwise. */
function displayName(key: string): string {
  return key.replace(/(^|\s)(\p{L})/gu, (_, s: string, c: string) => s + c.toUpperCase());
}
