/** The pieces of the device import that need no database: dates, CSV, and the column mapping. */
import { autoMapDeviceColumns, deviceImportRows, mappedHeaders, type SheetContent } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors.ts';
import { sheetDate } from '../../src/platform/spreadsheet/columns.ts';
import { readCsv } from '../../src/platform/spreadsheet/csv.ts';

describe('sheetDate', () => {
  it('reads ISO dates and Belgian day-first dates, and refuses impossible ones', () => {
    expect(sheetDate('2026-03-31')).toBe('2026-03-31');
    expect(sheetDate('2026-3-1T00:00:00Z')).toBe('2026-03-01');
    expect(sheetDate('31/03/2026')).toBe('2026-03-31');
    expect(sheetDate('1.4.2026')).toBe('2026-04-01');
    expect(sheetDate('01-04-2026')).toBe('2026-04-01');
    expect(sheetDate('')).toBe('');
    expect(sheetDate('31/02/2026')).toBeNull();
    expect(sheetDate('03/31/2026')).toBeNull();
    expect(sheetDate('tomorrow')).toBeNull();
  });
});

describe('readCsv', () => {
  it('takes the separator of the header line, quoted separators, quotes and line breaks', () => {
    const sheet = readCsv(Buffer.from('\uFEFFCode,Note\n"A,1","two\nlines"\n\nB,"say ""hi"""'));
    expect(sheet).toEqual({
      headers: ['Code', 'Note'],
      rows: [
        { row: 2, values: { Code: 'A,1', Note: 'two\nlines' } },
        { row: 4, values: { Code: 'B', Note: 'say "hi"' } },
      ],
    });
    expect(readCsv(Buffer.from('a\tb\n1\t2\n')).rows).toEqual([{ row: 2, values: { a: '1', b: '2' } }]);
  });

  it('decodes Windows-1252 when the bytes are not UTF-8, and refuses too many rows', () => {
    expect(readCsv(Buffer.from('Lieu\nSalle de réunion\n', 'latin1')).rows[0]!.values.Lieu).toBe(
      'Salle de réunion',
    );
    expect(() => readCsv(Buffer.from('x\n1\n2\n3\n'), 2)).toThrow(AppError);
  });
});

describe('the column mapping', () => {
  it("matches the export's headers exactly and other spellings in any case, each field once", () => {
    expect(
      autoMapDeviceColumns(['ID', 'device code', 'MAC', 'Room', 'Floor_Code', 'Code', 'Category']),
    ).toEqual({
      ID: 'id',
      'device code': 'code',
      MAC: 'mac',
      Room: 'location',
      Floor_Code: 'floor_code',
      Code: null,
      Category: null,
    });
  });

  it('sends every mapped field of every row, an empty cell as a clearing empty text', () => {
    const mapping = { ID: 'id', Note: 'note', Other: null } as const;
    const content: SheetContent = {
      headers: ['ID', 'Note', 'Other'],
      rows: [
        { row: 2, values: { ID: '4', Note: 'n', Other: 'x' } },
        { row: 3, values: { ID: '5' } },
      ],
    };
    expect(deviceImportRows(content, mapping)).toEqual([
      { row: 2, values: { id: '4', note: 'n' } },
      { row: 3, values: { id: '5', note: '' } },
    ]);
    expect(mappedHeaders(mapping)).toEqual({ id: 'ID', note: 'Note' });
  });
});
