/**
 * The offline page (`/offline.html`), written by the build in the three languages from the `scan`
 * catalogues; its script (offlineLanguage.ts) shows the reader's. It stands alone: its style is in
 * the page and its only script is `/offline.js`, both kept by the service worker.
 */
import type { Plugin } from 'vite';
import { offlineScriptSource } from './offlineLanguage.ts';
import { serviceWorkerSource } from './serviceWorker.ts';

export const OFFLINE_LANGUAGES = ['en', 'fr', 'nl'] as const;
type Language = (typeof OFFLINE_LANGUAGES)[number];
/** What the page reads of a language's `scan` catalogue. */
export interface OfflineCatalogue {
  offline: { title: string; body: string; retry: string };
}
const KEYS = ['offline.title', 'offline.body', 'offline.retry'] as const;

function word(catalogue: OfflineCatalogue, key: (typeof KEYS)[number]): string {
  const [group, name] = key.split('.') as ['offline', keyof OfflineCatalogue['offline']];
  return catalogue[group][name];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
  html { color-scheme: light; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f6f5;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c2420; }
  main { max-width: 420px; margin: 24px; padding: 32px 28px; background: #fff; border-radius: 16px;
    box-shadow: 0 2px 12px rgba(0, 0, 0, 0.08); text-align: center; }
  main[hidden] { display: none; }
  img { width: 64px; height: 64px; border-radius: 14px; }
  h1 { font-size: 1.4rem; margin: 20px 0 8px; }
  p { line-height: 1.5; margin: 0 0 24px; color: #4a5550; }
  a { display: inline-block; padding: 10px 22px; border-radius: 8px; background: #1a7a50; color: #fff;
    text-decoration: none; font-weight: 600; }
  a:focus-visible { outline: 3px solid #14633f; outline-offset: 2px; }
`;

/** The page: one section a language, English shown until the script picks. */
export function offlineHtml(catalogues: Record<Language, OfflineCatalogue>): string {
  const sections = OFFLINE_LANGUAGES.map((language) => {
    const catalogue = catalogues[language];
    const [title, body, retry] = KEYS.map((key) => escapeHtml(word(catalogue, key)));
    return `<main lang="${language}" data-language="${language}" data-title="${title}"${language === 'en' ? '' : ' hidden'}>
  <img src="/icons/icon-192.png" alt="" />
  <h1>${title}</h1>
  <p>${body}</p>
  <a href="">${retry}</a>
</main>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<meta name="theme-color" content="#1a7a50" />
<title>${escapeHtml(word(catalogues.en, 'offline.title'))}</title>
<style>${STYLE}</style>
<script src="/offline.js" defer></script>
</head>
<body>
${sections.join('\n')}
</body>
</html>
`;
}

/** A short fingerprint of a text (FNV-1a): the worker's version follows the offline page's content. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The build's offline page, its script and the service worker (`/offline.html`, `/offline.js`,
 * `/sw.js`); `readCatalogue` gives a language's `scan` catalogue.
 */
export function offlineFiles(readCatalogue: (language: Language) => OfflineCatalogue): Plugin {
  return {
    name: 'asbuilt:offline',
    apply: 'build',
    generateBundle() {
      const catalogues = { en: readCatalogue('en'), fr: readCatalogue('fr'), nl: readCatalogue('nl') };
      const html = offlineHtml(catalogues);
      const script = offlineScriptSource();
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: html });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: script });
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: serviceWorkerSource(fingerprint(html + script)),
      });
    },
  };
}
