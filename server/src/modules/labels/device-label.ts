import type { LabelBox, LabelField } from '@asbuilt/domain';
import { FONT_BOLD, FONT_REGULAR } from '../../platform/pdf/fonts.ts';
import { drawQr } from './qr.ts';
import { line, type Pdf, padding, sizeToFit, textSizes } from './sheet.ts';

/** What a device label shows: its link as a QR code, its code, and the chosen fields' values. */
export interface DeviceLabel {
  url: string;
  title: string;
  values: Partial<Record<LabelField, string | null>>;
}

/**
 * The QR code on the left, as tall as the label allows; the code in bold beside it, then one
 * line per chosen field that has a value, as many as fit.
 */
export function drawDeviceLabel(doc: Pdf, label: DeviceLabel, box: LabelBox, fields: readonly LabelField[]) {
  const pad = padding(box);
  const side = box.height - 2 * pad;
  drawQr(doc, label.url, box.x + pad, box.y + pad, side);
  const x = box.x + side + 2 * pad;
  const width = box.x + box.width - pad - x;
  const sizes = textSizes(box.height);
  let y = box.y + pad;
  doc.font(FONT_BOLD).fillColor('black');
  doc.fontSize(sizeToFit(doc, label.title, width, sizes.title));
  line(doc, label.title, x, y, width);
  y += sizes.titleStep;
  doc.font(FONT_REGULAR).fontSize(sizes.body);
  const bottom = box.y + box.height - pad;
  for (const field of fields) {
    const value = label.values[field];
    if (!value) continue;
    if (y + sizes.body > bottom) break;
    line(doc, value, x, y, width);
    y += sizes.bodyStep;
  }
}
