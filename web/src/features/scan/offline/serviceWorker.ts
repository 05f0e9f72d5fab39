/**
 * The service worker (`/sw.js`, written by the build from this function): it keeps the offline page
 * and, when a page of the app can't be loaded because the network is down, answers that page
 * instead of the browser's error (with the page's own script and picture). It serves nothing else:
 * API answers, signed file URLs, the app's scripts and pictures go to the network as if it were not
 * there, and are never stored.
 *
 * The function is sent as its source text: it must use nothing from outside its own body.
 */

/** What of the worker's global scope the function uses (the app is not built with the WebWorker types). */
export interface WorkerScope {
  addEventListener(type: 'install', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: { navigationPreload?: { enable(): Promise<void> } };
  caches: Pick<CacheStorage, 'open' | 'keys' | 'delete' | 'match'>;
  fetch(request: Request): Promise<Response>;
  location: { origin: string };
}
export interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
export interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  preloadResponse?: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}

export function offlineWorker(scope: WorkerScope, version: string) {
  const cacheName = `asbuilt-offline-${version}`;
  const offlinePage = '/offline.html';
  const kept = [offlinePage, '/offline.js', '/icons/icon-192.png'];

  scope.addEventListener('install', (event) => {
    event.waitUntil(
      scope.caches
        .open(cacheName)
        .then((cache) => cache.addAll(kept.map((url) => new Request(url, { cache: 'reload' }))))
        .then(() => scope.skipWaiting()),
    );
  });

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        for (const name of await scope.caches.keys()) {
          if (name.startsWith('asbuilt-offline-') && name !== cacheName) await scope.caches.delete(name);
        }
        // The page's request starts while the worker wakes up, not after.
        await scope.registration.navigationPreload?.enable().catch(() => undefined);
        await scope.clients.claim();
      })(),
    );
  });

  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== scope.location.origin) return;
    // The offline page's own script and picture, when the page is up without a network.
    const keptFile = kept.includes(url.pathname) ? url.pathname : null;
    // A file opened in a tab (a signed /api/files URL) is the server's alone.
    const page = request.mode === 'navigate' && !url.pathname.startsWith('/api/');
    if (!page && !keptFile) return;
    event.respondWith(
      (async () => {
        try {
          const preloaded = page ? await event.preloadResponse : undefined;
          return preloaded ?? (await scope.fetch(request));
        } catch {
          const stored = await scope.caches.match(keptFile ?? offlinePage, { cacheName });
          if (stored) return stored;
          throw new Error('offline, and the offline page is not stored');
        }
      })(),
    );
  });
}

/** The text of `/sw.js`. A new `version` (the offline page's content changed) replaces the stored page. */
export function serviceWorkerSource(version: string): string {
  return `"use strict";\n(${offlineWorker.toString()})(self, ${JSON.stringify(version)});\n`;
}
