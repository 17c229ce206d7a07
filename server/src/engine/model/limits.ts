import type { EntitySchema } from '@mikro-orm/core';
import { ArticleSchema } from './article.entity.js';
import { SourceSchema } from './source.entity.js';

/**
 * Column limits, read from the entity schemas so they cannot drift from the tables. PostgreSQL refuses a
 * value longer than its `varchar(n)` (n characters) and one such value fails a whole batched insert, so
 * every string the engine writes is made to fit before it reaches the database. Lengths are compared in
 * UTF-16 code units, never fewer than PostgreSQL's characters (code points): a value that fits here fits there.
 */
export function columnLength(schema: EntitySchema<any>, property: string): number | undefined {
  const prop = schema.meta.properties[property] as { type?: unknown; length?: number } | undefined;
  return prop && (prop.type === 'string' || prop.type === 'varchar') && typeof prop.length === 'number' ? prop.length : undefined;
}

const must = (schema: EntitySchema<any>, property: string): number => {
  const n = columnLength(schema, property);
  if (n === undefined) throw new Error(`no length for ${schema.meta.className}.${property}`);
  return n;
};

export const LIMITS = {
  /** url and canonicalUrl. */
  url: Math.min(must(ArticleSchema, 'url'), must(ArticleSchema, 'canonicalUrl')),
  /** Titles are cut well below the column (1000): a longer "title" is a feed putting its text there. */
  title: Math.min(500, must(ArticleSchema, 'title')),
  translatedTitle: must(ArticleSchema, 'translatedTitle'),
  author: must(ArticleSchema, 'author'),
  /** Article text is a `text` column; this bounds memory and work, not the database. */
  text: 40_000,
  etag: must(SourceSchema, 'etag'),
  lastModified: must(SourceSchema, 'lastModified'),
  error: must(SourceSchema, 'lastError'),
  illFormed: must(SourceSchema, 'illFormed'),
} as const;

/** The string properties of `row` longer than their column allows (empty when the row fits). */
export function overflowing(schema: EntitySchema<any>, row: object): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(row)) {
    if (typeof value !== 'string') continue;
    const max = columnLength(schema, name);
    if (max !== undefined && value.length > max) out.push(`${name} (${value.length} > ${max})`);
  }
  return out;
}

const MARK = /^[\p{M}\u200c\u200d\ufe0e\ufe0f]/u;

/**
 * `text` cut to at most `max` UTF-16 units, ellipsis included, at a character boundary: never inside a
 * surrogate pair or between a letter and its combining marks, and at the last space when one is near.
 */
export function truncate(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text;
  if (max <= ellipsis.length) return ellipsis.slice(0, Math.max(0, max));
  const room = max - ellipsis.length;
  let cut = room;
  while (cut > 0) {
    const code = text.charCodeAt(cut);
    const insidePair = code >= 0xdc00 && code <= 0xdfff && cut > 0;
    if (!insidePair && !MARK.test(text.slice(cut, cut + 1))) break;
    cut--;
  }
  let head = text.slice(0, cut);
  const space = head.search(/\s\S*$/u);
  // Only back off to a word boundary when it costs little (scripts without spaces have none).
  if (space > 0 && space >= cut * 0.8) head = head.slice(0, space);
  return `${head.trimEnd()}${ellipsis}`;
}

/** A validator (ETag, Last-Modified) longer than its column is dropped, not cut: a cut one would never match. */
export function fitsOrNull(value: string | null, max: number): string | null {
  return value !== null && value.length <= max ? value : null;
}
