/**
 * Reads a .csv into the same headers and rows as an .xlsx (see read.ts). Excel in Belgium saves
 * CSV with semicolons and, unless told "CSV UTF-8", in Windows-1252: the separator is taken from
 * the header line and the text decoded as UTF-8 when it is valid, else as Windows-1252. A cell
 * is text, never a formula: nothing in it is evaluated.
 */
import { badRequest } from '../errors.ts';
import { MAX_IMPORT_ROWS, type Sheet, type SheetRow } from './read.ts';

function decode(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** The separator the header line uses most, outside quotes: `;`, `,` or a tab. */
function separatorOf(text: string): string {
  const counts = new Map([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

/** RFC 4180 records: quoted cells may hold separators, quotes ("") and line breaks. */
function* records(text: string, separator: string): Generator<string[]> {
  let cell = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(cell);
      yield record;
      record = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    yield record;
  }
}

export function readCsv(data: Buffer, maxRows = MAX_IMPORT_ROWS): Sheet {
  const text = decode(data).replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw badRequest('spreadsheet_unreadable');
  const all = records(text, separatorOf(text));
  const first = all.next();
  if (first.done) throw badRequest('spreadsheet_empty');
  const headers = first.value.map((h) => h.trim());
  const rows: SheetRow[] = [];
  let number = 1;
  for (const record of all) {
    number++;
    const values: Record<string, string> = {};
    record.forEach((cell, column) => {
      const header = headers[column];
      if (header && cell.trim() !== '') values[header] = cell.trim();
    });
    if (Object.keys(values).length === 0) continue;
    if (rows.length === maxRows) throw badRequest('spreadsheet_too_many_rows', { max: maxRows });
    rows.push({ row: number, values });
  }
  return { headers: headers.filter(Boolean), rows };
}
