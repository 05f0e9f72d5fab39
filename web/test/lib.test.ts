import type { Language, SiteSummary } from '@asbuilt/domain';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sortSitesByUpdate } from '../src/api/sites.ts';
import { setLanguage } from '../src/i18n/i18n.ts';
import { formatDate, formatLongDate } from '../src/lib/dates.ts';
import { isDevHost } from '../src/lib/env.ts';
import { fullName, initials } from '../src/lib/names.ts';
import { formatNumber, groupDigits } from '../src/lib/numbers.ts';
import { clearSession, getToken, LANGUAGE_KEY, setToken } from '../src/lib/session.ts';

// The i18n module marks the page's language on <html>; these tests run without a DOM.
vi.hoisted(() => {
  if (typeof document === 'undefined') {
    Object.assign(globalThis, { document: { documentElement: { lang: '' } } });
  }
});

describe('isDevHost', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'asbuilt.local'])(
    '%s is a dev host',
    (host) => {
      expect(isDevHost(host)).toBe(true);
    },
  );
  it.each(['app.asbuilt.eu', 'local.example.com', '10.0.0.1', '127.example.com'])(
    '%s is production',
    (host) => {
      expect(isDevHost(host)).toBe(false);
    },
  );
});

describe('sortSitesByUpdate', () => {
  it('puts the latest change first', () => {
    const site = (id: number, updated_at: string) => ({ id, name: `S${id}`, updated_at }) as SiteSummary;
    const sorted = sortSitesByUpdate([
      site(1, '2025-01-01T00:00:00Z'),
      site(2, '2026-01-01T00:00:00Z'),
      site(3, ''),
    ]);
    expect(sorted.map((s) => s.id)).toEqual([2, 1, 3]);
  });
});

describe('names', () => {
  const user = { fname: 'Ada', lname: 'Lovelace', username: 'ada', email: 'ada@x.io' };
  it('joins first and last name, falls back to the username', () => {
    expect(fullName(user)).toBe('Ada Lovelace');
    expect(fullName({ ...user, fname: '', lname: '' })).toBe('ada');
    expect(initials(user)).toBe('AL');
    expect(initials({ ...user, fname: '', lname: '' })).toBe('A');
  });
});

describe("in the reader's language", () => {
  const inLanguage = async (language: Language) => {
    await setLanguage(language);
  };
  afterAll(() => inLanguage('en'));

  it.each([
    ['en', '12,345'],
    ['fr', '12\u202f345'],
    ['nl', '12.345'],
  ] as const)('writes 12345 in %s as %j', async (language, written) => {
    await inLanguage(language);
    expect(formatNumber(12345)).toBe(written);
    expect(formatNumber(7)).toBe('7');
  });

  it.each(['en', 'fr', 'nl'] as const)('groups whole numbers in %s as Intl.NumberFormat does', (language) => {
    const intl = new Intl.NumberFormat({ en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE' }[language]);
    const values = [0, 7, 42, 999, 1000, 1001, 12345, 100000, 999999, 1000000, 20100, 123456789];
    for (const value of [...values, ...values.slice(1).map((v) => -v), Number.MAX_SAFE_INTEGER]) {
      expect(groupDigits(value, language), String(value)).toBe(intl.format(value));
    }
  });

  it('writes fractions through Intl.NumberFormat', async () => {
    await inLanguage('fr');
    expect(formatNumber(1.5)).toBe('1,5');
    expect(formatNumber(1234.25)).toBe('1\u202f234,25');
    expect(formatNumber(-0)).toBe('-0');
  });

  it.each([
    ['en', '3 March 2026'],
    ['fr', '3 mars 2026'],
    ['nl', '3 maart 2026'],
  ] as const)('names the month of a long date in %s', async (language, written) => {
    await inLanguage(language);
    expect(formatLongDate('2026-03-03')).toBe(written);
    expect(formatLongDate(null)).toBe('');
    // Short dates stay DD/MM/YYYY in every language.
    expect(formatDate('2026-03-03')).toBe('03/03/2026');
  });

  it('writes a moment as its local calendar day, and nothing for a bad one', () => {
    const moment = new Date(2026, 0, 9, 23, 30);
    expect(formatDate(moment.toISOString())).toBe('09/01/2026');
    expect(formatDate(moment)).toBe('09/01/2026');
    expect(formatDate(moment.getTime())).toBe('09/01/2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('clearSession', () => {
  it("forgets the session and the layout but keeps the browser's language", () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      clear: () => store.clear(),
    });
    try {
      localStorage.setItem(LANGUAGE_KEY, 'nl');
      localStorage.setItem('asbuilt.layout', '{"sidebar":false}');
      setToken('abc');
      clearSession();
      expect(getToken()).toBeNull();
      expect(localStorage.getItem('asbuilt.layout')).toBeNull();
      expect(localStorage.getItem(LANGUAGE_KEY)).toBe('nl');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
