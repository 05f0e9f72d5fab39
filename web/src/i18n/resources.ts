/**
 * Every catalogue of the web app: `<area>/locales/<language>.json` is namespace `<area>`, so an
 * area's words live next to its code. The domain's catalogue (errors, fields, columns, fixed
 * lists) is namespace `domain`. A browser loads one language, when it is first used, as one
 * chunk (languages/<language>.ts), not as a part of every page's script.
 */
import { DOMAIN_NAMESPACE, LANGUAGES, type Language } from '@asbuilt/domain';
import type { Resource } from 'i18next';

type Catalogue = Record<string, unknown>;
interface LanguageModule {
  catalogues: Record<string, Catalogue>;
  domain: Catalogue;
}

const LOADERS: Record<Language, () => Promise<LanguageModule>> = {
  en: () => import('./languages/en.ts'),
  fr: () => import('./languages/fr.ts'),
  nl: () => import('./languages/nl.ts'),
};

/** `../../features/devices/locales/en.json` is namespace `devices`. */
function namespaceOf(path: string): string | null {
  return /\/([^/]+)\/locales\/[a-z]+\.json$/.exec(path)?.[1] ?? null;
}

/** The catalogues of one language, by namespace. */
export async function loadCatalogues(language: Language): Promise<Record<string, Catalogue>> {
  const { catalogues, domain } = await LOADERS[language]();
  const byNamespace: Record<string, Catalogue> = { [DOMAIN_NAMESPACE]: domain };
  for (const [path, catalogue] of Object.entries(catalogues)) {
    const ns = namespaceOf(path);
    if (ns) byNamespace[ns] = catalogue;
  }
  return byNamespace;
}

/** Every language's catalogues (the tests' i18next instances). */
export async function buildResources(): Promise<Resource> {
  const languages = await Promise.all(
    LANGUAGES.map(async (language) => [language, await loadCatalogues(language)]),
  );
  return Object.fromEntries(languages);
}

/** The namespaces, read off the English file names (every language has the same). */
export const NAMESPACES = [
  DOMAIN_NAMESPACE,
  ...Object.keys(import.meta.glob('../**/locales/en.json')).flatMap((path) => namespaceOf(path) ?? []),
];
