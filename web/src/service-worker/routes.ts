// What the service worker does with each request, as plain functions of the address (tested in routes.test.ts).
import { API_CACHE, AUDIO_CACHE, DIGESTS_CACHE } from '../lib/offline-cache';

/** Digest pages kept: the ones read, and the newest of the archive list (warmed when the list is read). */
export const DIGESTS_KEPT = 30;
/** Newest digests of the archive list stored as soon as the list is read, so the latest brief opens offline. */
export const DIGESTS_WARMED = 7;
/** A network that has not answered by then counts as down: the stored copy is shown, marked offline. */
export const NETWORK_TIMEOUT_SECONDS = 6;

/** The subscriber's small reads, each one address: enough for the home page, the dashboard, the archive and the Audio Library. */
const API_READS = new Set([
  '/api/auth/user',
  '/api/digests',
  '/api/digests/stats',
  '/api/feedback',
  '/api/audio/episodes',
  '/api/audio/feed',
  '/api/calendar',
]);
const DIGEST_PAGE = /^\/api\/digests\/(?!stats$)[^/]+$/;
const EPISODE = /^\/api\/audio\/episodes\/[^/]+$/;
const EPISODE_FILE = /^\/api\/audio\/episodes\/[^/]+\/(audio\.mp3|transcript\.vtt)$/;

/**
 * The cache a GET of this same-origin address is read through, or null for the network alone: searches
 * (`?q=`) and downloads (`?download=1`) are never stored, nor anything outside the subscriber's reads.
 */
export function cacheFor(url: URL): typeof API_CACHE | typeof DIGESTS_CACHE | typeof AUDIO_CACHE | null {
  const { pathname, searchParams } = url;
  if (API_READS.has(pathname)) return pathname === '/api/digests' && searchParams.has('q') ? null : API_CACHE;
  if (DIGEST_PAGE.test(pathname)) return DIGESTS_CACHE;
  if (EPISODE.test(pathname)) return API_CACHE;
  if (EPISODE_FILE.test(pathname)) return searchParams.has('download') ? null : AUDIO_CACHE;
  return null;
}

/** The address of a digest's page, as the web app reads it. */
export function digestUrl(id: string): string {
  return `/api/digests/${encodeURIComponent(id)}`;
}

/** The ids of the newest digests of an archive list answer (newest first, as the server sends it). */
export function newestDigestIds(list: unknown, count = DIGESTS_WARMED): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((item: unknown) => (item && typeof item === 'object' && 'id' in item && typeof item.id === 'string' ? item.id : null))
    .filter((id): id is string => id !== null)
    .slice(0, count);
}

/** The id in a GET /api/auth/user answer, or null. */
export function userIdOf(body: unknown): string | null {
  return body && typeof body === 'object' && 'id' in body && (typeof body.id === 'string' || typeof body.id === 'number')
    ? String(body.id)
    : null;
}

/** Whether the stored data belongs to someone else than the user the server now names: then it all goes. */
export function anotherUser(storedUser: unknown, currentUser: unknown): boolean {
  const before = userIdOf(storedUser);
  return before !== null && before !== userIdOf(currentUser);
}
