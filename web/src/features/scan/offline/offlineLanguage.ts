/**
 * The offline page's script (`/offline.js`, written by the build from this function): it shows the
 * page in the user's language when the app knows it (the language kept in local storage), else in
 * the browser's first language among English, French and Dutch, and reloads once the network is
 * back. Sent as its source text: it must use nothing from outside its own body.
 */
export function showOfflinePage(
  page: Pick<Document, 'querySelectorAll' | 'documentElement'> & { title: string },
  languages: readonly string[],
  stored: string | null,
  /** Arranges the reload once the network is back. */
  reloadWhenOnline: () => void,
) {
  const known = ['en', 'fr', 'nl'];
  const wanted = [stored ?? '', ...languages].map((tag) => tag.slice(0, 2).toLowerCase());
  const language = wanted.find((tag) => known.includes(tag)) ?? 'en';
  for (const section of page.querySelectorAll<HTMLElement>('[data-language]')) {
    const shown = section.dataset.language === language;
    section.hidden = !shown;
    if (shown) page.title = section.dataset.title ?? page.title;
  }
  page.documentElement.lang = language;
  reloadWhenOnline();
}

/** The text of `/offline.js`. */
export function offlineScriptSource(): string {
  return `"use strict";
(${showOfflinePage.toString()})(
  document,
  navigator.languages || [navigator.language],
  (function () { try { return localStorage.getItem("asbuilt.language"); } catch (e) { return null; } })(),
  function () { window.addEventListener("online", function () { location.reload(); }); }
);
`;
}
