/**
 * Every catalogue (`<area>/locales/{en,fr,nl}.json`) has the same keys in the three languages,
 * with the same placeholders, and no key that no code uses. The domain's fixed lists must match
 * the domain's constants exactly.
 */

import path from 'node:path';
import {
  COMPANY_TYPES,
  COUNTRIES,
  DEVICE_COLUMN_KEYS,
  INTERFACE_IO,
  INTERFACE_SIGNALS,
  LANGUAGES,
  LOCATION_TYPES,
  LOG_ACTIONS,
  ROLES,
  SitePermission,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
} from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { type Catalogue, compareLanguages, flatten, isUsed, type UsageIndex } from './catalogueRules.ts';
import { isCode, readText, relative, SOURCE_ROOTS, walk } from './repoFiles.ts';
import { literalsOf } from './sourceLiterals.ts';

interface Namespace {
  ns: string;
  /** The folder that holds `locales/`: the namespace's area. */
  area: string;
  /** The workspace whose code may use it (domain: all of them). */
  scope: string[];
  languages: Record<string, Catalogue>;
}

const namespaces: Namespace[] = SOURCE_ROOTS.flatMap((root) =>
  walk(root, (file) => file.endsWith(`${path.sep}locales${path.sep}en.json`)).map((english) => {
    const dir = path.dirname(english);
    const area = path.dirname(dir);
    const isDomain = root.endsWith(`domain${path.sep}src`);
    return {
      ns: isDomain ? 'domain' : path.basename(area),
      area,
      scope: isDomain ? SOURCE_ROOTS : [root],
      languages: Object.fromEntries(
        LANGUAGES.map((lang) => [lang, JSON.parse(readText(path.join(dir, `${lang}.json`))) as Catalogue]),
      ),
    };
  }),
);

const codeFiles = SOURCE_ROOTS.flatMap((root) => walk(root, isCode)).map((file) => ({
  file,
  ...literalsOf(file, readText(file)),
}));

/** What the code that may use `ns` writes: files of its area, and files that name the namespace. */
function usageOf(namespace: Namespace): UsageIndex {
  const usage: UsageIndex = { literals: new Set(), prefixes: new Set() };
  for (const code of codeFiles) {
    if (!namespace.scope.some((root) => code.file.startsWith(root))) continue;
    const names = (text: string) => text === namespace.ns || text.startsWith(`${namespace.ns}:`);
    const inArea = code.file.startsWith(`${namespace.area}${path.sep}`);
    if (namespace.ns !== 'domain' && !inArea && !code.literals.some(names) && !code.prefixes.some(names))
      continue;
    for (const literal of code.literals) usage.literals.add(literal);
    for (const prefix of code.prefixes) usage.prefixes.add(prefix);
  }
  return usage;
}

/** The domain's groups whose keys are the values of a domain list. */
const DOMAIN_LISTS: Record<string, readonly (string | number)[]> = {
  role: ROLES,
  site_role: [SitePermission.Reader, SitePermission.Contributor, SitePermission.FullAccess],
  country: COUNTRIES,
  company_type: COMPANY_TYPES,
  location_type: LOCATION_TYPES,
  ticket_status: TICKET_STATUSES,
  ticket_priority: TICKET_PRIORITIES,
  ticket_type: TICKET_TYPES,
  interface_io: INTERFACE_IO,
  interface_signal: INTERFACE_SIGNALS,
  column: DEVICE_COLUMN_KEYS,
  log_action: LOG_ACTIONS,
};
/** Groups whose every key must appear literally in code: codes thrown, field keys passed. */
const LITERAL_ONLY = ['error', 'field'];

describe('translation catalogues', () => {
  it('are found for the domain, the server and each web area', () => {
    const names = namespaces.map((n) => `${relative(n.area)}:${n.ns}`);
    expect(names).toContain('domain/src:domain');
    expect(names).toContain('web/src/features/devices:devices');
    expect(names).toContain('web/src/layout:layout');
    expect(names).toContain('server/src/modules/auth:auth');
  });

  for (const namespace of namespaces) {
    describe(`${relative(namespace.area)} (${namespace.ns})`, () => {
      it('has every key in en, fr and nl, with the same placeholders', () => {
        expect(compareLanguages(namespace.ns, namespace.languages)).toEqual([]);
      });

      it('has no key that no code uses', () => {
        const usage = usageOf(namespace);
        const listGroups = namespace.ns === 'domain' ? Object.keys(DOMAIN_LISTS) : [];
        const unused = [...flatten(namespace.languages.en!).keys()].filter(
          (key) =>
            !listGroups.some((group) => key.startsWith(`${group}.`)) &&
            !isUsed(namespace.ns, key, usage, namespace.ns === 'domain' ? LITERAL_ONLY : []),
        );
        expect(unused).toEqual([]);
      });
    });
  }

  it("keys the domain's fixed lists by exactly the domain's values", () => {
    const english = namespaces.find((n) => n.ns === 'domain')!.languages.en!;
    for (const [group, values] of Object.entries(DOMAIN_LISTS)) {
      expect(Object.keys(english[group] as Catalogue).sort(), group).toEqual(values.map(String).sort());
    }
  });
});
