/**
 * Every catalogue of the web app: `<area>/locales/<language>.json` is namespace `<area>`, so an
 * area's words live next to its code. The domain's catalogue (errors, fields, columns, fixed
 * lists) is namespace `domain`. A browser loads one language, when it is first used: each
 * language is a chunk of its own (vite.config.ts), not a part of every page's script.
 */
import { DOMAIN_NAMESPACE, LANGUAGES, type Language } from '@asbuilt/domain';
import type { Resource } from 'i18next';

type Catalogue = Record<string, unknown>;

const files = import.meta.glob<Catalogue>(['../**/locales/*.json', '../../../domain/src/locales/*.json'], {
  import: 'default',
});

function namespaceOf(path: string): { ns: string; language: Language } | null {
  const match = /\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
  if (!match) return null;
  const language = match[2] as Language;
  if (!LANGUAGES.includes(language)) return null;
  return { ns: path.includes('/domain/src/locales/') ? DOMAIN_NAMESPACE : match[1]!, language };
}

/** The catalogues of one language, by namespace. */
export async function loadCatalogues(language: Language): Promise<Record<string, Catalogue>> {
  const loads = Object.entries(files).flatMap(([path, load]) => {
    const found = namespaceOf(path);
    return found?.language === language ? [load().then((catalogue) => [found.ns, catalogue] as const)] : [];
  });
  return Object.fromEntries(await Promise.all(loads));
}

/** Every language's catalogues (the tests' i18next instances). */
export async function buildResources(): Promise<Resource> {
  const languages = await Promise.all(
    LANGUAGES.map(async (language) => [language, await loadCatalogues(language)]),
  );
  return Object.fromEntries(languages);
}

export const NAMESPACES = [...new Set(Object.keys(files).map((p) => namespaceOf(p)?.ns ?? ''))].filter(
  Boolean,
);
