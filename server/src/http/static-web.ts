import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { isWebAppPath } from '@dcbrief/shared';

/** The encodings the build writes beside each compressible file (web/scripts/precompress.mjs), best first. */
const ENCODINGS = [
  { coding: 'br', ext: '.br' },
  { coding: 'gzip', ext: '.gz' },
] as const;
type Coding = (typeof ENCODINGS)[number]['coding'];

const HASHED_ASSETS = 'public, max-age=31536000, immutable';
/** Files whose name does not change with their content (the HTML, favicons): revalidated on every use. */
const REVALIDATE = 'no-cache';
/** Files up to this size are kept in memory after their first request; larger ones stream from disk. */
const MEMORY_LIMIT_BYTES = 2 * 1024 * 1024;

interface Variant {
  file: string;
  size: number;
  body?: Buffer;
}

interface StaticFile {
  /** The extension Koa derives the Content-Type from. */
  ext: string;
  cacheControl: string;
  lastModified: string;
  etag: string;
  identity: Variant;
  encoded: Partial<Record<Coding, Variant>>;
}

/**
 * Serves the built web app: files precompressed at build time (brotli, gzip) chosen by Accept-Encoding with
 * `Vary: Accept-Encoding`, hashed assets cached for a year, and index.html ('/') or app.html (no-cache) for every other GET
 * outside /api, where the web router decides what to show: with 200 for the app's pages, with 404 for any
 * other path (the app shows its 404 screen, and crawlers and monitors see the status). A file is looked up
 * once and then answered from memory: the build does not change under a running server (a rebuild writes
 * new hashed names, and the server restarts to pick up a new index.html).
 */
export function serveWebApp(webDir: string) {
  const root = path.resolve(webDir);
  const found = new Map<string, StaticFile>();
  let index: StaticFile | null = null;
  let appShell: StaticFile | null = null;

  const lookup = (urlPath: string): StaticFile | null => {
    const known = found.get(urlPath);
    if (known) return known;
    const file = resolveInside(root, urlPath);
    const entry = file ? describe(file, root) : null;
    // Only files that exist are remembered, so requests for made-up paths cannot grow the map.
    if (entry) found.set(urlPath, entry);
    return entry;
  };

  // Not async: API requests pass through without a promise of their own (bench/api.ts).
  return function webApp(ctx: Context, next: Next): Promise<void> | void {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const asset = lookup(ctx.path);
    if (asset) return send(ctx, asset);
    index ??= describe(path.join(root, 'index.html'), root);
    // index.html carries the prerendered landing page: '/' only. Every other page (and the 404 screen) opens
    // from app.html, which shows nothing until its script runs (docs/decisions/530); builds without it use index.html.
    appShell ??= describe(path.join(root, 'app.html'), root) ?? index;
    if (!index) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet. Run `npm run build` (npm start does it for you).';
      return;
    }
    send(ctx, ctx.path === '/' ? index : (appShell ?? index), isWebAppPath(ctx.path) ? 200 : 404);
  };
}

/** The file a URL path names inside `root`, or null: no traversal, no hidden files (.vite), no directories. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (!relative || relative.split('/').some((part) => part.startsWith('.'))) return null;
  const file = path.join(root, relative);
  if (!file.startsWith(root + path.sep)) return null;
  return file;
}

function describe(file: string, root: string): StaticFile | null {
  const stats = statFile(file);
  if (!stats) return null;
  const ext = path.extname(file);
  const hashed = path.relative(root, file).startsWith(`assets${path.sep}`);
  const encoded: StaticFile['encoded'] = {};
  for (const { coding, ext: suffix } of ENCODINGS) {
    const variant = statFile(file + suffix);
    if (variant) encoded[coding] = { file: file + suffix, size: variant.size };
  }
  const identity: Variant = { file, size: stats.size };
  const etag = ext === '.html' ? `"${createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 27)}"` : '';
  return {
    ext,
    cacheControl: hashed && ext !== '.html' ? HASHED_ASSETS : REVALIDATE,
    lastModified: stats.mtime.toUTCString(),
    etag: etag || `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`,
    identity,
    encoded,
  };
}

function statFile(file: string) {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

function send(ctx: Context, asset: StaticFile, status = 200) {
  const codings = ENCODINGS.filter(({ coding }) => asset.encoded[coding]);
  if (codings.length) ctx.vary('Accept-Encoding');
  ctx.set('Cache-Control', asset.cacheControl);
  ctx.set('Last-Modified', asset.lastModified);
  ctx.set('ETag', asset.etag);
  ctx.type = asset.ext;
  ctx.status = status;
  if (status === 200 && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  let variant = asset.identity;
  for (const { coding } of codings) {
    if (ctx.acceptsEncodings(coding, 'identity') === coding) {
      variant = asset.encoded[coding]!;
      ctx.set('Content-Encoding', coding);
      break;
    }
  }
  ctx.length = variant.size;
  if (ctx.method === 'HEAD') return;
  ctx.body = variant.size <= MEMORY_LIMIT_BYTES ? (variant.body ??= readFileSync(variant.file)) : createReadStream(variant.file);
}
