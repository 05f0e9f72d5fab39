/** The .xlsx reader against exceljs's, and on the XML other writers produce. */
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  type CellText,
  readFirstSheet,
  type SheetRowCells,
} from '../../src/platform/spreadsheet/xlsx-sheet.ts';
import { inflateEntry, zipDirectory } from '../../src/platform/spreadsheet/zip-read.ts';

function rowsOf(data: Buffer): SheetRowCells[] {
  const rows: SheetRowCells[] = [];
  readFirstSheet(data, (row) => rows.push(row));
  return rows;
}

/** What exceljs's whole-workbook reader makes of the same file, in the same shape. */
async function exceljsRows(data: Buffer): Promise<SheetRowCells[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const rows: SheetRowCells[] = [];
  book.worksheets[0]!.eachRow((row) => {
    const cells: [number, CellText][] = [];
    row.eachCell((cell, column) => {
      const value = cell.value;
      let text: CellText = '';
      if (value instanceof Date) text = value.toISOString().slice(0, 10);
      else if (value && typeof value === 'object') {
        if ('formula' in value || 'sharedFormula' in value) text = { formula: true };
        else if ('richText' in value) text = value.richText.map((part) => part.text).join('');
      } else text = String(value);
      cells.push([column, text]);
    });
    rows.push({ number: row.number, cells });
  });
  return rows;
}

/** A zip of stored (uncompressed) parts, as the smallest writer of another kind would make. */
function zipOf(parts: Record<string, string>, deflate = false): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(parts)) {
    const raw = Buffer.from(text, 'utf8');
    const stored = deflate ? deflateRawSync(raw) : raw;
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(deflate ? 8 : 0, 10);
    entry.writeUInt32LE(stored.length, 20);
    entry.writeUInt32LE(raw.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, stored);
    directory.push(entry, nameBytes);
    offset += 30 + nameBytes.length + stored.length;
  }
  const size = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook written with the `x:` prefix, no cell or row references, and the parts given. */
function otherWriter(
  sheetData: string,
  extra: { shared?: string; styles?: string; date1904?: boolean } = {},
) {
  return zipOf({
    '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="/x/book.xml"/></Relationships>`,
    'x/book.xml': `<x:workbook xmlns:x="${MAIN}" xmlns:rel="${RELS}">${extra.date1904 ? '<x:workbookPr date1904="1"/>' : ''}<x:sheets><x:sheet name="A" sheetId="7" rel:id="s1"/></x:sheets></x:workbook>`,
    'x/_rels/book.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="s1" Type="${RELS}/worksheet" Target="sheets/one.xml"/><Relationship Id="s2" Type="${RELS}/sharedStrings" Target="../x/strings.xml"/><Relationship Id="s3" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
    'x/sheets/one.xml': `<x:worksheet xmlns:x="${MAIN}"><x:sheetData>${sheetData}</x:sheetData></x:worksheet>`,
    'x/strings.xml': `<x:sst xmlns:x="${MAIN}">${extra.shared ?? ''}</x:sst>`,
    'x/styles.xml': `<x:styleSheet xmlns:x="${MAIN}">${extra.styles ?? ''}</x:styleSheet>`,
  });
}

describe('readFirstSheet', () => {
  it('reads what exceljs reads: strings, numbers, booleans, dates, rich text, formulas, errors, gaps', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('one');
    book.addWorksheet('two').addRow(['not this one']);
    sheet.addRow(['Name', 'Count', 'Ok', 'When', 'Rich', 'Sum', 'Oops', '', 'Far']);
    sheet.addRow(['A & <B> "c"', 3.25, true, new Date(Date.UTC(2026, 2, 14)), null, null, null, null, 'x']);
    sheet.addRow([' spaced ', -1e21, false, new Date(Date.UTC(1999, 11, 31, 23, 0)), null, null, null]);
    sheet.getCell('E2').value = { richText: [{ text: 'bold ' }, { text: 'plain' }] };
    sheet.getCell('F2').value = { formula: 'B2*2', result: 6.5 };
    sheet.getCell('G2').value = { error: '#N/A' };
    sheet.getCell('D4').value = new Date(Date.UTC(2024, 1, 29));
    sheet.getCell('D4').numFmt = 'dd/mm/yyyy';
    sheet.getCell('B4').value = 44000;
    sheet.getCell('B4').numFmt = '#,##0.00 "days"';
    sheet.getCell('A6').value = 'after a gap';
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const expected = await exceljsRows(file);
    expect(rowsOf(file)).toEqual(expected);
    expect(expected[1]!.cells).toContainEqual([4, '2026-03-14']);
    expect(expected[3]!.cells).toEqual([
      [2, '44000'],
      [4, '2024-02-29'],
    ]);
  });

  it('reads inline strings as exceljs writes them without a shared table', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('one').addRow(['Code', 'Name &amp; more']);
    const file = Buffer.from(
      await book.xlsx.writeBuffer({ useSharedStrings: false } as ExcelJS.XlsxWriteOptions),
    );
    expect(rowsOf(file)).toEqual(await exceljsRows(file));
  });

  it('reads another writer’s XML: prefixes, no references, inline runs, guides, styles and 1904 dates', () => {
    const file = otherWriter(
      '<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c><x:c t="inlineStr"><x:is><x:r><x:t>in</x:t></x:r><x:r><x:t xml:space="preserve">line &#233;</x:t></x:r></x:is></x:c></x:row>' +
        '<x:row r="4"><x:c r="B4" s="1"><x:v>0</x:v></x:c><x:c s="2"><x:v>12.5</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c><x:f t="shared" si="0"/><x:v>3</x:v></x:c></x:row>' +
        '<x:row r="5"/>',
      {
        shared:
          '<x:si><x:t>Caméra</x:t></x:si><x:si><x:r><x:t>Ka</x:t></x:r><x:rPh sb="0" eb="1"><x:t>ignored</x:t></x:rPh><x:r><x:t>nal</x:t></x:r></x:si>',
        styles:
          '<x:numFmts count="1"><x:numFmt numFmtId="164" formatCode="&quot;Day&quot;\\ 0"/></x:numFmts><x:cellXfs count="3"><x:xf numFmtId="0"/><x:xf numFmtId="14"><x:alignment/></x:xf><x:xf numFmtId="164"/></x:cellXfs>',
        date1904: true,
      },
    );
    expect(rowsOf(file)).toEqual([
      {
        number: 1,
        cells: [
          [1, 'Caméra'],
          [2, 'Kanal'],
          [3, 'inline é'],
        ],
      },
      {
        number: 4,
        cells: [
          [2, '1904-01-01'],
          [3, '12.5'],
          [4, 'true'],
          [5, { formula: true }],
        ],
      },
      { number: 5, cells: [] },
    ]);
  });

  it('throws (for exceljs to try) when the workbook has no sheet, or a part is cut short or lies about its size', () => {
    expect(() => rowsOf(zipOf({ 'xl/workbook.xml': '<workbook/>' }))).toThrow();
    const unclosed = otherWriter('<x:row r="1"><x:c t="s"><x:v>0</x:v>');
    expect(() => rowsOf(unclosed)).toThrow();
    const lying = zipOf({ 'a.xml': 'x'.repeat(10_000) }, true);
    const entry = zipDirectory(lying)![0]!;
    expect(inflateEntry(lying, entry).length).toBe(10_000);
    expect(() => inflateEntry(lying, { ...entry, size: 100 })).toThrow();
  });
});
