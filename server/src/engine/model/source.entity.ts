import { EntitySchema } from '@mikro-orm/core';
import type { Interest } from '@dcbrief/shared';

export type SourceKind = 'news' | 'podcast';
export type FetchStatus = 'never' | 'ok' | 'not-modified' | 'failed';

/**
 * A feed the engine reads, with its polite-fetch state. The id is the catalog's stable slug
 * (not a UUID) so the shipped catalog, OPML files and stories name a source the same way.
 */
export class Source {
  id!: string;
  name!: string;
  siteUrl!: string;
  feedUrl!: string;
  kind: SourceKind = 'news';
  language!: string;
  country!: string;
  categories: Interest[] = [];
  weight = 1;
  enabled = true;
  origin: 'catalog' | 'operator' = 'catalog';
  etag: string | null = null;
  lastModified: string | null = null;
  lastStatus: FetchStatus = 'never';
  lastHttpStatus: number | null = null;
  lastError: string | null = null;
  /**
   * Why the last document the feed answered with is not well-formed XML, when the ingest read it all the same
   * ("ill-formed but read", decision 221); null when it was well-formed. Kept through 304s and failures: it
   * describes the feed's last document.
   */
  illFormed: string | null = null;
  consecutiveFailures = 0;
  lastFetchedAt: Date | null = null;
  lastSuccessAt: Date | null = null;
  nextAttemptAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const SourceSchema = new EntitySchema<Source>({
  class: Source,
  tableName: 'engine_sources',
  properties: {
    id: { type: 'string', length: 80, primary: true },
    name: { type: 'string', length: 200 },
    siteUrl: { type: 'string', length: 1000 },
    feedUrl: { type: 'string', length: 1000, unique: true },
    kind: { type: 'string', length: 16 },
    language: { type: 'string', length: 16 },
    country: { type: 'string', length: 8 },
    categories: { type: 'json' },
    weight: { type: 'double' },
    enabled: { type: 'boolean', index: true },
    origin: { type: 'string', length: 16 },
    etag: { type: 'string', length: 500, nullable: true },
    lastModified: { type: 'string', length: 100, nullable: true },
    lastStatus: { type: 'string', length: 16 },
    lastHttpStatus: { type: 'integer', nullable: true },
    lastError: { type: 'string', length: 500, nullable: true },
    illFormed: { type: 'string', length: 500, nullable: true },
    consecutiveFailures: { type: 'integer' },
    lastFetchedAt: { type: 'datetime', nullable: true },
    lastSuccessAt: { type: 'datetime', nullable: true },
    nextAttemptAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime', onUpdate: () => new Date() },
  },
});
