// The names the service worker (src/service-worker/sw.ts) and the page share: which caches hold a subscriber's
// data, and the header that marks an answer read from them (docs/decisions/610-offline-web-app.md).

/** API answers (the signed-in user, digests, the archive list, stats, ratings, the episode list), network first. */
export const API_CACHE = 'dcbrief-api';
/** Digest pages (GET /api/digests/:id), the newest ones, network first. */
export const DIGESTS_CACHE = 'dcbrief-digests';
/** Audio episodes saved with Download (MP3 and transcript), served with byte ranges. */
export const AUDIO_CACHE = 'dcbrief-audio';
/** Every cache holding someone's data: emptied on sign-out, on a 401, and when another user signs in. */
export const PERSONAL_CACHES = [API_CACHE, DIGESTS_CACHE, AUDIO_CACHE] as const;

/** Set on an API answer the service worker stored, to when it stored it: present only on answers read from the cache. */
export const OFFLINE_COPY_HEADER = 'X-DCBrief-Offline-Copy';

/** Whether this page can use Cache Storage (secure contexts only: https, localhost, 127.0.0.1). */
export function canKeepOffline(): boolean {
  return typeof caches !== 'undefined';
}

/** Deletes every cache of the subscriber's data; called before signing out, so nothing personal stays on the device. */
export async function clearOfflineData(): Promise<void> {
  if (!canKeepOffline()) return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}

/** Keeps a downloaded file in the audio cache, under its own address, for playing it without a network. */
export async function keepForOffline(url: string, response: Response): Promise<boolean> {
  if (!canKeepOffline()) return false;
  const cache = await caches.open(AUDIO_CACHE);
  await cache.put(url, response);
  return true;
}
