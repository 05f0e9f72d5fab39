/**
 * The datasheets: the PDF datasheets of the products the pack's devices use, then the PDF files
 * attached to the devices themselves (data.ts lists them in that order), appended after the pack with
 * pdf-lib. Each is opened once while the pack gathers its data, to know its page count (the
 * contents list where each starts) and to leave out a file that is not a readable PDF.
 */

import type { Writable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import type { PackSource } from './source.ts';

/** A datasheet bigger than this is left out: the pack is made in memory once datasheets join it. */
const MAX_DATASHEET_BYTES = 50 * 1024 * 1024;

export interface Datasheet {
  url: string;
  name: string;
  pages: number;
}

async function open(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    return await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return null;
  }
}

/** The files that open as PDFs with at least one page, and the names of those left out. */
export async function readableDatasheets(
  source: PackSource,
  files: ReadonlyArray<{ url: string; name: string }>,
): Promise<{ sheets: Datasheet[]; skipped: string[] }> {
  const sheets: Datasheet[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    const bytes = await source.fileBytes(file.url, MAX_DATASHEET_BYTES);
    const pdf = bytes && (await open(bytes));
    const pages = pdf?.getPageCount() ?? 0;
    if (pages > 0) sheets.push({ url: file.url, name: file.name, pages });
    else skipped.push(file.name);
  }
  return { sheets, skipped };
}

/** Writes the pack followed by the datasheets to `out`; answers the page count of the whole. */
export async function appendDatasheets(
  source: PackSource,
  main: Buffer,
  sheets: readonly Datasheet[],
  out: Writable,
  onSheet: (done: number) => void,
): Promise<number> {
  const pack = await PDFDocument.load(main, { updateMetadata: false });
  for (let i = 0; i < sheets.length; i++) {
    const bytes = await source.fileBytes(sheets[i]!.url, MAX_DATASHEET_BYTES);
    const sheet = bytes && (await open(bytes));
    if (sheet) {
      const pages = await pack.copyPages(sheet, sheet.getPageIndices());
      for (const page of pages) pack.addPage(page);
    }
    onSheet(i + 1);
  }
  const bytes = await pack.save({ objectsPerTick: 200 });
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(Buffer.from(bytes), () => resolve());
  });
  return pack.getPageCount();
}
