/**
 * Reads the first sheet of an uploaded .xlsx into header names and rows of text, refusing what an
 * import must not take: a file that isn't a spreadsheet, one that inflates beyond reason, formula
 * cells (their result may not be what the sheet shows, and they are an attack on whoever opens an
 * export later), and more rows than an import takes.
 */
import ExcelJS from 'exceljs';
import { badRequest } from '../errors.ts';
import { checkZip } from './zip-guard.ts';

export const MAX_IMPORT_ROWS = 50_000;
/** What the parts of an accepted workbook may inflate to, together. */
const MAX_INFLATED_BYTES = 200 * 1024 * 1024;

export interface SheetRow {
  /** The spreadsheet's own row number (the header is row 1). */
  row: number;
  /** Cell text by header name, trimmed; empty cells are absent. */
  values: Record<string, string>;
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

function cellText(value: ExcelJS.CellValue): string | { formula: true } {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { formula: true };
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

export async function readSheet(data: Buffer, maxRows = MAX_IMPORT_ROWS): Promise<Sheet> {
  const zip = checkZip(data, MAX_INFLATED_BYTES);
  if (zip === 'not_zip') throw badRequest('spreadsheet_unreadable');
  if (zip === 'too_large') throw badRequest('spreadsheet_too_large');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('spreadsheet_unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 1) throw badRequest('spreadsheet_empty');
  if (sheet.rowCount - 1 > maxRows) throw badRequest('spreadsheet_too_many_rows', { max: maxRows });

  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    const text = cellText(cell.value);
    headers[column - 1] = typeof text === 'string' ? text.trim() : '';
  });
  const rows: SheetRow[] = [];
  const formulas: { row: number; column: string }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const values: Record<string, string> = {};
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const header = headers[column - 1];
      if (!header) return;
      const text = cellText(cell.value);
      if (typeof text !== 'string') formulas.push({ row: number, column: header });
      else if (text.trim() !== '') values[header] = text.trim();
    });
    if (Object.keys(values).length > 0) rows.push({ row: number, values });
  });
  if (formulas.length > 0) {
    throw badRequest(
      formulas.slice(0, 20).map(({ row, column }) => ({ code: 'import_formula', params: { row, column } })),
    );
  }
  return { headers: headers.filter(Boolean), rows };
}
