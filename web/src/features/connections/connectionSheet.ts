/**
 * A cable schedule sheet as the import call takes it: each column found by its header (as the
 * export writes it, "A Device", or as its key, "a_device", in any case), each row one object.
 * A column the import does not know is left out and named, so the dialog can say so.
 */
import {
  CONNECTION_SHEET_COLUMNS,
  type ConnectionImportRow,
  type ConnectionSheetField,
  type SheetContent,
} from '@asbuilt/domain';

const simple = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

const FIELD_BY_NAME = new Map<string, ConnectionSheetField>(
  CONNECTION_SHEET_COLUMNS.flatMap((column) => [
    [simple(column.header), column.key],
    [simple(column.key), column.key],
  ]),
);

export interface ConnectionSheetRows {
  rows: ConnectionImportRow[];
  /** The file's headers each field is read from. */
  headers: string[];
  /** The file's header of each field's standard header ("A Device" → "a_device"). */
  fileHeader: (header: string) => string;
  /** The file's headers no field takes. */
  ignored: string[];
  /** The rows as the file shows them, under its own headers (the import dialog's preview). */
  preview: SheetContent['rows'];
}

export function connectionSheetRows(content: SheetContent): ConnectionSheetRows {
  const fields = new Map<string, ConnectionSheetField>();
  const ignored: string[] = [];
  const taken = new Set<ConnectionSheetField>();
  for (const header of content.headers) {
    const field = FIELD_BY_NAME.get(simple(header));
    // The first column of a field wins; a second one is ignored rather than merged.
    if (field && !taken.has(field)) {
      fields.set(header, field);
      taken.add(field);
    } else if (header.trim()) ignored.push(header);
  }
  const rows: ConnectionImportRow[] = [];
  const preview: SheetContent['rows'] = [];
  for (const sheetRow of content.rows) {
    const row: ConnectionImportRow = { row: sheetRow.row };
    const values: Record<string, string> = {};
    // An empty cell is sent as '' (it clears the value); a column the file lacks stays out.
    for (const [header, field] of fields) {
      const value = sheetRow.values[header] ?? '';
      row[field] = value;
      values[header] = value;
    }
    rows.push(row);
    preview.push({ row: sheetRow.row, values });
  }
  const byStandard = new Map<string, string>(
    [...fields].map(([header, field]) => [
      CONNECTION_SHEET_COLUMNS.find((c) => c.key === field)!.header,
      header,
    ]),
  );
  const fileHeader = (header: string) => byStandard.get(header) ?? header;
  return { rows, headers: [...fields.keys()], fileHeader, ignored, preview };
}
