import { describe, expect, it } from 'vitest';
import { joined } from '../../src/modules/devices/list-cache.ts';

describe('a kept device list, joined', () => {
  it('is the rows as one JSON array, each row given back as it came', () => {
    const rows = [
      '[1,2,"SW-01","Active"]',
      '[2,2,"a, b and c","Spare"]',
      '[3,5,"","ok"]',
      '[40,5,"\\"quoted\\"",null]',
    ];
    const { json, rows: sliced } = joined(rows);
    expect(json).toBe(`[${rows.join(',')}]`);
    expect(sliced).toEqual(rows);
    expect(JSON.parse(json)).toEqual(rows.map((row) => JSON.parse(row)));
  });

  it('is an empty array for a site without devices', () => {
    expect(joined([])).toEqual({ json: '[]', rows: [] });
  });
});
