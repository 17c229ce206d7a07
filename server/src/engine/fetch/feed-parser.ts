import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DetectError, ParseError, parseAtomFeed, parseRdfFeed, parseRssFeed, type AtomFeed, type RdfFeed, type RssFeed } from 'feedsmith';
import type { FetchedItem } from '../types.js';
import { recoverXml } from './xml-recovery.js';

export class FeedParseError extends Error {}

export interface ParsedFeed {
  /** The feed's own title, as HTML like the items' titles. */
  title: string | null;
  items: FetchedItem[];
  /** Entries that could not be read (left out; the rest of the feed is kept). */
  skipped: number;
  /**
   * Why the document is not well-formed XML when it was read all the same (`not well-formed XML: <reason> (line N)`),
   * else null: the source is fine for the ingest, but its publisher has a broken feed that other readers may refuse.
   */
  illFormed: string | null;
}

/** What a document gave, before whether it was well-formed is added. */
type FeedContent = Omit<ParsedFeed, 'illFormed'>;

type Kind = 'news' | 'podcast';

/**
 * RSS 0.9x-2.0, RSS 1.0 (RDF) and Atom 0.3/1.0 through feedsmith (decision 220); JSON Feed 1.x and CDF through
 * small mappers of their own. XML that is not well-formed is read leniently and marked `illFormed` (decision 221);
 * only a document with nothing like a feed in it, or JSON that is not a JSON Feed, is refused with a FeedParseError.
 * A feed with nothing in it gives no items; an entry that cannot be read is left out and counted in `skipped`,
 * never failing its feed.
 *
 * Titles come out as HTML (what normalize turns into text): RSS and RDF titles are read as HTML like every
 * reader does, Atom titles by their `type` (a `text` title is escaped, so `History of the <blink> tag` keeps
 * its words; see atomText).
 */
export async function parseFeed(body: string, sourceId: string, kind: Kind, baseUrl: string): Promise<ParsedFeed> {
  const trimmed = body.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{')) return { ...parseJsonFeed(trimmed, sourceId, kind, baseUrl), illFormed: null };
  const document = readable(trimmed);
  const feed = parseXmlFeed(decodeBase64Text(withoutDoctype(document.xml)), { sourceId, kind, baseUrl });
  return { ...feed, skipped: feed.skipped + document.cutEntries, illFormed: document.illFormed };
}

function parseXmlFeed(xml: string, ctx: MapContext): FeedContent {
  const root = rootElement(xml);
  if (!root) throw new FeedParseError('not a readable feed: no root element');
  switch (root.toLowerCase().replace(/^[\w.-]+:/, '')) {
    case 'rss':
      return readFeed(
        () => parseRssFeed(withChannel(xml)),
        (feed) => mapRss(feed, ctx),
      );
    case 'feed':
      return readFeed(
        () => parseAtomFeed(xml),
        (feed) => mapAtom(feed, ctx),
      );
    case 'rdf':
      return readFeed(
        () => parseRdfFeed(xml),
        (feed) => mapRdf(feed, ctx),
      );
    case 'channel':
      return mapCdf(xml, ctx);
    default:
      throw new FeedParseError(`not a readable feed: the document is <${root}>, not <rss>, <feed>, <rdf:RDF> or <CHANNEL>`);
  }
}

/**
 * The document as it is when it is well-formed XML; else read the way browsers and feedparser read it
 * (recoverXml: a bare `&`, `&#X41;`, a missing `>` on the last end tag, an end tag that closes nothing, an XML
 * declaration after a comment), with the strict parser's reason kept to show the operator. Only a document
 * in which nothing like a feed's element is found is refused.
 */
function readable(xml: string): { xml: string; illFormed: string | null; cutEntries: number } {
  const strict = XMLValidator.validate(xml);
  if (strict === true) return { xml, illFormed: null, cutEntries: 0 };
  const reason = `not well-formed XML: ${strict.err.msg} (line ${strict.err.line})`;
  const recovered = recoverXml(xml);
  if (!recovered.xml || XMLValidator.validate(recovered.xml) !== true) throw new FeedParseError(`not a readable feed: ${reason}`);
  return { xml: recovered.xml, illFormed: reason, cutEntries: recovered.cutEntries };
}

/**
 * The DOCTYPE left out: its entity declarations are never expanded (no entity bombs), and fast-xml-parser
 * refuses parameter entities (`<!ENTITY % HTMLlat1 ...>`) that are well-formed XML. HTML's named entities are
 * decoded anyway.
 */
function withoutDoctype(xml: string): string {
  return xml.replace(/^((?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->))*\s*)<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>/i, '$1');
}

