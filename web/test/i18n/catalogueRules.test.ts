/** Each rule of the catalogue check fails when it should. */
import { describe, expect, it } from 'vitest';
import { compareLanguages, isUsed, placeholders } from './catalogueRules.ts';

describe('the catalogue rules', () => {
  it('find a key missing in one language, or present only there', () => {
    const problems = compareLanguages('x', {
      en: { a: 'A', b: { c: 'C' } },
      fr: { a: 'A' },
      nl: { a: 'A', b: { c: 'C' }, d: 'D' },
    });
    expect(problems).toEqual(['x: "b.c" is missing in fr', 'x: "d" is in nl but not in en']);
  });

  it('find a placeholder or a nested label that a translation lost or renamed', () => {
    const problems = compareLanguages('x', {
      en: { a: 'Hello {{name}}', b: '$t(domain:field.{{field}}) is required' },
      fr: { a: 'Bonjour {{nom}}', b: '$t(domain:field.{{field}}) est obligatoire' },
      nl: { a: 'Hallo', b: 'Verplicht' },
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('"a" in fr has {{nom}}');
  });

  it('want the one and other forms of a plural in each language, and no empty text', () => {
    const problems = compareLanguages('x', {
      en: { n_one: '{{count}} device', n_other: '{{count}} devices' },
      fr: { n_one: '{{count}} appareil', n_other: '{{count}} appareils', n_many: '{{count}} d’appareils' },
      nl: { n_other: ' ' },
    });
    expect(problems).toEqual(['x: "n_other" is empty in nl', 'x: "n" lacks its _one form in nl']);
  });

  it('read placeholders and nestings', () => {
    expect(placeholders('$t(domain:field.{{field}}) {{ count }} {{max, number}}')).toEqual([
      '$t(domain:field.{{field}})',
      '{{count}}',
      '{{field}}',
      '{{max}}',
    ]);
  });

  it('count a key as used by a literal, a namespaced literal or a template over its group', () => {
    const usage = {
      literals: new Set(['card.title', 'devices:page.title', 'bad_code']),
      prefixes: new Set(['nav.']),
    };
    expect(isUsed('devices', 'card.title', usage, [])).toBe(true);
    expect(isUsed('devices', 'page.title', usage, [])).toBe(true);
    expect(isUsed('devices', 'nav.sites', usage, [])).toBe(true);
    expect(isUsed('devices', 'count_one', { literals: new Set(['count']), prefixes: new Set() }, [])).toBe(
      true,
    );
    expect(isUsed('devices', 'card.subtitle', usage, [])).toBe(false);
  });

  it('want every error code and field key written out, not built from a template', () => {
    const usage = { literals: new Set(['bad_code']), prefixes: new Set(['error.', 'domain:error.']) };
    expect(isUsed('domain', 'error.bad_code', usage, ['error'])).toBe(true);
    expect(isUsed('domain', 'error.stale_code', usage, ['error'])).toBe(false);
  });
});
