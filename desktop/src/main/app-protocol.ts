import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DESKTOP_OFFLINE_HEADER, DESKTOP_OFFLINE_STATUS } from '@dcbrief/shared';

/** The window's own scheme: the web app is served from it, and its /api calls are passed to the server. */
export const APP_SCHEME = 'dcbrief-app';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

export interface AppProtocolDeps {
  /** The server's origin, or null before the address screen saved one. */
  serverUrl(): string | null;
  /** A request through the app's session (its cookie jar). */
  fetch(input: Request): Promise<Response>;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** The MP3 kept on disk for a digest's episode, for playing it without a network. */
  offlineAudio(digestId: string): Promise<string | null>;
  /** Its transcript kept beside it, for the player's transcript without a network. */
  offlineTranscript(digestId: string): Promise<string | null>;
}

/** Everything the web app asks of its server lives under /api (pages it navigates to, like sign-in, too). */
export function isServerPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

// Headers the window's request may not choose: the cookie comes from the session's jar, the rest is set here.
const DROPPED_REQUEST_HEADERS = ['cookie', 'host', 'origin', 'referer', 'connection', 'content-length'];

/**
 * The server's view of a request the window made to dcbrief-app://app/api/...: the same method, path, query,
 * body and headers, addressed to the server, with Origin and Referer of the server itself (the window is the
 * app's own page, so its requests are same-origin ones; the server's CSRF check and SameSite cookie stay as
 * they are for the browser), and the cookie left to the session's jar (credentials: include).
 */
export async function toServerRequest(request: Request, server: string): Promise<Request> {
  const url = new URL(request.url);
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (!DROPPED_REQUEST_HEADERS.includes(name.toLowerCase())) headers.set(name, value);
  });
  if (request.headers.has('origin')) headers.set('origin', server);
  const referer = request.headers.get('referer');
  if (referer?.startsWith(`${APP_ORIGIN}/`)) headers.set('referer', `${server}${referer.slice(APP_ORIGIN.length)}`);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(`${server}${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    redirect: 'manual',
    credentials: 'include',
  });
}

/**
 * The server's answer as the window gets it: Set-Cookie stays in the session's jar (never in the window's
 * own cookies), and a redirect to the server itself (sign-in's "go to /") stays inside the app.
 */
export function toWindowResponse(response: Response, server: string): Response {
  const headers = new Headers(response.headers);
  headers.delete('set-cookie');
  const location = headers.get('location');
  if (location) {
    const target = new URL(location, server);
    if (target.origin === server) headers.set('location', `${APP_ORIGIN}${target.pathname}${target.search}${target.hash}`);
  }
  const nullBody = response.status === 204 || response.status === 304 || (response.status >= 300 && response.status < 400);
  return new Response(nullBody ? null : response.body, { status: response.status, statusText: response.statusText, headers });
}

export function offlineResponse(message = 'The DC Brief server cannot be reached.'): Response {
  return new Response(JSON.stringify({ message, offline: true }), {
    status: DESKTOP_OFFLINE_STATUS,
    headers: { 'content-type': 'application/json', [DESKTOP_OFFLINE_HEADER]: '1', 'cache-control': 'no-store' },
  });
}

const EPISODE_FILE = /^\/api\/audio\/episodes\/([\w-]+)\/(audio\.mp3|transcript\.vtt)$/;

/** Answers one request of the window (protocol.handle's handler). */
export async function handleAppRequest(request: Request, deps: AppProtocolDeps): Promise<Response> {
  const url = new URL(request.url);
  // Compared by parts: outside Electron (tests) a custom scheme's URL has an opaque origin.
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== 'app') return new Response('Not found', { status: 404 });
  if (!isServerPath(url.pathname)) return serveRenderer(url.pathname, deps.rendererDir);
  const server = deps.serverUrl();
  if (!server) return offlineResponse('No DC Brief server is set yet.');
  const kept = request.method === 'GET' ? EPISODE_FILE.exec(url.pathname) : null;
  try {
    return toWindowResponse(await deps.fetch(await toServerRequest(request, server)), server);
  } catch {
    // No network, or the server is down: the episode kept on disk still plays, with its transcript.
    if (kept?.[2] === 'audio.mp3') {
      const file = await deps.offlineAudio(kept[1]!);
      if (file) return serveFileRange(file, request.headers.get('range'), 'audio/mpeg');
    } else if (kept?.[2] === 'transcript.vtt') {
      const file = await deps.offlineTranscript(kept[1]!);
      if (file)
        return new Response(new Uint8Array(await readFile(file)), { status: 200, headers: { 'content-type': 'text/vtt; charset=utf-8' } });
    }
    return offlineResponse();
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
};

/**
 * The window's own page: no inline script, scripts only from the app and Stripe.js (the subscribe page),
 * calls only to the app itself (the server is reached through /api) and Stripe.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://*.stripe.com",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com https://m.stripe.network",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The renderer's page (web/desktop.html, built). */
export const RENDERER_PAGE = 'desktop.html';

/** A file of the built renderer, or its page for the app's own routes (/, /digests/..., /audio). */
export async function serveRenderer(pathname: string, rendererDir: string): Promise<Response> {
  const root = path.resolve(rendererDir);
  let file = path.resolve(root, `.${decodeURIComponent(pathname)}`);
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return new Response('Not found', { status: 404 });
  const isFile = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!isFile) {
    if (path.extname(pathname)) return new Response('Not found', { status: 404 });
    file = path.join(root, RENDERER_PAGE);
  }
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'content-type': type };
  if (type.startsWith('text/html')) headers['content-security-policy'] = RENDERER_CSP;
  return new Response(new Uint8Array(await readFile(file)), { status: 200, headers });
}

/** A file with HTTP range support (an <audio> element seeks with `Range: bytes=N-`). */
export async function serveFileRange(file: string, range: string | null, type: string): Promise<Response> {
  const size = (await stat(file)).size;
  const base = { 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'no-store' };
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (!match)
    return new Response(new Uint8Array(await readFile(file)), { status: 200, headers: { ...base, 'content-length': String(size) } });
  let start = match[1] ? Number(match[1]) : NaN;
  let end = match[2] ? Number(match[2]) : size - 1;
  if (Number.isNaN(start)) {
    // "bytes=-N": the last N bytes.
    start = Math.max(0, size - end);
    end = size - 1;
  }
  end = Math.min(end, size - 1);
  if (start > end || start >= size) return new Response(null, { status: 416, headers: { ...base, 'content-range': `bytes */${size}` } });
  const length = end - start + 1;
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(length);
    await handle.read(buffer, 0, length, start);
    return new Response(buffer, {
      status: 206,
      headers: { ...base, 'content-length': String(length), 'content-range': `bytes ${start}-${end}/${size}` },
    });
  } finally {
    await handle.close();
  }
}
