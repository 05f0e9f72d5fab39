import { setImmediate as nextTurn } from 'node:timers/promises';
import { LABEL_SHEETS, type LabelBox, type LabelFormat, labelBox } from '@asbuilt/domain';
import PDFDocument from 'pdfkit';
import { registerFonts } from '../../platform/pdf/fonts.ts';

export type Pdf = InstanceType<typeof PDFDocument>;

/** Labels drawn between two turns of the event loop. */
const LABELS_PER_TURN = 10;

/**
 * Lays labels out on the format's sheets (or one a page on a roll), page by page, and draws each
 * with `draw`. Drawing is synchronous work: the loop gives the event loop a turn every few labels
 * (a sheet of 80 drawn at once held it for half a second on a busy host), so other requests never
 * wait long behind a print run. The document streams its bytes as
 * they are made; a failure part way destroys the stream (the client sees a broken download, not a
 * file that looks whole).
 */
export function printLabels<T>(
  title: string,
  format: LabelFormat,
  startAt: number,
  items: readonly T[],
  draw: (doc: Pdf, item: T, box: LabelBox) => void,
): Pdf {
  const sheet = LABEL_SHEETS[format];
  const doc = new PDFDocument({
    size: [sheet.pageWidth, sheet.pageHeight],
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Creator: 'Asbuilt', Producer: 'Asbuilt' },
  });
  registerFonts(doc);
  void (async () => {
    let page = -1;
    for (let index = 0; index < items.length; index++) {
      const box = labelBox(format, index, startAt);
      if (index > 0 && index % LABELS_PER_TURN === 0) {
        await nextTurn();
        // The caller went away (the answer's stream was destroyed): stop drawing for nobody.
        if (doc.destroyed) return;
      }
      if (box.page !== page) {
        doc.addPage({ size: [sheet.pageWidth, sheet.pageHeight], margin: 0 });
        page = box.page;
      }
      draw(doc, items[index] as T, box);
    }
    doc.end();
  })().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}

/** `text` cut to `width` at the document's current font and size, with an ellipsis when cut. */
export function fitText(doc: Pdf, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

/** One line of text at (x, y), its top, cut to `width`. */
export function line(doc: Pdf, text: string, x: number, y: number, width: number): void {
  doc.text(fitText(doc, text, width), x, y, { lineBreak: false });
}

/** The smallest type a label still prints legibly. */
export const MIN_FONT_SIZE = 5;

/**
 * The size, at most `size`, at which `text` fits `width` in the current font (never below the
 * smallest legible size, where it is cut instead): a code is what a technician reads off the
 * label, so it shrinks before it loses its end.
 */
export function sizeToFit(doc: Pdf, text: string, width: number, size: number): number {
  const wide = doc.fontSize(size).widthOfString(text);
  return wide <= width ? size : Math.max(MIN_FONT_SIZE, (size * width) / wide);
}

/** Sizes that suit a label's height: the code in bold, then smaller lines. */
export function textSizes(height: number) {
  const title = Math.min(14, Math.max(6.5, height * 0.15));
  const body = Math.max(MIN_FONT_SIZE, title * 0.72);
  return { title, body, titleStep: title * 1.2, bodyStep: body * 1.2 };
}

/** The inner margin of a label: what the die-cut edge and the QR's quiet zone need. */
export const padding = (box: LabelBox) => Math.min(box.height * 0.08, 5);
