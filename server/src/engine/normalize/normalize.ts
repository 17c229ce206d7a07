import { createHash } from 'node:crypto';
import { isHttpUrl } from '@dcbrief/shared';
import { fold } from '../language/fold.js';
import type { FetchedItem, FreshItem, NormalizedItem } from '../types.js';
import { canonicalUrl, cleanUrl } from '../fetch/canonical-url.js';
import { identifyLanguage } from '../language/identify.js';
import { LIMITS, truncate } from '../model/limits.js';
import { htmlToText } from '../fetch/text.js';

export interface NormalizeContext {
  declaredLanguage: string;
  now: Date;
  /** Text found on the article page or in a transcript, when the feed gave only a snippet or show notes. */
  pageText?: string | null;
  transcriptText?: string | null;
}

/**
 * FetchedItem -> NormalizedItem: clean text, canonical URL (or the enclosure's, or a stable URN of the item's identity), content hash,
 * language identified on the text, publication date clamped to now. Every value fits its column (see
 * limits.ts): titles and text are cut at a character boundary, and an item whose link is too long to be
 * stored whole is dropped (a cut URL would be neither its identity nor a working link). A link that is not
 * http(s) (`javascript:`, `data:`, `vbscript:`, `ftp:`) counts as no link: readers are never sent there, and the
 * item keeps its guid as identity. Returns null for such items and for items without a title and text worth keeping.
 */
export function normalizeItem(item: FetchedItem, ctx: NormalizeContext): NormalizedItem | null {
  const title = truncate(htmlToText(item.title).replace(/\s+/g, ' '), LIMITS.title);
  const feedText = htmlToText(item.body);
  let text = feedText;
  if (ctx.pageText && ctx.pageText.length > feedText.length) text = ctx.pageText;
  if (ctx.transcriptText) text = `${feedText}\n${ctx.transcriptText}`.trim();
  text = truncate(text, LIMITS.text, '');
  if (!title && text.length < 40) return null;
  const cleaned = item.url ? safe(() => ({ url: cleanUrl(item.url!), canonical: canonicalUrl(item.url!) })) : null;
  const link = cleaned && isHttpUrl(cleaned.url) ? cleaned : null;
  if (link && (link.url.length > LIMITS.url || link.canonical.length > LIMITS.url)) return null;
  // The item's identity in its source: its guid, else its link, else its enclosure (a podcast episode with only
  // its audio), else its source, title and date. Its address: the link, else the enclosure, else a URN of that key.
  const enclosure =
    !link && item.enclosureUrl ? safe(() => ({ url: cleanUrl(item.enclosureUrl!), canonical: canonicalUrl(item.enclosureUrl!) })) : null;
  const identityKey =
    item.guid || item.url || item.enclosureUrl || `${title || text.slice(0, 200)}\u0000${item.publishedAt?.toISOString() ?? ''}`;
  const guidKey = hash(`${item.sourceId}\u0000${identityKey}`);
  const identity = link ??
    (enclosure && enclosure.url.length <= LIMITS.url && enclosure.canonical.length <= LIMITS.url ? enclosure : null) ?? {
      url: `urn:dcbrief:${item.sourceId}:${guidKey.slice(0, 16)}`,
      canonical: `urn:dcbrief:${guidKey}`,
    };
  // The title and the opening are enough to tell the language; the cost of identification grows with length.
  const { language, detected } = identifyLanguage(`${title}. ${text.slice(0, 400)}`, ctx.declaredLanguage);
  const published = item.publishedAt && item.publishedAt.getTime() <= ctx.now.getTime() ? item.publishedAt : ctx.now;
  return {
    sourceId: item.sourceId,
    url: identity.url,
    canonicalUrl: identity.canonical,
    guidKey,
    contentHash: contentHash(title, text),
    kind: item.kind,
    title: title || truncate(text.replace(/\s+/g, ' '), 120),
    text,
    language,
    languageDetected: detected,
    author: item.author ? truncate(item.author, LIMITS.author) : null,
    hasTranscript: Boolean(ctx.transcriptText),
    extractedFromPage: Boolean(ctx.pageText && text === ctx.pageText),
    publishedAt: published,
  };
}

/** A source's fresh items normalized (with their page or transcript text), leaving out those not worth keeping or not readable. */
export function normalizeFresh(fresh: FreshItem[], declaredLanguage: string, now: Date): NormalizedItem[] {
  const normalized: NormalizedItem[] = [];
  for (const { item, pageText, transcriptText } of fresh) {
    let n: NormalizedItem | null = null;
    try {
      n = normalizeItem(item, { declaredLanguage, now, pageText, transcriptText });
    } catch {
      // One item that cannot be cleaned is left out; it never fails its feed.
    }
    if (n) normalized.push(n);
  }
  return normalized;
}

/** Same words in the same order, whatever the markup, spacing, case or accents. */
export function contentHash(title: string, text: string): string {
  const words = (s: string) => (fold(s).match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
  return hash(`${words(title)}\n${words(text).slice(0, 5000)}`);
}

function hash(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}
