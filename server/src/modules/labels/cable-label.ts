import type { LabelBox } from '@asbuilt/domain';
import { FONT_BOLD, FONT_REGULAR } from '../../platform/pdf/fonts.ts';
import { line, type Pdf, padding, sizeToFit, textSizes } from './sheet.ts';

/** A label for one end of a cable: the cable's code, the end it is stuck at, then the far end. */
export interface CableLabel {
  code: string;
  here: string;
  there: string;
}

/**
 * A wrap-around label: the text block twice along the label when both copies fit whole, so
 * whichever way the label turns round the cable one copy faces the reader; else once, as large
 * as the label allows (an end's port must not be cut off to make room for a copy).
 */
export function drawCableLabel(doc: Pdf, label: CableLabel, box: LabelBox) {
  const pad = padding(box);
  const sizes = textSizes(box.height);
  const lines = [label.here, `→ ${label.there}`];
  const widest = (size: number) => {
    doc.font(FONT_REGULAR).fontSize(size);
    const body = Math.max(...lines.map((text) => doc.widthOfString(text)));
    doc.font(FONT_BOLD).fontSize(sizes.title);
    return Math.max(body, doc.widthOfString(label.code));
  };
  const copies = box.width / 2 - 2 * pad >= widest(sizes.body) ? 2 : 1;
  const width = box.width / copies - 2 * pad;
  doc.font(FONT_BOLD);
  const title = sizeToFit(doc, label.code, width, sizes.title);
  doc.font(FONT_REGULAR);
  const body = Math.min(...lines.map((text) => sizeToFit(doc, text, width, sizes.body)));
  for (let copy = 0; copy < copies; copy++) {
    const x = box.x + pad + copy * (box.width / copies);
    let y = box.y + pad;
    doc.font(FONT_BOLD).fontSize(title).fillColor('black');
    line(doc, label.code, x, y, width);
    y += title * 1.2;
    doc.font(FONT_REGULAR).fontSize(body);
    for (const text of lines) {
      line(doc, text, x, y, width);
      y += body * 1.2;
    }
  }
}
