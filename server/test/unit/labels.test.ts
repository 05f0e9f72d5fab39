import {
  LABEL_FORMATS,
  LABEL_SHEETS,
  type LabelFormat,
  labelBox,
  labelPageCount,
  labelsPerPage,
  maxStartAt,
  mmToPoints,
} from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';

const A4 = { width: mmToPoints(210), height: mmToPoints(297) };
const LETTER = { width: 612, height: 792 };
const SHEETS = ['L7651', 'L4732', '5160'] as const;

describe('label sheets', () => {
  it('hold as many labels as their makers sell them with', () => {
    expect(labelsPerPage('L7651')).toBe(65);
    expect(labelsPerPage('L4732')).toBe(80);
    expect(labelsPerPage('5160')).toBe(30);
    expect(labelsPerPage('62mm')).toBe(1);
    expect(labelsPerPage('54x25')).toBe(1);
  });

  it('have the makers’ label sizes, in points', () => {
    const size = (format: LabelFormat) => [LABEL_SHEETS[format].labelWidth, LABEL_SHEETS[format].labelHeight];
    expect(size('L7651').map((v) => Number(((v * 25.4) / 72).toFixed(1)))).toEqual([38.1, 21.2]);
    expect(size('L4732').map((v) => Number(((v * 25.4) / 72).toFixed(1)))).toEqual([35.6, 16.9]);
    expect(size('5160')).toEqual([189, 72]);
    expect(size('62mm').map((v) => Math.round((v * 25.4) / 72))).toEqual([62, 29]);
    expect(size('54x25').map((v) => Math.round((v * 25.4) / 72))).toEqual([54, 25]);
  });

  it.each(SHEETS)('%s: every label lies on the page, none overlaps the next, the margins match', (format) => {
    const sheet = LABEL_SHEETS[format];
    const page = format === '5160' ? LETTER : A4;
    expect(sheet.pageWidth).toBeCloseTo(page.width, 3);
    expect(sheet.pageHeight).toBeCloseTo(page.height, 3);
    const boxes = Array.from({ length: labelsPerPage(format) }, (_, i) => labelBox(format, i));
    for (const box of boxes) {
      expect(box.page).toBe(0);
      expect(box.x).toBeGreaterThan(0);
      expect(box.y).toBeGreaterThan(0);
      expect(box.x + box.width).toBeLessThan(sheet.pageWidth);
      expect(box.y + box.height).toBeLessThan(sheet.pageHeight);
    }
    for (let i = 1; i < boxes.length; i++) {
      const [a, b] = [boxes[i - 1]!, boxes[i]!];
      if (b.y === a.y) expect(b.x).toBeGreaterThanOrEqual(a.x + a.width - 1e-9);
      else expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 1e-9);
    }
    // Centred across, and down within a millimetre.
    const last = boxes.at(-1)!;
    expect(sheet.pageWidth - (last.x + last.width)).toBeCloseTo(boxes[0]!.x, 0);
    expect(Math.abs(sheet.pageHeight - (last.y + last.height) - boxes[0]!.y)).toBeLessThan(mmToPoints(1));
  });

  it('fills each row left to right, then the next row', () => {
    expect(labelBox('L7651', 0)).toMatchObject({ page: 0, x: mmToPoints(4.75), y: mmToPoints(10.7) });
    expect(labelBox('L7651', 1).x).toBeCloseTo(mmToPoints(4.75 + 40.6));
    expect(labelBox('L7651', 5)).toMatchObject({ x: mmToPoints(4.75) });
    expect(labelBox('L7651', 5).y).toBeCloseTo(mmToPoints(10.7 + 21.2));
    expect(labelBox('5160', 3).y).toBeCloseTo(36 + 72);
    expect(labelBox('L7651', 65)).toMatchObject({ page: 1, x: mmToPoints(4.75), y: mmToPoints(10.7) });
  });

  it('start_at skips the used labels of the first sheet only', () => {
    expect(labelBox('L7651', 0, 7)).toEqual(labelBox('L7651', 6));
    expect(labelBox('L7651', 0, 65)).toEqual(labelBox('L7651', 64));
    expect(labelBox('L7651', 1, 65)).toMatchObject({ page: 1, x: mmToPoints(4.75), y: mmToPoints(10.7) });
    expect(labelBox('L4732', 0, 80)).toEqual(labelBox('L4732', 79));
  });

  it('counts pages from the count and where the first sheet starts', () => {
    expect(labelPageCount('L7651', 0)).toBe(0);
    expect(labelPageCount('L7651', 1)).toBe(1);
    expect(labelPageCount('L7651', 65)).toBe(1);
    expect(labelPageCount('L7651', 66)).toBe(2);
    expect(labelPageCount('L7651', 65, 2)).toBe(2);
    expect(labelPageCount('L4732', 1000)).toBe(13);
    expect(labelPageCount('5160', 1000, 30)).toBe(35);
    expect(labelPageCount('62mm', 1000)).toBe(1000);
    // Whatever the count and start, the last label is on the last page.
    for (const format of LABEL_FORMATS)
      for (const count of [1, 29, 30, 31, 64, 65, 80, 81, 200])
        for (const start of [1, maxStartAt(format)])
          expect(labelBox(format, count - 1, start).page + 1).toBe(labelPageCount(format, count, start));
  });

  it('rolls print one label a page, the page the label', () => {
    for (const format of ['62mm', '54x25'] as const) {
      const sheet = LABEL_SHEETS[format];
      expect(sheet.roll).toBe(true);
      expect(maxStartAt(format)).toBe(1);
      expect(labelBox(format, 4)).toEqual({
        page: 4,
        x: 0,
        y: 0,
        width: sheet.pageWidth,
        height: sheet.pageHeight,
      });
    }
  });
});
