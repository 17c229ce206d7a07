import { createHash } from 'node:crypto';

/** A strong validator of exactly this body. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an If-None-Match header names `etag` (strong or weak, in a list, or `*`). Compared by the route rather
 * than with koa's `ctx.fresh`: fetch() adds `Cache-Control: no-cache` to every request with If-None-Match, and
 * `fresh` then never answers 304 (docs/decisions/604).
 */
export function noneMatch(header: string, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((token) => {
    const t = token.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
