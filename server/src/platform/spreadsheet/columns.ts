/**
 * The columns of an import: each field's header as the export writes it. A sheet's headers match
 * them in any case and spacing, so an export comes back unchanged and a hand-made sheet works too.
 */
import type { Message } from '@asbuilt/domain';
import type { SheetRow } from './read.ts';

export interface SheetColumn<K extends string = string> {
  key: K;
  header: string;
}

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** The row's values by field key, for the columns the sheet has. */
export function valuesOf<K extends string>(row: SheetRow, columns: readonly SheetColumn<K>[]) {
  const byHeader = new Map(Object.entries(row.values).map(([header, value]) => [normal(header), value]));
  const out: Partial<Record<K, string>> = {};
  for (const column of columns) {
    const value = byHeader.get(normal(column.header));
    if (value !== undefined) out[column.key] = value;
  }
  return out;
}

/** The sheet's headers that no column takes (ignored, and said so in the report). */
export function unknownHeaders(headers: string[], columns: readonly SheetColumn[]): string[] {
  const known = new Set(columns.map((c) => normal(c.header)));
  return headers.filter((header) => !known.has(normal(header)));
}

/** The sheet's own header of each column, for naming its cells as the file does (the column's when absent). */
export function sheetHeaderOf<K extends string>(headers: string[], columns: readonly SheetColumn<K>[]) {
  const byNormal = new Map(headers.map((header) => [normal(header), header]));
  return (key: K) => {
    const header = columns.find((c) => c.key === key)?.header ?? key;
    return byNormal.get(normal(header)) ?? header;
  };
}

/** One problem of one cell: the code names it, `row` and `column` place it. */
export function cellProblem(
  code:
    | 'import_required'
    | 'import_invalid'
    | 'import_unknown_id'
    | 'import_duplicate'
    | 'import_not_allowed'
    | 'import_in_use'
    | 'import_not_found'
    | 'import_product_not_found'
    | 'import_ambiguous'
    | 'import_too_long'
    | 'import_code_taken',
  row: number,
  column: string,
  value?: string,
): Message {
  return { code, params: value === undefined ? { row, column } : { row, column, value } };
}

/** yes/no, true/false, 1/0, x or empty: a spreadsheet's ways of saying a box is ticked. */
export function sheetBoolean(value: string | undefined): boolean | null {
  if (value === undefined) return false;
  const text = normal(value);
  if (['yes', 'true', '1', 'x', 'oui', 'ja', 'vrai', 'waar'].includes(text)) return true;
  if (['no', 'false', '0', '', 'non', 'nee', 'faux', 'onwaar'].includes(text)) return false;
  return null;
}

/** A whole positive number, or null when the text is something else. */
export function sheetId(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A date as a sheet gives it: ISO (2026-03-31, as the reader writes date cells), or day first as
 * Belgians write it (31/03/2026, 31.03.2026, 31-03-2026). '' is no date; null means unreadable.
 */
export function sheetDate(value: string): string | '' | null {
  const text = value.trim();
  if (text === '') return '';
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) [d, m, y] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** Problems in reading order: by row, then by the column's place in the sheet. */
export function inSheetOrder(
  problems: Message[],
  columns: readonly SheetColumn[],
  headers: string[],
): Message[] {
  const place = new Map(headers.map((h, i) => [normal(h), i]));
  const position = (m: Message) => {
    const column = String(m.params?.column ?? '');
    const header = columns.find((c) => c.header === column)?.header ?? column;
    return place.get(normal(header)) ?? headers.length;
  };
  return [...problems].sort(
    (a, b) => Number(a.params?.row) - Number(b.params?.row) || position(a) - position(b),
  );
}
