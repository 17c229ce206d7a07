import type { EntityManager } from '@mikro-orm/core';
import { Source } from '../model/source.entity.js';
import { fitsOrNull, LIMITS, truncate } from '../model/limits.js';

const BACKOFF_BASE_MS = 15 * 60_000;
const BACKOFF_MAX_MS = 24 * 3600_000;

/** Which sources a pass fetches (default: every enabled source not waiting out a backoff). */
export interface SourceSelection {
  /** Only these sources (e.g. those of a catalog file). */
  sourceIds?: string[];
  /** Ignore the backoff of failing sources. */
  force?: boolean;
  /** With `sourceIds`: fetch those sources even if disabled (an operator's one-off run of a catalog file). */
  includeDisabled?: boolean;
}

/** What fetching one source came to, as the ingest report lists it. */
export interface SourceOutcome {
  sourceId: string;
  status: 'ok' | 'not-modified' | 'failed';
  items: number;
  newItems: number;
  /** Entries left out: unreadable, or with no title and text worth keeping, or a link too long to store. */
  skippedItems?: number;
  /** Why the feed is not well-formed XML, when it was read all the same. */
  illFormed?: string;
  error?: string;
}

/** A feed that could not be fetched or read, with the HTTP status when there was one. */
export class SourceFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** The selected sources due now (managed by `em`, which records their fetch state), and how many wait out a backoff. */
export async function dueSources(em: EntityManager, selection: SourceSelection, now: Date): Promise<{ due: Source[]; waiting: number }> {
  const where: Record<string, unknown> = selection.sourceIds && selection.includeDisabled ? {} : { enabled: true };
  if (selection.sourceIds) where.id = { $in: selection.sourceIds };
  const all = await em.find(Source, where, { orderBy: { id: 'asc' } });
  const due = all.filter((s) => selection.force || !s.nextAttemptAt || s.nextAttemptAt.getTime() <= now.getTime());
  return { due, waiting: all.length - due.length };
}

/** A 304, recorded on the entity (flushed right after fetching). */
export function recordNotModified(source: Source, now: Date): SourceOutcome {
  Object.assign(source, answered('not-modified', 304, now));
  return { sourceId: source.id, status: 'not-modified', items: 0, newItems: 0 };
}

/** The fetch state of a feed that answered with content: stored with the articles it produced, not before. */
export function fetchedState(
  feed: { status: number; etag: string | null; lastModified: string | null; illFormed: string | null },
  now: Date,
): Partial<Source> {
  return {
    ...answered('ok', feed.status, now),
    illFormed: feed.illFormed === null ? null : truncate(feed.illFormed, LIMITS.illFormed),
    // A validator too long for its column is dropped, not cut (a cut one never matches): a full GET next time.
    etag: fitsOrNull(feed.etag, LIMITS.etag),
    lastModified: fitsOrNull(feed.lastModified, LIMITS.lastModified),
  };
}

/** A failure, recorded on the entity with a backoff that doubles from 15 minutes up to a day. */
export function recordFailure(source: Source, err: unknown, now: Date): SourceOutcome {
  const failure = err instanceof SourceFailure ? err : new SourceFailure(`unexpected: ${(err as Error).message}`, null);
  source.lastStatus = 'failed';
  source.lastHttpStatus = failure.status;
  source.lastError = truncate(failure.message, LIMITS.error);
  source.consecutiveFailures += 1;
  const delay = Math.min(BACKOFF_BASE_MS * 2 ** (source.consecutiveFailures - 1), BACKOFF_MAX_MS);
  source.nextAttemptAt = new Date(now.getTime() + delay);
  return { sourceId: source.id, status: 'failed', items: 0, newItems: 0, error: failure.message };
}

function answered(status: 'ok' | 'not-modified', http: number, now: Date): Partial<Source> {
  return { lastStatus: status, lastHttpStatus: http, lastError: null, consecutiveFailures: 0, lastSuccessAt: now, nextAttemptAt: null };
}
