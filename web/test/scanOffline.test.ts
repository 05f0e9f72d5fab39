/** The offline page and the service worker that shows it (issue 42). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { showOfflinePage } from '../src/features/scan/offline/offlineLanguage.ts';
import { fingerprint, type OfflineCatalogue, offlineHtml } from '../src/features/scan/offline/offlinePage.ts';
import {
  type FetchEventLike,
  offlineWorker,
  serviceWorkerSource,
  type WorkerScope,
} from '../src/features/scan/offline/serviceWorker.ts';

const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(new URL(`../src/features/scan/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as OfflineCatalogue;
const catalogues = { en: catalogue('en'), fr: catalogue('fr'), nl: catalogue('nl') };

/** A worker scope that records what the worker does. */
function fakeScope(network: (request: Request) => Promise<Response>) {
  const listeners = new Map<string, (event: never) => void>();
  const stored = new Map<string, Map<string, Response>>();
  const scope: WorkerScope = {
    addEventListener: (type: string, listener: (event: never) => void) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
    registration: { navigationPreload: { enable: async () => undefined } },
    location: { origin: 'https://asbuilt.test' },
    fetch: network,
    caches: {
      open: async (name: string) => {
        const cache = stored.get(name) ?? new Map<string, Response>();
        stored.set(name, cache);
        return {
          addAll: async (requests: Request[]) => {
            for (const request of requests)
              cache.set(new URL(request.url).pathname, new Response(`kept ${request.url}`));
          },
        } as unknown as Cache;
      },
      keys: async () => [...stored.keys()],
      delete: async (name: string) => stored.delete(name),
      match: async (url: RequestInfo | URL, options?: MultiCacheQueryOptions) =>
        stored
          .get(options?.cacheName ?? '')
          ?.get(String(url))
          ?.clone(),
    } as WorkerScope['caches'],
  } as WorkerScope;
  const run = async <E>(type: string, event: E) => {
    const waits: Promise<unknown>[] = [];
    const answers: Promise<Response>[] = [];
    listeners.get(type)?.({
      ...event,
      waitUntil: (p: Promise<unknown>) => waits.push(p),
      respondWith: (p: Promise<Response>) => answers.push(p),
    } as never);
    await Promise.all(waits);
    return answers[0];
  };
  return { scope, stored, run };
}

const navigation = (url: string) => ({ mode: 'navigate', method: 'GET', url }) as Request;

