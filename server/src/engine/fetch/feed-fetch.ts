import type { EntityManager } from '@mikro-orm/core';
import type { EngineConfig } from '../engine.config.js';
import { Article } from '../model/article.entity.js';
import type { Source } from '../model/source.entity.js';
import { canonicalUrl } from './canonical-url.js';
import { LIMITS } from '../model/limits.js';
import type { FetchedItem, FreshItem } from '../types.js';
import { FeedParseError, parseFeed, type ParsedFeed } from './feed-parser.js';
import { SourceFailure } from './fetch-state.js';
import type { ConditionalHeaders, Fetcher } from './http-fetcher.js';
import { fetchPageText, fetchTranscriptText } from './page-fetch.js';
import { perStatement } from '../../db/per-statement.js';

export interface FeedFetchDeps {
  fetcher: Fetcher;
  limits: Pick<EngineConfig['fetch'], 'maxItemsPerFeed' | 'pageFetchesPerSource'>;
  /** Where the articles already stored are looked up. */
  em: EntityManager;
}

/** What one source's feed gave: nothing new (304), or its items new to this source. */
export type FeedFetch =
  | { kind: 'not-modified' }
  | {
      kind: 'ok';
      status: number;
      etag: string | null;
      lastModified: string | null;
      itemCount: number;
      /** Entries of the feed that could not be read (left out by the parser; the rest of the feed is kept). */
      skipped: number;
      /** Why the feed is not well-formed XML, when it was read all the same. */
      illFormed: string | null;
      fresh: FreshItem[];
    };

/**
 * One source's feed by conditional GET, parsed, and those of its items not yet stored for this source, each
 * with its transcript or, when the feed gave only a snippet, its article page (a few per source). Throws a
 * SourceFailure when the feed cannot be fetched or read.
 */
export async function fetchFeed(source: Source, deps: FeedFetchDeps): Promise<FeedFetch> {
  const { fetcher, limits } = deps;
  const read = await readFeed(fetcher, source, { etag: source.etag, lastModified: source.lastModified });
  if (read.kind === 'not-modified') return read;
  const items = read.feed.items.slice(0, limits.maxItemsPerFeed);
  const unseen = await unseenItems(deps.em, items, source.id);
  let pageBudget = limits.pageFetchesPerSource;
  const fresh: FreshItem[] = [];
  for (const item of unseen) {
    let pageText: string | null = null;
    let transcriptText: string | null = null;
    if (!item.known) {
      if (item.transcripts[0]) transcriptText = await fetchTranscriptText(fetcher, item.transcripts[0]);
      else if (item.kind === 'news' && item.url && item.url.length <= LIMITS.url && pageBudget > 0 && stripTags(item.body).length < 300) {
        pageBudget--;
        pageText = await fetchPageText(fetcher, item.url);
      }
    }
    fresh.push({ item, pageText, transcriptText });
  }
  return {
    kind: 'ok',
    status: read.status,
    etag: read.etag,
    lastModified: read.lastModified,
    itemCount: items.length,
    skipped: read.feed.skipped,
    illFormed: read.feed.illFormed,
    fresh,
  };
}

export type ReadFeed =
  | { kind: 'not-modified' }
  | { kind: 'ok'; status: number; url: string; etag: string | null; lastModified: string | null; feed: ParsedFeed };

/**
 * A feed fetched (conditional GET, polite limits, decoded by its charset) and parsed: the ingest's path from a
 * source's address to its entries, also what `npm run bench -- feeds` runs the feedparser corpus through.
 * Throws a SourceFailure when the feed cannot be fetched or is not a readable feed.
 */
export async function readFeed(
  fetcher: Fetcher,
  source: Pick<Source, 'id' | 'kind' | 'feedUrl'>,
  conditional: ConditionalHeaders = {},
): Promise<ReadFeed> {
  const result = await fetcher.fetch(source.feedUrl, conditional);
  if (result.kind === 'failed') throw new SourceFailure(result.error, result.status);
  if (result.kind === 'not-modified') return { kind: 'not-modified' };
  try {
    const feed = await parseFeed(result.body, source.id, source.kind, result.url);
    return { kind: 'ok', status: result.status, url: result.url, etag: result.etag, lastModified: result.lastModified, feed };
  } catch (err) {
    throw new SourceFailure(err instanceof FeedParseError ? err.message : `parse failed: ${(err as Error).message}`, result.status);
  }
}

/**
 * Items whose canonical URL is not stored yet (a feed repeats its last items on every fetch), and items
 * stored from another source that this one has not been recorded on (marked `known`: no page fetch).
 */
async function unseenItems(em: EntityManager, items: FetchedItem[], sourceId: string): Promise<Array<FetchedItem & { known?: boolean }>> {
  // The address normalize stores: the link, else the enclosure (an episode with only its audio).
  const keyed = items.map((item) => {
    const address = item.url ?? item.enclosureUrl ?? null;
    return { item, key: address ? safeCanonical(address) : null };
  });
  const keys = keyed.map((k) => k.key).filter((k): k is string => Boolean(k));
  const known = new Map<string, boolean>();
  for (const slice of perStatement(keys)) {
    const rows = await em.find(Article, { canonicalUrl: { $in: slice } }, { fields: ['canonicalUrl', 'sourceId', 'alsoSourceIds'] });
    for (const r of rows) known.set(r.canonicalUrl, r.sourceId === sourceId || r.alsoSourceIds.includes(sourceId));
  }
  return keyed
    .filter((k) => !k.key || known.get(k.key) !== true)
    .map((k) => (k.key && known.has(k.key) ? { ...k.item, known: true } : k.item));
}

function safeCanonical(url: string): string | null {
  try {
    return canonicalUrl(url);
  } catch {
    return null;
  }
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
