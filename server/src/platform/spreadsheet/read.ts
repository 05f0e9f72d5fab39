/**
 * Reads the first sheet of an uploaded .xlsx into header names and rows of text, refusing what an
 * import must not take: a file that isn't a spreadsheet, one that inflates beyond reason, formula
 * cells (their result may not be what the sheet shows, and they are an attack on whoever opens an
 * export later), and more rows than an import takes.
 */
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../errors.ts';
import { type CellText, readFirstSheet, type SheetRowCells } from './xlsx-sheet.ts';
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

function cellText(value: ExcelJS.CellValue): CellText {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { formula: true };
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/**
 * The first sheet: read from its XML (`xlsx-sheet.ts`), or by exceljs when that reader doesn't
 * find the workbook's parts where it looks for them. A sheet with too many rows is refused as soon
 * as the limit is passed.
 */
export async function readSheet(data: Buffer, maxRows = MAX_IMPORT_ROWS): Promise<Sheet> {
  const zip = checkZip(data, MAX_INFLATED_BYTES);
  if (zip === 'not_zip') throw badRequest('spreadsheet_unreadable');
  if (zip === 'too_large') throw badRequest('spreadsheet_too_large');

  let sheet = new SheetCollector(maxRows);
  try {
    readFirstSheet(data, (row) => sheet.add(row));
  } catch (error) {
    if (error instanceof AppError) throw error;
    sheet = new SheetCollector(maxRows);
    try {
      await loadFirstSheet(data, sheet);
    } catch (again) {
      if (again instanceof AppError) throw again;
      throw badRequest('spreadsheet_unreadable');
    }
  }
  return sheet.result();
}

async function loadFirstSheet(data: Buffer, sheet: SheetCollector): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  workbook.worksheets[0]?.eachRow({ includeEmpty: false }, (row) => {
    const cells: [number, CellText][] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells.push([column, cellText(cell.value)]);
    });
    sheet.add({ number: row.number, cells });
  });
}

/** The header and the rows of a sheet as they are read, refusing too many rows and formulas. */
class SheetCollector {
  private headers: string[] | null = null;
  private readonly rows: SheetRow[] = [];
  private readonly formulas: { row: number; column: string }[] = [];

  constructor(private readonly maxRows: number) {}

  add(row: SheetRowCells): void {
    if (this.headers === null) {
      this.headers = headerNames(row);
      return;
    }
    if (row.number - 1 > this.maxRows) throw badRequest('spreadsheet_too_many_rows', { max: this.maxRows });
    const headers = this.headers;
    const values: Record<string, string> = {};
    for (const [column, text] of row.cells) {
      const header = headers[column - 1];
      if (!header) continue;
      if (typeof text !== 'string') this.formulas.push({ row: row.number, column: header });
      else if (text.trim() !== '') values[header] = text.trim();
    }
    if (Object.keys(values).length > 0) this.rows.push({ row: row.number, values });
  }

  result(): Sheet {
    if (this.headers === null) throw badRequest('spreadsheet_empty');
    if (this.formulas.length > 0) {
      throw badRequest(
        this.formulas
          .slice(0, 20)
          .map(({ row, column }) => ({ code: 'import_formula', params: { row, column } })),
      );
    }
    return { headers: this.headers.filter(Boolean), rows: this.rows };
  }
}

/** The header row's names by column (a blank header ignores its column). */
function headerNames(row: SheetRowCells): string[] {
  const headers: string[] = [];
  for (const [column, text] of row.cells) headers[column - 1] = typeof text === 'string' ? text.trim() : '';
  return Array.from(headers, (header) => header ?? '');
}
