import { describe, expect, it } from 'vitest';
import { inIdOrder, parsedStamps, ROW_SEPARATOR, rowsOf } from '../../src/modules/devices/list-rows.ts';

/** Rows as json_build_array writes them: commas, quotes and line breaks (escaped) inside values. */
const rows = [
  '[1, 2, "SW-01", "Active"]',
  '[2, 2, "a,\\nb and c", "Spare"]',
  '[3, 5, "", "ok"]',
  '[40, 5, "\\"quoted\\",\\n", null]',
];

describe('a device list as one text', () => {
  it('is the JSON array of its rows once put between brackets, and gives each row back as it came', () => {
    const text = rows.join(ROW_SEPARATOR);
    expect(JSON.parse(`[${text}]`)).toEqual(rows.map((row) => JSON.parse(row)));
    expect(rowsOf(text)).toEqual(rows);
  });

  it('has no rows for a site without devices', () => {
    expect(rowsOf('')).toEqual([]);
    expect(JSON.parse(`[${''}]`)).toEqual([]);
  });

  it('is kept as it is when its ids are in order', () => {
    const list = { ids: [1, 2, 3, 40], stamps: [7, 7, 9, 9], text: rows.join(ROW_SEPARATOR) };
    expect(inIdOrder(list)).toBe(list);
  });

  it('is put in id order, each row with its id and stamp, when the database gave it out of order', () => {
    const order = [2, 0, 3, 1];
    const ids = [1, 2, 3, 40];
    const stamps = [11, 12, 13, 14];
    const shuffled = {
      ids: order.map((i) => ids[i]!),
      stamps: order.map((i) => stamps[i]!),
      text: order.map((i) => rows[i]!).join(ROW_SEPARATOR),
    };
    expect(inIdOrder(shuffled)).toEqual({ ids, stamps, text: rows.join(ROW_SEPARATOR) });
  });

  it('reads the ids and stamps the database wrote, up to the largest transaction number', () => {
    expect(parsedStamps('1 731,2 731,40 4294967295')).toEqual({
      ids: [1, 2, 40],
      stamps: [731, 731, 4294967295],
    });
    expect(parsedStamps('7 9')).toEqual({ ids: [7], stamps: [9] });
    expect(parsedStamps(null)).toEqual({ ids: [], stamps: [] });
  });
});
