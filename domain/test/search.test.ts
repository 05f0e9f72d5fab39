import { describe, expect, it } from 'vitest';
import {
  isIpPrefix,
  normalizeMac,
  parseSearchQuery,
  searchQuerySchema,
  ticketNumberOf,
} from '../src/index.ts';

const parsed = (q: string) => {
  const result = parseSearchQuery(q);
  if (!result.ok) throw new Error(result.code);
  return result.query;
};

describe('parseSearchQuery', () => {
  it('keeps plain words as the text', () => {
    expect(parsed('  core   switch ')).toEqual({
      text: 'core switch',
      site: null,
      status: null,
      types: null,
      tags: [],
    });
  });

  it('takes site:, status:, type: and tag: out of the text, quoted or not, in any case', () => {
    expect(parsed('camera Site:"Demo HQ" status:Installed TYPE:devices tag:fire tag:"zone b"')).toEqual({
      text: 'camera',
      site: 'Demo HQ',
      status: 'Installed',
      types: ['device'],
      tags: ['fire', 'zone b'],
    });
  });

  it('reads type: as a list and as repeated filters, without duplicates', () => {
    expect(parsed('x type:device,site type:Locations type:site').types).toEqual([
      'device',
      'site',
      'location',
    ]);
  });

  it('leaves a MAC, a time or an unknown key:value in the text', () => {
    expect(parsed('00:1E:7A:CB:21:B1').text).toBe('00:1E:7A:CB:21:B1');
    expect(parsed('note:10:30 foo:bar').text).toBe('note:10:30 foo:bar');
  });

  it('refuses an unknown type with the list of kinds', () => {
    expect(parseSearchQuery('x type:robot')).toEqual({
      ok: false,
      code: 'search_type_unknown',
      params: { type: 'robot', types: 'device, site, location, product, contact, ticket, attachment' },
    });
  });

  it('ignores an empty filter and an unclosed quote keeps the rest', () => {
    expect(parsed('site: camera')).toMatchObject({ text: 'camera', site: null });
    expect(parsed('site:"Demo HQ')).toMatchObject({ text: '', site: 'Demo HQ' });
  });
});

describe('normalizeMac', () => {
  it('turns every notation into bare lowercase hex', () => {
    for (const mac of [
      '00:1E:7A:CB:21:B1',
      '001e.7acb.21b1',
      '00-1e-7a-cb-21-b1',
      '00 1e 7a cb 21 b1',
      '001E7ACB21B1',
    ]) {
      expect(normalizeMac(mac), mac).toBe('001e7acb21b1');
    }
  });

  it('takes a part of an address', () => {
    expect(normalizeMac('cb:21:b1')).toBe('cb21b1');
    expect(normalizeMac('7acb.21')).toBe('7acb21');
  });

  it('refuses what cannot be a MAC: other letters, too short, too long', () => {
    expect(normalizeMac('camera')).toBeNull();
    expect(normalizeMac('1e:')).toBeNull();
    expect(normalizeMac('00:1e:7a:cb:21:b1:ff')).toBeNull();
    expect(normalizeMac('1e', 2)).toBe('1e');
  });
});

describe('IP prefixes and ticket numbers', () => {
  it('recognises an IPv4 address or its beginning', () => {
    expect(isIpPrefix('10.20.30.41')).toBe(true);
    expect(isIpPrefix('10.20.')).toBe(true);
    expect(isIpPrefix('10')).toBe(false);
    expect(isIpPrefix('cb.21')).toBe(false);
  });
  it('reads #42 and 42', () => {
    expect(ticketNumberOf('#42')).toBe(42);
    expect(ticketNumberOf(' 42 ')).toBe(42);
    expect(ticketNumberOf('42a')).toBeNull();
  });
});

describe('searchQuerySchema', () => {
  it('trims q, defaults limit and refuses empty, too long and out-of-range limits', () => {
    expect(searchQuerySchema.parse({ q: ' cam ' })).toEqual({ q: 'cam', limit: 20 });
    expect(searchQuerySchema.safeParse({ q: '' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'cam', limit: '51' }).success).toBe(false);
    expect(searchQuerySchema.parse({ q: 'cam', limit: '5' }).limit).toBe(5);
  });
});
