/**
 * Writes rows into a one-sheet .xlsx: headers in bold, every value as a plain cell. Text is always
 * a text cell, so a value such as `=HYPERLINK(...)` or `+32 2 ...` is shown as written and never
 * evaluated by the program that opens the file.
 */
import ExcelJS from 'exceljs';

export async function xlsxOf(
  sheetName: string,
  columns: readonly { header: string; width?: number }[],
  rows: Iterable<(string | number | boolean | null)[]>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Asbuilt';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const values of rows) {
    const row = sheet.addRow(values.map((value) => value ?? ''));
    row.eachCell((cell) => {
      // A string that looks like a formula stays a string: exceljs writes it as shared text.
      if (typeof cell.value === 'string') cell.numFmt = '@';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