describe('the service worker', () => {
  it('keeps the offline page as it installs, and drops the pages of older versions as it starts', async () => {
    const { scope, stored, run } = fakeScope(() => Promise.reject(new Error('no network in this test')));
    (await scope.caches.open('asbuilt-offline-old')) as unknown;
    offlineWorker(scope, 'v2');
    // Request needs an absolute address outside a browser.
    const RealRequest = globalThis.Request;
    globalThis.Request = class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'https://asbuilt.test') : input, init);
      }
    } as typeof Request;
    try {
      await run('install', {});
    } finally {
      globalThis.Request = RealRequest;
    }
    expect([...(stored.get('asbuilt-offline-v2')?.keys() ?? [])]).toEqual([
      '/offline.html',
      '/offline.js',
      '/icons/icon-192.png',
    ]);
    await run('activate', {});
    expect([...stored.keys()]).toEqual(['asbuilt-offline-v2']);
  });

  it('answers a page from the network while there is one, and the offline page when there is none', async () => {
    let online = true;
    const { scope, stored, run } = fakeScope(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response('the app');
    });
    stored.set('asbuilt-offline-v1', new Map([['/offline.html', new Response('offline page')]]));
    offlineWorker(scope, 'v1');
    const page = (await run<Partial<FetchEventLike>>('fetch', {
      request: navigation('https://asbuilt.test/sites'),
    }))!;
    expect(await page.text()).toBe('the app');
    online = false;
    const offline = (await run<Partial<FetchEventLike>>('fetch', {
      request: navigation('https://asbuilt.test/site/1/devices'),
    }))!;
    expect(await offline.text()).toBe('offline page');
  });

  it("answers the offline page's own script and picture from the network, or from the store without one", async () => {
    let online = true;
    const { scope, stored, run } = fakeScope(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response('fresh script');
    });
    stored.set('asbuilt-offline-v1', new Map([['/offline.js', new Response('kept script')]]));
    offlineWorker(scope, 'v1');
    const script = { mode: 'no-cors', method: 'GET', url: 'https://asbuilt.test/offline.js' } as Request;
    expect(await (await run<Partial<FetchEventLike>>('fetch', { request: script }))!.text()).toBe(
      'fresh script',
    );
    online = false;
    expect(await (await run<Partial<FetchEventLike>>('fetch', { request: script }))!.text()).toBe(
      'kept script',
    );
  });

  it('takes the navigation preload when the browser made one', async () => {
    const { scope, run } = fakeScope(() => Promise.reject(new Error('not asked')));
    offlineWorker(scope, 'v1');
    const answer = await run<Partial<FetchEventLike>>('fetch', {
      request: navigation('https://asbuilt.test/sites'),
      preloadResponse: Promise.resolve(new Response('preloaded')),
    });
    expect(await answer!.text()).toBe('preloaded');
  });

  it('leaves API calls, signed file URLs, scripts and other sites to the network, and stores nothing', async () => {
    const { scope, stored, run } = fakeScope(async () => new Response('network'));
    offlineWorker(scope, 'v1');
    for (const request of [
      { mode: 'cors', method: 'GET', url: 'https://asbuilt.test/api/site/devices?id=1' },
      { mode: 'navigate', method: 'GET', url: 'https://asbuilt.test/api/files/attachments/1/a.pdf?sig=x' },
      { mode: 'no-cors', method: 'GET', url: 'https://asbuilt.test/assets/app.js' },
      { mode: 'navigate', method: 'POST', url: 'https://asbuilt.test/login' },
      { mode: 'navigate', method: 'GET', url: 'https://elsewhere.test/page' },
    ]) {
      expect(await run('fetch', { request: request as Request }), request.url).toBeUndefined();
    }
    expect(stored.size).toBe(0);
  });

  it('is written as a script that runs on its own', () => {
    const source = serviceWorkerSource('abc');
    const types: string[] = [];
    const self = { addEventListener: (type: string) => types.push(type) };
    new Function('self', source)(self);
    expect(types).toEqual(['install', 'activate', 'fetch']);
    expect(source).toContain('"abc"');
  });
});

describe('the offline page', () => {
  const html = offlineHtml(catalogues);

  it('holds the words of the three languages, English shown first', () => {
    expect(html).toContain('<main lang="en" data-language="en" data-title="You are offline">');
    expect(html).toContain('<main lang="fr" data-language="fr" data-title="Vous êtes hors ligne" hidden>');
    expect(html).toContain('<main lang="nl" data-language="nl" data-title="Je bent offline" hidden>');
    expect(html).toContain('<script src="/offline.js" defer></script>');
    expect(html).not.toMatch(/<script>|\son\w+=/);
  });

  it('escapes the words', () => {
    const tricky = { offline: { title: '<b>"x"</b>', body: 'a & b', retry: "l'essai" } };
    const page = offlineHtml({ en: tricky, fr: tricky, nl: tricky });
    expect(page).toContain('&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
    expect(page).toContain('a &amp; b');
    expect(page).not.toContain('<b>');
  });

  it('has a fingerprint that follows its content', () => {
    expect(fingerprint(html)).toBe(fingerprint(html));
    expect(fingerprint(html)).not.toBe(fingerprint(`${html} `));
  });

  it('is shown in the language the app kept, else the browser’s first known one, else English', () => {
    const pick = (languages: string[], stored: string | null) => {
      const sections = ['en', 'fr', 'nl'].map((language) => ({
        dataset: { language, title: `title ${language}` },
        hidden: language !== 'en',
      }));
      const page = { title: '', documentElement: { lang: 'en' }, querySelectorAll: () => sections };
      let reloads = 0;
      showOfflinePage(page as never, languages, stored, () => reloads++);
      expect(sections.filter((s) => !s.hidden)).toHaveLength(1);
      expect(reloads).toBe(1);
      return [page.documentElement.lang, page.title];
    };
    expect(pick(['en-US'], 'nl')).toEqual(['nl', 'title nl']);
    expect(pick(['fr-BE', 'nl-BE'], null)).toEqual(['fr', 'title fr']);
    expect(pick(['de-DE', 'nl-BE'], null)).toEqual(['nl', 'title nl']);
    expect(pick(['de-DE'], null)).toEqual(['en', 'title en']);
  });
});
