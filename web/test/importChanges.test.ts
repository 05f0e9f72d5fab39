/**
 * The import preview finds each row's outcome, and a changed cell's old value by its header in
 * any case; a report naming the standard headers is renamed to the file's own.
 */
import { describe, expect, it } from 'vitest';
import { connectionSheetRows } from '../src/features/connections/connectionSheet.ts';
import { changesByRow, renameColumns } from '../src/features/imports/changes.ts';

describe('changesByRow', () => {
  it('keys rows by number and old values by the header in lower case', () => {
    const rows = changesByRow([
      { row: 2, status: 'new' },
      { row: 3, status: 'changed', was: { Location: 'Lobby', 'Floor Code': '' } },
      { row: 4, status: 'unchanged' },
    ]);
    expect(rows.get(2)).toEqual({ status: 'new', was: new Map() });
    expect(rows.get(3)?.status).toBe('changed');
    expect([...rows.get(3)!.was]).toEqual([
      ['location', 'Lobby'],
      ['floor code', ''],
    ]);
    expect(rows.get(4)?.status).toBe('unchanged');
    expect(rows.has(5)).toBe(false);
  });
});

describe('renameColumns', () => {
  it("moves a cable schedule's problems and old values onto the file's own headers", () => {
    const sheet = connectionSheetRows({
      headers: ['code', 'a_port', 'Note'],
      rows: [{ row: 2, values: { code: 'C-0001', a_port: '2', Note: 'new' } }],
    });
    const report = renameColumns(
      {
        created: 0,
        updated: 1,
        unchanged: 0,
        ignored: [],
        problems: [
          { code: 'import_not_found', params: { row: 3, column: 'A Port', value: '9' } },
          { code: 'x' },
        ],
        rows: [],
        changes: [
          { row: 2, status: 'changed', was: { 'A Port': '1', Note: '', 'B Label': 'ONT' } },
          { row: 4, status: 'new' },
        ],
      },
      sheet.fileHeader,
    );
    expect(report.problems).toEqual([
      { code: 'import_not_found', params: { row: 3, column: 'a_port', value: '9' } },
      { code: 'x' },
    ]);
    // A column the file lacks keeps its name.
    expect(report.changes).toEqual([
      { row: 2, status: 'changed', was: { a_port: '1', Note: '', 'B Label': 'ONT' } },
      { row: 4, status: 'new' },
    ]);
  });
});
