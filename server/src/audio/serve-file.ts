import type { Context } from 'koa';
import { HttpError, notFound } from '../http/errors.js';
import type { AudioStore } from './storage.js';

/**
 * Sends a stored file with HTTP range support (RFC 9110: one range; `bytes=a-b`, `a-`, `-n`), as players
 * and podcast apps seek: 206 with Content-Range, 416 for a range past the end, 200 with the whole file
 * otherwise. The files of an episode never change, so they are cached privately for a year.
 */
export async function sendStoredFile(
  ctx: Context,
  store: AudioStore,
  key: string,
  options: { type: string; etag: string; lastModified?: Date | null; filename?: string },
): Promise<void> {
  const size = await store.size(key);
  if (size === null) throw notFound('Episode not found');
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
  ctx.set('ETag', `"${options.etag}"`);
  if (options.lastModified) ctx.set('Last-Modified', options.lastModified.toUTCString());
  if (options.filename) ctx.set('Content-Disposition', `attachment; filename="${options.filename}"`);
  ctx.type = options.type;
  if (ctx.get('If-None-Match') === `"${options.etag}"`) {
    ctx.status = 304;
    return;
  }
  const header = ctx.get('Range');
  // A Range that does not name this validator is ignored (If-Range): the whole, current file is sent.
  const ifRange = ctx.get('If-Range');
  const range = header && (!ifRange || ifRange === `"${options.etag}"`) ? parseRange(header, size) : null;
  if (range === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${size}`);
    throw new HttpError(416, 'Range not satisfiable', { 'Content-Range': `bytes */${size}` });
  }
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    ctx.length = range.end - range.start + 1;
    ctx.body = ctx.method === 'HEAD' ? null : await store.read(key, range);
    if (ctx.method === 'HEAD') ctx.length = range.end - range.start + 1;
    return;
  }
  ctx.status = 200;
  ctx.length = size;
  ctx.body = ctx.method === 'HEAD' ? null : await store.read(key);
  if (ctx.method === 'HEAD') ctx.length = size;
}

/** One byte range of a file of `size` bytes; null for a header we do not honour (several ranges, other units). */
export function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (end < start && m[2] !== '') return null;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
