/**
 * Delve's service worker: after the first visit the app loads and works offline.
 *
 * It caches the app's own files only — the list the build wrote into this script (see
 * precache.ts), the samples of *Try a sample* included — and answers those requests and
 * navigations to the app's page from the cache. User files never pass through here (they are
 * read from disk in the page), and remote files go to the network as if there were no
 * service worker.
 *
 * Updates: a new build means a new sw.js (the list's hash is in it). The browser installs it
 * beside the running one, into a cache of its own, where it waits; the page offers a reload
 * (sw/register.ts), which tells it to take over. The old cache goes when it activates.
 */
import {
  APP_PAGE,
  CACHE_PREFIX,
  cacheNameOf,
  precachedPath,
  type PrecacheManifest,
} from './precache.ts';

declare const self: ServiceWorkerGlobalScope;
/** Replaced at build by the manifest's JSON (vite.config.ts). */
declare const __DELVE_PRECACHE__: PrecacheManifest;

const manifest: PrecacheManifest = __DELVE_PRECACHE__;
const cacheName = cacheNameOf(manifest.version);
const files = new Set(manifest.files);
const scope = self.registration.scope;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      // Past the HTTP cache: an old copy of a file under the same name must not slip in.
      await cache.addAll(
        manifest.files.map((path) => new Request(new URL(path, scope), { cache: 'reload' })),
      );
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName)
          .map((name) => caches.delete(name)),
      );
      // The first visit's page is controlled at once, so it works offline without a reload.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'skip-waiting') {
    void self.skipWaiting();
  }
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const path = precachedPath(request.url, request.mode === 'navigate', scope, files);
  if (path === null) return;
  event.respondWith(fromCache(path, request));
});

async function fromCache(path: string, request: Request): Promise<Response> {
  const cache = await caches.open(cacheName);
  // The server may answer `Vary: Origin` (Vite's does); cached copies hold for every origin
  // header, and a lookup honouring Vary would miss them. A navigation carries a deep link's
  // query: the page is the same.
  const hit = await cache.match(new URL(path, scope).href, {
    ignoreVary: true,
    ignoreSearch: path === APP_PAGE,
  });
  return hit ?? fetch(request);
}
