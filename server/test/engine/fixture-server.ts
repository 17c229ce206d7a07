import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { CatalogEntry } from '../../src/engine/sources/catalog.js';

const DIR = path.resolve(import.meta.dirname, '../fixtures/feeds');

export interface RecordedRequest {
  path: string;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  userAgent: string | null;
}

export interface FixtureServer {
  base: string;
  requests: RecordedRequest[];
  /**
   * Serves `body` at `path` (under /gen/) like the fixture files (ETag, Last-Modified, 304s); a function is
   * called on every request, so a test can change a feed between passes. `{base}` in the body is this server.
   */
  serve(path: string, body: string | (() => string), options?: { type?: string; etag?: string }): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.xml': 'application/rss+xml',
  '.atom': 'application/atom+xml',
  '.rdf': 'application/rdf+xml',
  '.json': 'application/feed+json',
  '.html': 'text/html; charset=utf-8',
  '.vtt': 'text/vtt',
};

const LAST_MODIFIED = 'Fri, 20 Nov 2026 11:00:00 GMT';

/**
 * Serves the fixture feeds on 127.0.0.1 with ETag/Last-Modified and 304s like a well-behaved CMS,
 * plus hostile routes: a huge body, a redirect loop, a slow server and a failing one.
 */
export async function startFixtureServer(): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const generated = new Map<string, { body: string | (() => string); type: string; etag?: string }>();
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push({
      path: url.pathname,
      ifNoneMatch: (req.headers['if-none-match'] as string) ?? null,
      ifModifiedSince: (req.headers['if-modified-since'] as string) ?? null,
      userAgent: req.headers['user-agent'] ?? null,
    });
    const p = url.pathname;
    if (p === '/hostile/huge.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = `<item><title>${'x'.repeat(1000)}</title></item>\n`;
      let sent = 0;
      const pump = () => {
        while (sent < 4000) {
          sent++;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end('</channel></rss>');
      };
      res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>');
      pump();
      return;
    }
    if (p === '/hostile/loop-a' || p === '/hostile/loop-b') {
      res.writeHead(302, { location: p.endsWith('a') ? '/hostile/loop-b' : '/hostile/loop-a' });
      return res.end();
    }
    if (p === '/hostile/slow.xml') {
      const timer = setTimeout(() => res.end('<rss version="2.0"><channel><title>late</title></channel></rss>'), 5_000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (p === '/hostile/error.xml') {
      res.writeHead(503, { 'content-type': 'text/plain' });
      return res.end('maintenance');
    }
    const gen = generated.get(p);
    if (gen) {
      const body = Buffer.from((typeof gen.body === 'function' ? gen.body() : gen.body).replaceAll('{base}', `http://${base}`), 'utf8');
      const etag = gen.etag ?? `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
      if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
      return res.writeHead(200, { 'content-type': gen.type, etag, 'last-modified': LAST_MODIFIED }).end(body);
    }
    const file = p.startsWith('/feeds/')
      ? p.slice(7)
      : p === '/podcast/212.vtt'
        ? 'podcast-212.vtt'
        : p.startsWith('/pages/')
          ? p.slice(1)
          : null;
    if (!file || file.includes('..')) {
      res.writeHead(404);
      return res.end();
    }
    let body: Buffer;
    try {
      // Links in the fixtures name 127.0.0.1 without a port; point them at this server (byte-safe for Latin-1 files).
      body = Buffer.from(readFileSync(path.join(DIR, file)).toString('latin1').replaceAll('://127.0.0.1/', `://${base}/`), 'latin1');
    } catch {
      res.writeHead(404);
      return res.end();
    }
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag || (!req.headers['if-none-match'] && req.headers['if-modified-since'] === LAST_MODIFIED)) {
      res.writeHead(304, { etag });
      return res.end();
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', etag, 'last-modified': LAST_MODIFIED });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base: `http://${base}`,
    requests,
    serve(p, body, options = {}) {
      if (!p.startsWith('/gen/')) throw new Error('generated fixtures live under /gen/');
      generated.set(p, { body, type: options.type ?? 'application/rss+xml; charset=utf-8', etag: options.etag });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Def = [id: string, path: string, language: string, country: string, kind?: 'news' | 'podcast', weight?: number];

const DEFS: Def[] = [
  ['fx-dcd-en', '/feeds/dcd-en.xml', 'en', 'GB', 'news', 1.5],
  ['fx-heise-de', '/feeds/heise-de.atom', 'de', 'DE'],
  ['fx-fr', '/feeds/fr-latin1.xml', 'fr', 'FR'],
  ['fx-es', '/feeds/es.json', 'es', 'ES'],
  ['fx-ja', '/feeds/ja.rdf', 'ja', 'JP'],
  ['fx-pt', '/feeds/pt-cp1252.xml', 'pt-BR', 'BR'],
  ['fx-it', '/feeds/it.xml', 'it', 'IT'],
  ['fx-nl', '/feeds/nl.xml', 'nl', 'NL'],
  ['fx-pl', '/feeds/pl.xml', 'pl', 'PL'],
  ['fx-wire-a', '/feeds/wire-a.xml', 'en', 'SG'],
  ['fx-wire-b', '/feeds/wire-b.xml', 'en', 'US'],
  ['fx-wire-c', '/feeds/wire-c.xml', 'en', 'IN'],
  ['fx-opinion', '/feeds/opinion-en.xml', 'en', 'US'],
  ['fx-aggregator', '/feeds/aggregator-en.xml', 'en', 'US', 'news', 0.5],
  ['fx-snippet', '/feeds/snippet-en.xml', 'en', 'US'],
  ['fx-podcast', '/feeds/podcast.xml', 'en', 'US', 'podcast'],
  ['fx-broken', '/feeds/broken.xml', 'en', 'US'],
  ['fx-huge', '/hostile/huge.xml', 'en', 'US'],
  ['fx-loop', '/hostile/loop-a', 'en', 'US'],
  ['fx-slow', '/hostile/slow.xml', 'en', 'US'],
  ['fx-error', '/hostile/error.xml', 'en', 'US'],
];

export const HOSTILE_IDS = ['fx-broken', 'fx-huge', 'fx-loop', 'fx-slow', 'fx-error'];

export function fixtureCatalog(base: string): CatalogEntry[] {
  return DEFS.map(([id, p, language, country, kind = 'news', weight = 1]) => ({
    id,
    name: `Fixture ${id.slice(3)}`,
    siteUrl: `${base}/`,
    feedUrl: `${base}${p}`,
    kind,
    language,
    country,
    categories: ['infrastructure'],
    weight,
  }));
}
