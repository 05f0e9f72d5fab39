import type { SiteSummary } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { sortSitesByUpdate } from '../src/api/sites.ts';
import { isDevHost } from '../src/lib/env.ts';
import { fullName, initials } from '../src/lib/names.ts';

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