/** Atom 0.3 `mode="base64"` text constructs decoded in place (feedsmith reads them as they are). */
function decodeBase64Text(xml: string): string {
  if (!/\smode\s*=\s*["']base64["']/i.test(xml)) return xml;
  return xml.replace(
    /<([\w.:-]+)((?:\s[^>]*?)?)\smode\s*=\s*["']base64["']([^>]*)>([^<]*)<\/\1\s*>/gi,
    (_, name: string, before: string, after: string, data: string) =>
      `<${name}${before}${after}>${escapeHtml(Buffer.from(data.trim(), 'base64').toString('utf8'))}</${name}>`,
  );
}

/**
 * feedsmith refuses a feed it finds nothing in (no title, no items: ParseError) or whose root has nothing it
 * recognises (`<rss>` with neither version nor known elements: DetectError): for the ingest, once the document
 * is known to be well-formed with a feed's root, that is a readable feed with no items. Any other error is the
 * feed's failure, with its message.
 */
function readFeed<F>(parse: () => F, map: (feed: F) => FeedContent): FeedContent {
  let feed: F;
  try {
    feed = parse();
  } catch (err) {
    if (err instanceof ParseError || err instanceof DetectError) return { title: null, items: [], skipped: 0 };
    throw new FeedParseError(`not a readable feed: ${(err as Error).message}`);
  }
  return map(feed);
}

interface MapContext {
  sourceId: string;
  kind: Kind;
  baseUrl: string;
}

/** Each entry read on its own: one that throws is counted and left out. */
function mapEach<T>(entries: T[] | undefined, map: (entry: T) => FetchedItem): { items: FetchedItem[]; skipped: number } {
  const items: FetchedItem[] = [];
  let skipped = 0;
  for (const entry of entries ?? []) {
    try {
      items.push(map(entry));
    } catch {
      skipped++;
    }
  }
  return { items, skipped };
}

function mapRss(feed: RssFeed.Feed<string>, ctx: MapContext): FeedContent {
  const { items, skipped } = mapEach(feed.items, (item) => {
    const enclosure = item.enclosures?.find((e) => e.url);
    const audio = item.enclosures?.some((e) => e.type?.toLowerCase().startsWith('audio/')) ?? false;
    return {
      sourceId: ctx.sourceId,
      guid: text(item.guid?.value),
      url: absolute(item.link ?? atomLink(item.atom?.links), ctx.baseUrl),
      enclosureUrl: httpUrl(enclosure?.url, ctx.baseUrl),
      title: text(item.title) ?? text(item.dc?.titles?.[0]) ?? text(item.media?.title?.value) ?? text(item.itunes?.title) ?? '',
      body: item.content?.encoded ?? item.description ?? item.itunes?.summary ?? '',
      transcripts: transcripts(item.podcast?.transcripts, ctx.baseUrl),
      author: text(item.dc?.creators?.[0]) ?? text(item.authors?.[0]?.name) ?? text(item.authors?.[0]?.email) ?? null,
      publishedAt: parseDate(item.pubDate ?? item.dc?.dates?.[0] ?? item.dcterms?.issued ?? item.atom?.published ?? item.atom?.updated),
      kind: ctx.kind === 'podcast' || audio ? 'podcast' : 'news',
      categories: (item.categories ?? []).map((c) => c.name).filter((c): c is string => typeof c === 'string' && c.length > 0),
    };
  });
  return { title: text(feed.title) ?? text(feed.dc?.titles?.[0]) ?? null, items, skipped };
}

function mapAtom(feed: AtomFeed.Feed<string>, ctx: MapContext): FeedContent {
  const { items, skipped } = mapEach(feed.entries, (entry) => {
    const enclosure = entry.links?.find((l) => l.rel === 'enclosure' && l.href);
    return {
      sourceId: ctx.sourceId,
      guid: text(entry.id),
      url: absolute(atomLink(entry.links), ctx.baseUrl),
      enclosureUrl: httpUrl(enclosure?.href, ctx.baseUrl),
      title: atomText(entry.title) ?? text(entry.dc?.titles?.[0]) ?? '',
      body: atomText(entry.content) ?? atomText(entry.summary) ?? '',
      transcripts: [],
      author: text(entry.authors?.[0]?.name) ?? text(entry.dc?.creators?.[0]) ?? null,
      publishedAt: parseDate(entry.published ?? entry.updated ?? entry.dc?.dates?.[0]),
      kind: ctx.kind === 'podcast' || Boolean(enclosure?.type?.toLowerCase().startsWith('audio/')) ? 'podcast' : 'news',
      categories: (entry.categories ?? []).map((c) => c.label ?? c.term).filter((c): c is string => typeof c === 'string' && c.length > 0),
    };
  });
  return { title: atomText(feed.title) ?? null, items, skipped };
}

function mapRdf(feed: RdfFeed.Feed<string>, ctx: MapContext): FeedContent {
  const { items, skipped } = mapEach(feed.items, (item) => ({
    sourceId: ctx.sourceId,
    guid: text(item.rdf?.about),
    url: absolute(item.link, ctx.baseUrl),
    enclosureUrl: null,
    title: text(item.title) ?? text(item.dc?.titles?.[0]) ?? '',
    body: item.content?.encoded ?? item.description ?? '',
    transcripts: [],
    author: text(item.dc?.creators?.[0]) ?? null,
    publishedAt: parseDate(item.dc?.dates?.[0] ?? item.dcterms?.issued),
    kind: ctx.kind,
    categories: (item.dc?.subjects ?? []).filter((c): c is string => typeof c === 'string' && c.length > 0),
  }));
  return { title: text(feed.title) ?? text(feed.dc?.titles?.[0]) ?? null, items, skipped };
}

const cdfParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  transformTagName: (name) => name.toLowerCase(),
  transformAttributeName: (name) => name.toLowerCase(),
  isArray: (name) => name === 'item',
});

interface CdfNode {
  title?: unknown;
  abstract?: unknown;
  item?: CdfNode[];
  '@href'?: string;
  '@lastmod'?: string;
}

/**
 * Microsoft's Channel Definition Format (1997; feedparser still reads it, feedsmith does not): `<CHANNEL HREF>`
 * with `<TITLE>`, `<ABSTRACT>` and `<ITEM HREF LASTMOD>`. Small enough to map here.
 */
function mapCdf(xml: string, ctx: MapContext): FeedContent {
  const doc = cdfParser.parse(xml) as { channel?: CdfNode | string };
  const channel: CdfNode = typeof doc.channel === 'object' && doc.channel ? doc.channel : {};
  const base = absolute(channel['@href'], ctx.baseUrl) ?? ctx.baseUrl;
  const { items, skipped } = mapEach(channel.item, (item) => ({
    sourceId: ctx.sourceId,
    guid: null,
    url: absolute(item['@href'], base),
    enclosureUrl: null,
    title: escapeHtml(nodeText(item.title) ?? ''),
    body: escapeHtml(nodeText(item.abstract) ?? ''),
    transcripts: [],
    author: null,
    publishedAt: parseDate(item['@lastmod']),
    kind: ctx.kind,
    categories: [],
  }));
  const title = nodeText(channel.title);
  return { title: title === null ? null : escapeHtml(title), items, skipped };
}

function nodeText(node: unknown): string | null {
  return text(typeof node === 'object' && node !== null ? (node as { '#text'?: unknown })['#text'] : node);
}

/**
 * An Atom text construct as HTML: `text` (and `text/plain`) escaped; `html`, `xhtml` and no type (Atom 0.3 feeds
 * put HTML there, as RSS does) as they are; another media type (`application/octet-stream`) is base64 to decode.
 */
function atomText(value: { value?: string; type?: string } | undefined): string | null {
  const v = text(value?.value);
  if (v === null) return null;
  const type = value?.type?.trim().toLowerCase();
  if (type === 'text' || type === 'text/plain') return escapeHtml(v);
  if (type && type.includes('/') && !type.startsWith('text/') && !type.includes('xml')) {
    return text(Buffer.from(v.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  return v;
}

/** The entry's page: `rel="alternate"` (or no rel) first, then any link that is not an enclosure or a reply. */
function atomLink(links: Array<{ href?: string; rel?: string }> | undefined): string | undefined {
  if (!links) return undefined;
  const page = links.find((l) => l.href && (!l.rel || l.rel === 'alternate'));
  return (page ?? links.find((l) => l.href && l.rel !== 'enclosure' && l.rel !== 'replies' && l.rel !== 'self'))?.href;
}

function transcripts(list: Array<{ url?: string; type?: string }> | undefined, baseUrl: string): FetchedItem['transcripts'] {
  return (list ?? [])
    .map((t) => ({ url: absolute(t.url, baseUrl) ?? '', type: t.type ?? '' }))
    .filter((t) => t.url)
    .sort((a, b) => transcriptRank(a.type) - transcriptRank(b.type));
}

/** `<rss>` whose items sit directly under it (RSS 0.9x files in the wild): read as if in a `<channel>`. */
function withChannel(xml: string): string {
  if (/<(?:[\w.-]+:)?channel[\s>/]/i.test(xml)) return xml;
  const open = /<(?:[\w.-]+:)?rss(?:\s[^>]*)?>/i.exec(xml);
  const close = xml.search(/<\/(?:[\w.-]+:)?rss\s*>\s*$/i);
  if (!open || close < open.index) return xml;
  const start = open.index + open[0].length;
  return `${xml.slice(0, start)}<channel>${xml.slice(start, close)}</channel>${xml.slice(close)}`;
}

/** The document element's name, past the XML declaration, processing instructions, comments and a DOCTYPE. */
function rootElement(xml: string): string | null {
  const prolog = /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>))*\s*<([\w.:-]+)/i.exec(xml);
  return prolog?.[1] ?? null;
}

interface JsonFeedItem {
  id?: string | number;
  url?: string;
  external_url?: string;
  title?: string;
  content_html?: string;
  content_text?: string;
  summary?: string;
  date_published?: string;
  date_modified?: string;
  author?: { name?: string };
  authors?: Array<{ name?: string }>;
  tags?: string[];
  attachments?: Array<{ url?: string; mime_type?: string }>;
}

function parseJsonFeed(body: string, sourceId: string, kind: Kind, baseUrl: string): FeedContent {
  let doc: { version?: string; title?: string; items?: JsonFeedItem[] };
  try {
    doc = JSON.parse(body);
  } catch (err) {
    throw new FeedParseError(`not a readable JSON Feed: ${(err as Error).message}`);
  }
  if (!doc || typeof doc.version !== 'string' || !doc.version.includes('jsonfeed.org') || !Array.isArray(doc.items)) {
    throw new FeedParseError('JSON document is not a JSON Feed');
  }
  const { items, skipped } = mapEach(doc.items, (item): FetchedItem => {
    const attachment = item.attachments?.find((a) => typeof a?.url === 'string');
    const audio = item.attachments?.some((a) => typeof a?.mime_type === 'string' && a.mime_type.startsWith('audio/'));
    return {
      sourceId,
      guid: item.id === undefined || item.id === null ? null : String(item.id),
      url: absolute(str(item.url) ?? str(item.external_url), baseUrl),
      enclosureUrl: httpUrl(attachment?.url, baseUrl),
      title: escapeHtml(str(item.title)?.trim() ?? ''),
      body: str(item.content_html) ?? (str(item.content_text) !== undefined ? escapeHtml(item.content_text!) : (str(item.summary) ?? '')),
      transcripts: [],
      author: str(item.authors?.[0]?.name) ?? str(item.author?.name) ?? null,
      publishedAt: parseDate(str(item.date_published) ?? str(item.date_modified)),
      kind: kind === 'podcast' || audio ? 'podcast' : 'news',
      categories: Array.isArray(item.tags) ? item.tags.filter((t): t is string => typeof t === 'string') : [],
    };
  });
  return { title: str(doc.title) ?? null, items, skipped };
}

/** Plain text and WebVTT/SRT are turned into prose most reliably; HTML next; JSON last. */
function transcriptRank(type: string): number {
  if (/text\/plain/i.test(type)) return 0;
  if (/vtt|srt/i.test(type)) return 1;
  if (/html/i.test(type)) return 2;
  return 3;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A non-empty trimmed string, or null (feedsmith gives strings; a feed may still hand a number). */
function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t ? t : null;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function absolute(link: unknown, base: string): string | null {
  if (typeof link !== 'string' || !link.trim()) return null;
  try {
    return new URL(link.trim(), base).toString();
  } catch {
    return null;
  }
}

/** An enclosure's address, only when it is http(s): it may become the episode's link. */
function httpUrl(link: unknown, base: string): string | null {
  const url = absolute(link, base);
  return url && /^https?:/i.test(url) ? url : null;
}

function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const d = new Date(value.trim());
  return Number.isNaN(d.getTime()) ? null : d;
}
