import type { Context } from 'koa';
import { HttpError, notFound } from '../http/errors.js';
import type { AudioStore } from './storage.js';

interface FileOptions {
  type: string;
  etag: string;
  lastModified?: Date | null;
  filename?: string;
}

type ByteRange = { start: number; end: number };

/**
 * Sends a stored file with HTTP range support (RFC 9110: one range; `bytes=a-b`, `a-`, `-n`), as players
 * and podcast apps seek: 206 with Content-Range, 416 for a range past the end, 200 with the whole file
 * otherwise. HEAD answers as a GET without a Range would, without the body (decision 413). The files of an
 * episode never change, so they are cached privately for a year.
 */
export async function sendStoredFile(ctx: Context, store: AudioStore, key: string, options: FileOptions): Promise<void> {
  const size = await store.size(key);
  if (size === null) throw notFound('Episode not found');
  setFileHeaders(ctx, options);
  if (ctx.get('If-None-Match') === `"${options.etag}"`) {
    ctx.status = 304;
    return;
  }
  const range = requestedRange(ctx, size, options.etag);
  if (range === 'unsatisfiable') throw new HttpError(416, 'Range not satisfiable', { 'Content-Range': `bytes */${size}` });
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    ctx.length = range.end - range.start + 1;
  } else {
    ctx.status = 200;
    ctx.length = size;
  }
  // Koa answers HEAD with the headers alone when the body is left unset; a null body would turn it into a
  // 204 and drop the length and type that podcast apps send HEAD to learn.
  if (ctx.method === 'HEAD') return;
  ctx.body = await store.read(key, range ?? undefined);
}

function setFileHeaders(ctx: Context, options: FileOptions): void {
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
  ctx.set('ETag', `"${options.etag}"`);
  if (options.lastModified) ctx.set('Last-Modified', options.lastModified.toUTCString());
  if (options.filename) ctx.set('Content-Disposition', `attachment; filename="${options.filename}"`);
  ctx.type = options.type;
}

/**
 * The range a GET asks for. RFC 9110 (14.2) defines ranges for GET only and has a server ignore Range on any
 * other method, so a HEAD is answered for the whole file. A Range whose If-Range does not name this
 * validator is ignored too: the whole, current file is sent.
 */
function requestedRange(ctx: Context, size: number, etag: string): ByteRange | 'unsatisfiable' | null {
  const header = ctx.get('Range');
  if (ctx.method !== 'GET' || !header) return null;
  const ifRange = ctx.get('If-Range');
  if (ifRange && ifRange !== `"${etag}"`) return null;
  return parseRange(header, size);
}

/** One byte range of a file of `size` bytes; null for a header we do not honour (several ranges, other units). */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
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
