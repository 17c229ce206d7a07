/// <reference lib="webworker" />
// The web app's service worker (docs/decisions/610-offline-web-app.md), built by vite-plugin-pwa (injectManifest)
// into dist/sw.js with the list of the build's files. It keeps the app shell, network first with a stored copy
// for the subscriber's reads, and the episodes they downloaded; it forgets all of it when the server says
// signed out or names another user.
import { isWebAppPath } from '@dcbrief/shared';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { API_CACHE, AUDIO_CACHE, DIGESTS_CACHE, OFFLINE_COPY_HEADER, PERSONAL_CACHES } from '../lib/offline-cache';
import { anotherUser, cacheFor, DIGESTS_KEPT, digestUrl, NETWORK_TIMEOUT_SECONDS, newestDigestIds } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// The app shell: the build's JavaScript, CSS and index.html, stored at install; a new build is a new worker that
// takes over once no tab runs the old one (no skipWaiting: an open page keeps the chunks it was built with).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Every page of the app (shared/src/web-paths.ts) opens from the stored HTML: '/' from index.html, which carries
// the prerendered landing page, the others from app.html (docs/decisions/530); other paths go to the server.
const landingPage = createHandlerBoundToURL('/index.html');
const appShell = createHandlerBoundToURL('/app.html');
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isWebAppPath(url.pathname),
  (options) => (options.url.pathname === '/' ? landingPage : appShell)(options),
);

function clearPersonalCaches(): Promise<unknown> {
  return Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}

/** Stores an answer with the time it was stored, the header that tells the page it reads an offline copy. */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(OFFLINE_COPY_HEADER, new Date().toISOString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** Only successful answers are stored, stamped. */
const storeStamped: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? stamped(response) : null),
};

/** Signed out (the session ended, expired or was revoked elsewhere): nothing of the account stays. */
const forgetWhenSignedOut: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401) await clearPersonalCaches();
    return response;
  },
};

/** Another user signed in on this browser: the previous one's copies go before the new user reads anything. */
const forgetAnotherUser: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status !== 200) return response;
    const stored = await (await caches.open(API_CACHE)).match(request);
    if (stored) {
      const [before, now] = await Promise.all([stored.json(), response.clone().json()]).catch(() => [null, null]);
      if (anotherUser(before, now)) await clearPersonalCaches();
    }
    return response;
  },
};

const apiReads = new NetworkFirst({
  cacheName: API_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [forgetWhenSignedOut, storeStamped],
});
const userRead = new NetworkFirst({
  cacheName: API_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [forgetWhenSignedOut, forgetAnotherUser, storeStamped],
});
const digestPages = new NetworkFirst({
  cacheName: DIGESTS_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [forgetWhenSignedOut, storeStamped, new ExpirationPlugin({ maxEntries: DIGESTS_KEPT, purgeOnQuotaError: true })],
});

/** The archive list read: its newest digests not stored yet are fetched and stored too, so the latest brief opens offline. */
const warmNewestDigests: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response, event }) => {
    if (response.status === 200 && new URL(request.url).search === '') {
      const warm = async () => {
        const ids = newestDigestIds(await response.clone().json());
        const cache = await caches.open(DIGESTS_CACHE);
        for (const id of ids) {
          const url = new URL(digestUrl(id), self.location.origin).href;
          if (await cache.match(url)) continue;
          await digestPages.handle({ event, request: new Request(url, { credentials: 'same-origin' }) }).catch(() => undefined);
        }
      };
      // The page gets the list at once; the worker goes on storing while the event (a fetch, or activation) lasts.
      event?.waitUntil(warm().catch(() => undefined));
    }
    return response;
  },
};
const archiveList = new NetworkFirst({
  cacheName: API_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [forgetWhenSignedOut, storeStamped, warmNewestDigests],
});

// Downloaded episodes (stored by the Audio Library's Download) are played from the cache with byte ranges; this
// route never stores anything itself, so streaming an episode does not fill the device.
const downloadedEpisodes = new CacheFirst({
  cacheName: AUDIO_CACHE,
  plugins: [forgetWhenSignedOut, { cacheWillUpdate: async () => null }, new RangeRequestsPlugin()],
});

registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && cacheFor(url) !== null,
  (options) => {
    const { url } = options;
    const cache = cacheFor(url);
    if (cache === AUDIO_CACHE) return downloadedEpisodes.handle(options);
    if (cache === DIGESTS_CACHE) return digestPages.handle(options);
    if (url.pathname === '/api/auth/user') return userRead.handle(options);
    if (url.pathname === '/api/digests') return archiveList.handle(options);
    return apiReads.handle(options);
  },
);

// Installed while someone was already reading (the page's first reads went to the network before the worker
// existed): the worker reads the signed-in user and the archive list itself once, so the latest brief is
// stored from this first visit. Signed out, the user read is a 401 and nothing is stored.
self.addEventListener('activate', (event) => {
  const read = (path: string, strategy: NetworkFirst) =>
    strategy.handle({ event, request: new Request(path, { credentials: 'same-origin' }) }).catch(() => null);
  event.waitUntil(read('/api/auth/user', userRead).then((user) => (user?.status === 200 ? read('/api/digests', archiveList) : null)));
});
