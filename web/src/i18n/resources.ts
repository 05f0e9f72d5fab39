/**
 * Every catalogue of the web app: `<area>/locales/<language>.json` is namespace `<area>`, so an
 * area's words live next to its code. The domain's catalogue (errors, fields, columns, fixed
 * lists) is namespace `domain`.
 */
import { DOMAIN_CATALOGUES, DOMAIN_NAMESPACE, LANGUAGES, type Language } from '@asbuilt/domain';
import type { Resource } from 'i18next';

type Catalogue = Record<string, unknown>;

const files = import.meta.glob<Catalogue>('../**/locales/*.json', { eager: true, import: 'default' });

function namespaceOf(path: string): { ns: string; language: Language } | null {
  const match = /\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
  if (!match) return null;
  const language = match[2] as Language;
  return LANGUAGES.includes(language) ? { ns: match[1]!, language } : null;
}

export function buildResources(): Resource {
  const resources: Resource = Object.fromEntries(
    LANGUAGES.map((language) => [language, { [DOMAIN_NAMESPACE]: DOMAIN_CATALOGUES[language] }]),
  );
  for (const [path, catalogue] of Object.entries(files)) {
    const found = namespaceOf(path);
    if (found) resources[found.language]![found.ns] = catalogue;
  }
  return resources;
}

export const NAMESPACES = [
  DOMAIN_NAMESPACE,
  ...new Set(Object.keys(files).map((p) => namespaceOf(p)?.ns ?? '')),
].filter(Boolean);
