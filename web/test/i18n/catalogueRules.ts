/**
 * The rules of the catalogue check, as functions over plain data so the test can also prove
 * that each rule fails when it should.
 */

export type Catalogue = { [key: string]: string | Catalogue };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** i18next falls back to `_other` for a missing category (French `many`, for example). */
const REQUIRED_PLURALS = ['one', 'other'];

/** Leaf keys as dotted paths with their text. */
export function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** A plural form's key without its suffix (`count_one` -> `count`); other keys as they are. */
export const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');

/** The `{{name}}` placeholders and `$t(...)` nestings of a text, sorted. */
export function placeholders(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)) found.add(`{{${match[1]}}}`);
  for (const match of text.matchAll(/\$t\(([^)]*)\)/g)) found.add(`$t(${match[1]})`);
  return [...found].sort();
}

/** Problems of one namespace: keys missing in a language, empty texts, plural forms, placeholders. */
export function compareLanguages(ns: string, byLanguage: Record<string, Catalogue>): string[] {
  const problems: string[] = [];
  const flat = Object.fromEntries(Object.entries(byLanguage).map(([lang, c]) => [lang, flatten(c)]));
  const english = flat.en;
  if (!english) return [`${ns}: no English catalogue`];
  const englishBases = new Set([...english.keys()].map(baseKey));
  for (const [lang, keys] of Object.entries(flat)) {
    const bases = new Set([...keys.keys()].map(baseKey));
    for (const base of englishBases)
      if (!bases.has(base)) problems.push(`${ns}: "${base}" is missing in ${lang}`);
    for (const base of bases)
      if (!englishBases.has(base)) problems.push(`${ns}: "${base}" is in ${lang} but not in en`);
    for (const [key, text] of keys) {
      if (!text.trim()) problems.push(`${ns}: "${key}" is empty in ${lang}`);
      const base = baseKey(key);
      if (base !== key) {
        for (const form of REQUIRED_PLURALS) {
          if (!keys.has(`${base}_${form}`))
            problems.push(`${ns}: "${base}" lacks its _${form} form in ${lang}`);
        }
      }
      const reference = english.get(key) ?? english.get(`${base}_other`);
      if (lang !== 'en' && reference !== undefined) {
        const want = placeholders(reference).filter((p) => p !== '{{count}}');
        const have = placeholders(text).filter((p) => p !== '{{count}}');
        if (want.join(' ') !== have.join(' ')) {
          problems.push(
            `${ns}: "${key}" in ${lang} has ${have.join(' ') || 'no placeholders'}, en has ${want.join(' ') || 'none'}`,
          );
        }
      }
    }
  }
  return problems;
}

export interface UsageIndex {
  /** Every string literal's text and every template literal's head, over the code that may use `ns`. */
  literals: Set<string>;
  /** Prefixes used in template literals: `` `app:nav.${key}` `` gives `app:nav.`. */
  prefixes: Set<string>;
}

/**
 * Whether a key of `ns` is used: its path appears as a literal (`'card.title'` or
 * `'devices:card.title'`), or a template literal builds keys under its group (`` `nav.${key}` ``).
 * The keys of a literal-only group (error codes, field keys) are passed bare, `badRequest('code')`:
 * each must appear itself as a literal, and a template literal over the group does not count.
 */
export function isUsed(ns: string, key: string, usage: UsageIndex, literalOnlyGroups: string[]): boolean {
  const base = baseKey(key);
  if (usage.literals.has(base) || usage.literals.has(`${ns}:${base}`)) return true;
  const group = literalOnlyGroups.find((name) => base.startsWith(`${name}.`));
  if (group) return usage.literals.has(base.slice(group.length + 1));
  for (let at = base.lastIndexOf('.'); at > 0; at = base.lastIndexOf('.', at - 1)) {
    const prefix = base.slice(0, at + 1);
    if (usage.prefixes.has(prefix) || usage.prefixes.has(`${ns}:${prefix}`)) return true;
  }
  return false;
}
