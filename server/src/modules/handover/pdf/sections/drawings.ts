/** Rack elevations and schematics: each drawing on a page of its own, scaled to fit. */

import type { ContentsEntry, Pack } from '../pack.ts';
import type { PackDrawing } from '../svg/drawing.ts';
import { drawSvg } from '../svg.ts';
import { clean } from '../words.ts';

/** `entries` are the drawings' lines of the contents, in the same order: each gets its page. */
export async function drawDrawings(
  pack: Pack,
  title: string,
  drawings: readonly PackDrawing[],
  entries: readonly ContentsEntry[] = [],
) {
  const { w } = pack;
  const { doc } = w;
  for (let i = 0; i < drawings.length; i++) {
    const drawing = drawings[i]!;
    const layout = drawing.width >= drawing.height ? 'landscape' : 'portrait';
    if (i === 0) w.heading(title, layout);
    else w.newPage(layout);
    const entry = entries[i];
    if (entry) entry.page = w.pageCount;
    w.subheading(clean(drawing.title));
    const box = { x: w.left, y: w.y, width: w.width, height: w.bottom - w.y };
    const width = drawing.width > 0 ? drawing.width : box.width;
    const height = drawing.height > 0 ? drawing.height : box.height;
    const scale = Math.min(box.width / width, box.height / height);
    const [fitWidth, fitHeight] = [width * scale, height * scale];
    try {
      drawSvg(doc, drawing.svg, box.x + (box.width - fitWidth) / 2, box.y, fitWidth, fitHeight, false);
    } catch {
      // A drawing svg-to-pdfkit can't read leaves its page with the title only.
    }
    pack.advance((i + 1) / drawings.length);
    w.release();
    await w.pace();
  }
}
