import Parser from 'rss-parser';
import type { FetchedItem } from '../types.js';

type CustomItem = {
  transcripts?: Array<{ $?: { url?: string; type?: string } }>;
  'content:encoded'?: string;
  'dc:date'?: string;
  'dc:creator'?: string;
  description?: string;
  id?: string;
  updated?: string;
  published?: string;
};

const parser = new Parser<Record<string, never>, CustomItem>({
  customFields: {
    item: [
      ['podcast:transcript', 'transcripts', { keepArray: true }],
      'dc:date',
      'dc:creator',
      'description',
      'id',
      'updated',
      'published',
    ],
  },
});

export class FeedParseError extends Error {}

export interface ParsedFeed {
  title: string | null;
  items: FetchedItem[];
}

/** RSS 2.0, RSS 1.0 (RDF), Atom through rss-parser; JSON Feed 1.x through its own small mapper. */
export async function parseFeed(body: string, sourceId: string, kind: 'news' | 'podcast', baseUrl: string): Promise<ParsedFeed> {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{')) return parseJsonFeed(trimmed, sourceId, kind, baseUrl);
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(trimmed);
  } catch (err) {
    throw new FeedParseError(`not a readable feed: ${(err as Error).message.split('\n')[0]}`);
  }
  const items = feed.items.map((item): FetchedItem => {
    const transcripts = (item.transcripts ?? [])
      .map((t) => ({ url: t.$?.url ?? '', type: t.$?.type ?? '' }))
      .filter((t) => t.url)
      .sort((a, b) => transcriptRank(a.type) - transcriptRank(b.type));
    const date = item.isoDate ?? item.pubDate ?? item['dc:date'] ?? item.published ?? item.updated;
    return {
      sourceId,
      guid: item.guid ?? item.id ?? null,
      url: absolute(item.link, baseUrl),
      title: (item.title ?? '').trim(),
      body: item['content:encoded'] ?? item.content ?? item.description ?? item.summary ?? item.contentSnippet ?? '',
      transcripts: transcripts.map((t) => ({ url: absolute(t.url, baseUrl) ?? t.url, type: t.type })),
      author: item.creator ?? item['dc:creator'] ?? null,
      publishedAt: parseDate(date),
      kind: kind === 'podcast' || item.enclosure?.type?.startsWith('audio/') ? 'podcast' : 'news',
      categories: (item.categories ?? []).map((c) => (typeof c === 'string' ? c : String((c as { _?: string })._ ?? ''))).filter(Boolean),
    };
  });
  return { title: feed.title ?? null, items };
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

function parseJsonFeed(body: string, sourceId: string, kind: 'news' | 'podcast', baseUrl: string): ParsedFeed {
  let doc: { version?: string; title?: string; items?: JsonFeedItem[] };
  try {
    doc = JSON.parse(body);
  } catch (err) {
    throw new FeedParseError(`not a readable JSON Feed: ${(err as Error).message}`);
  }
  if (!doc || typeof doc.version !== 'string' || !doc.version.includes('jsonfeed.org') || !Array.isArray(doc.items)) {
    throw new FeedParseError('JSON document is not a JSON Feed');
  }
  const items = doc.items.map((item): FetchedItem => {
    const audio = item.attachments?.some((a) => a.mime_type?.startsWith('audio/'));
    return {
      sourceId,
      guid: item.id === undefined ? null : String(item.id),
      url: absolute(item.url ?? item.external_url, baseUrl),
      title: (item.title ?? '').trim(),
      body: item.content_html ?? item.content_text ?? item.summary ?? '',
      transcripts: [],
      author: item.authors?.[0]?.name ?? item.author?.name ?? null,
      publishedAt: parseDate(item.date_published ?? item.date_modified),
      kind: kind === 'podcast' || audio ? 'podcast' : 'news',
      categories: item.tags ?? [],
    };
  });
  return { title: doc.title ?? null, items };
}

/** Plain text and WebVTT/SRT are turned into prose most reliably; HTML next; JSON last. */
function transcriptRank(type: string): number {
  if (/text\/plain/i.test(type)) return 0;
  if (/vtt|srt/i.test(type)) return 1;
  if (/html/i.test(type)) return 2;
  return 3;
}

function absolute(link: string | undefined, base: string): string | null {
  if (!link) return null;
  try {
    return new URL(link.trim(), base).toString();
  } catch {
    return null;
  }
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}
