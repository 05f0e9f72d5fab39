/** The spreadsheet reader's limits and the cell rules every import shares. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors.ts';
import { sheetBoolean, sheetId, unknownHeaders, valuesOf } from '../../src/platform/spreadsheet/columns.ts';
import { readSheet } from '../../src/platform/spreadsheet/read.ts';
import { checkZip } from '../../src/platform/spreadsheet/zip-guard.ts';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('one');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return null;
  } catch (error) {
    return error instanceof AppError ? error.messages[0]!.code : String(error);
  }
};

describe('readSheet', () => {
  it('reads headers and rows as trimmed text, dates as days, and skips empty rows', async () => {
    const data = await workbook([
      [' Name ', 'Date', 'Count'],
      ['  Alpha ', new Date(Date.UTC(2026, 2, 14)), 3],
      [],
      ['Beta', null, null],
    ]);
    expect(await readSheet(data)).toEqual({
      headers: ['Name', 'Date', 'Count'],
      rows: [
        { row: 2, values: { Name: 'Alpha', Date: '2026-03-14', Count: '3' } },
        { row: 4, values: { Name: 'Beta' } },
      ],
    });
  });

  it('refuses more rows than allowed, and says how many are allowed', async () => {
    const data = await workbook([['Name'], ...Array.from({ length: 11 }, (_, i) => [`n${i}`])]);
    expect(await codeOf(readSheet(data, 10))).toBe('spreadsheet_too_many_rows');
    expect((await readSheet(data, 11)).rows).toHaveLength(11);
  });

  it('refuses a file that is not an .xlsx', async () => {
    expect(await codeOf(readSheet(Buffer.from('PK not really')))).toBe('spreadsheet_unreadable');
  });
});

describe('checkZip', () => {
  it('passes a real workbook and refuses one whose parts inflate beyond the limit', async () => {
    const data = await workbook([['Name'], ['x']]);
    expect(checkZip(data, 10 * 1024 * 1024)).toBe('ok');
    expect(checkZip(data, 100)).toBe('too_large');
    expect(checkZip(Buffer.from('hello'), 100)).toBe('not_zip');
  });
});

describe('cell rules', () => {
  it('match headers in any case and spacing, and name the ones no column takes', () => {
    const columns = [
      { key: 'tenant_id', header: 'Tenant ID' },
      { key: 'name', header: 'Name' },
    ] as const;
    expect(valuesOf({ row: 2, values: { 'tenant  id': '3', NAME: 'A' } }, columns)).toEqual({
      tenant_id: '3',
      name: 'A',
    });
    expect(unknownHeaders(['Name', 'Colour'], columns)).toEqual(['Colour']);
  });

  it('read ticked boxes in the three languages and whole ids only', () => {
    expect([sheetBoolean('Yes'), sheetBoolean('ja'), sheetBoolean('oui'), sheetBoolean('x')]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([sheetBoolean(undefined), sheetBoolean('no'), sheetBoolean('maybe')]).toEqual([
      false,
      false,
      null,
    ]);
    expect([sheetId('12'), sheetId('1.5'), sheetId('-3'), sheetId('0'), sheetId(undefined)]).toEqual([
      12,
      null,
      null,
      null,
      null,
    ]);
  });
});
