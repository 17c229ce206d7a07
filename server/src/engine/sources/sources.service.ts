import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import type { Clock } from '../../lib/clock.js';
import { Source } from '../model/source.entity.js';
import { catalogEntrySchema, type CatalogEntry } from './catalog.js';
import { perStatement } from '../../db/per-statement.js';

export class SourceError extends Error {}

export interface SyncOptions {
  /** Whether new sources are fetched by the schedule (the shipped catalog: yes; `ingest --sources FILE`: no). */
  enabled?: boolean;
}

/**
 * Brings the catalog's entries into the database: new ones are added, the catalog's descriptive fields
 * are refreshed, and the operator's choices (disabled, fetch state, sources they added) are kept.
 *
 * New rows are inserted with ON CONFLICT DO NOTHING: servers that start together on one PostgreSQL
 * database all sync the catalog, and the rows another server inserted since this one read the table are
 * skipped instead of failing the sync (a feed already followed under another id is skipped too).
 * `added` counts the rows this call inserted.
 */
export async function syncCatalog(
  em: EntityManager,
  entries: CatalogEntry[],
  clock: Clock,
  options: SyncOptions = {},
): Promise<{ added: number; updated: number }> {
  const existing = new Map((await em.find(Source, {})).map((s) => [s.id, s]));
  let updated = 0;
  const fresh: Source[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const current = existing.get(entry.id);
    if (!current) {
      if (!seen.has(entry.id)) fresh.push(fromEntry(entry, 'catalog', clock, options.enabled ?? true));
      seen.add(entry.id);
      continue;
    }
    if (current.origin !== 'catalog') continue;
    const changed = describe(current) !== describe(entry);
    if (changed) {
      Object.assign(current, {
        name: entry.name,
        siteUrl: entry.siteUrl,
        kind: entry.kind,
        language: entry.language,
        country: entry.country,
        categories: entry.categories,
        weight: entry.weight,
      });
      if (current.feedUrl !== entry.feedUrl)
        Object.assign(current, { feedUrl: entry.feedUrl, etag: null, lastModified: null, consecutiveFailures: 0, nextAttemptAt: null });
      updated++;
    }
  }
  await em.flush();
  let added = 0;
  const qb = () => (em as unknown as SqlEntityManager).createQueryBuilder(Source);
  for (const slice of perStatement(fresh, 200)) {
    const rows = slice.map((s) => ({ ...s }));
    const result = await qb().insert(rows).onConflict().ignore().execute('run');
    added += result.affectedRows;
  }
  return { added, updated };
}

function describe(s: CatalogEntry | Source): string {
  return JSON.stringify([s.name, s.siteUrl, s.feedUrl, s.kind, s.language, s.country, s.categories, s.weight]);
}

function fromEntry(entry: CatalogEntry, origin: Source['origin'], clock: Clock, enabled = true): Source {
  const now = clock.now();
  return Object.assign(new Source(), { ...entry, origin, enabled, createdAt: now, updatedAt: now });
}

/** An operator's own source; its id must be new and its feed not already followed. */
export async function addSource(em: EntityManager, input: unknown, clock: Clock): Promise<Source> {
  const parsed = catalogEntrySchema.safeParse(input);
  if (!parsed.success)
    throw new SourceError(`invalid source: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const entry = parsed.data;
  if (await em.findOne(Source, { id: entry.id })) throw new SourceError(`a source with id "${entry.id}" exists`);
  const sameFeed = await em.findOne(Source, { feedUrl: entry.feedUrl });
  if (sameFeed) throw new SourceError(`feed ${entry.feedUrl} is already followed as "${sameFeed.id}"`);
  const source = fromEntry(entry, 'operator', clock);
  await em.persist(source).flush();
  return source;
}

export async function setSourceEnabled(em: EntityManager, id: string, enabled: boolean): Promise<Source> {
  const source = await em.findOne(Source, { id });
  if (!source) throw new SourceError(`no source "${id}"`);
  source.enabled = enabled;
  if (enabled) Object.assign(source, { consecutiveFailures: 0, nextAttemptAt: null });
  await em.flush();
  return source;
}

export interface SourceFilter {
  enabled?: boolean;
  failing?: boolean;
  language?: string;
}

export async function listSources(em: EntityManager, filter: SourceFilter = {}): Promise<Source[]> {
  const where: Record<string, unknown> = {};
  if (filter.enabled !== undefined) where.enabled = filter.enabled;
  if (filter.failing) where.consecutiveFailures = { $gt: 0 };
  if (filter.language) where.language = filter.language;
  return em.find(Source, where, { orderBy: { id: 'asc' } });
}
