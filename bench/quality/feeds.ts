/**
 * A set served as the web serves news: one RSS feed per outlet and language on a loopback server, each item
 * linking to its article page (an HTML page with the same text, for an engine that fetches pages).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CatalogEntry } from '../../server/src/engine/sources/catalog.js';
import { outletOf, paragraphs, type QualityArticle, type QualitySet } from './set.js';

export interface SetFeeds {
  catalog: CatalogEntry[];
  /** The URL each article is linked at, by article id. */
  urls: Map<string, string>;
  /** The catalog source each article is published by, by article id. */
  sourceOf: Map<string, string>;
  close(): Promise<void>;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const html = (a: QualityArticle) =>
  paragraphs(a.text)
    .map((p) => `<p>${escapeXml(p)}</p>`)
    .join('');

/** An outlet writing in two languages is two sources of the catalog, as in the shipped one. */
export function catalogSourceId(a: QualityArticle, set: QualitySet): string {
  const languages = new Set(set.articles.filter((b) => b.source.id === a.source.id).map((b) => b.language));
  return languages.size > 1 ? `${a.source.id}-${a.language}` : a.source.id;
}

/** `visibleAt`: when given, each feed lists only the items published by that time (asked at each request). */
export async function serveSet(set: QualitySet, visibleAt?: () => Date): Promise<SetFeeds> {
  const bySource = new Map<string, QualityArticle[]>();
  const sourceOf = new Map<string, string>();
  for (const a of set.articles) {
    const id = catalogSourceId(a, set);
    sourceOf.set(a.id, id);
    bySource.set(id, [...(bySource.get(id) ?? []), a]);
  }
  const pages = new Map<string, { type: string; body: string | (() => string) }>();
  const server = http.createServer((req, res) => {
    const page = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!page) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': `${page.type}; charset=utf-8` }).end(typeof page.body === 'string' ? page.body : page.body());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = new Map<string, string>();
  const catalog: CatalogEntry[] = [];
  for (const [sourceId, articles] of bySource) {
    const first = articles[0]!;
    const outlet = outletOf(set, first.source.id);
    const items = articles.map((a) => {
      const link = `${base}/${sourceId}/${encodeURIComponent(a.id)}`;
      urls.set(a.id, link);
      pages.set(new URL(link).pathname, {
        type: 'text/html',
        body: `<!doctype html><html lang="${a.language}"><head><title>${escapeXml(a.title)}</title></head><body><article><h1>${escapeXml(a.title)}</h1>${html(a)}</article></body></html>`,
      });
      return {
        published: Date.parse(a.published),
        xml: `<item><title>${escapeXml(a.title)}</title><link>${escapeXml(link)}</link><guid isPermaLink="false">${escapeXml(a.id)}</guid><pubDate>${new Date(a.published).toUTCString()}</pubDate><description><![CDATA[${html(a)}]]></description></item>`,
      };
    });
    const listed = () => (visibleAt ? items.filter((i) => i.published <= visibleAt().getTime()) : items).map((i) => i.xml).join('');
    const feedPath = `/${sourceId}/feed.xml`;
    pages.set(feedPath, {
      type: 'application/rss+xml',
      body: () =>
        `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escapeXml(first.source.name)}</title><link>${base}/${sourceId}/</link><description>${escapeXml(first.source.name)}</description><language>${first.language}</language>${listed()}</channel></rss>`,
    });
    catalog.push({
      id: sourceId,
      name: first.source.name,
      siteUrl: `${base}/${sourceId}/`,
      feedUrl: `${base}${feedPath}`,
      kind: 'news',
      language: first.language,
      country: outlet.country,
      categories: outlet.categories,
      weight: outlet.weight,
    });
  }
  return {
    catalog,
    urls,
    sourceOf,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
