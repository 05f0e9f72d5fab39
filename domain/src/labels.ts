/**
 * QR labels (issue 42): the sheet and roll formats the server prints labels on, where each label
 * sits on its page, and what a device label may show besides its QR and its code.
 *
 * Lengths are PDF points (1/72 inch), the unit the PDF is drawn in; the sheets' figures are the
 * makers' templates in millimetres or inches, converted once here.
 */

export const LABEL_FORMATS = ['L7651', 'L4732', '5160', '62mm', '54x25'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** What a device label may show under its code, in the order printed. */
export const LABEL_FIELDS = ['name', 'location', 'product', 'serial', 'mac', 'ip', 'site'] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];
/** The fields a label shows when none are chosen: the device's name and where it is. */
export const LABEL_DEFAULT_FIELDS: readonly LabelField[] = ['name', 'location'];

/** More labels than this in one file are refused: a sheet run that size is not one print job. */
export const LABELS_MAX = 5_000;

export const mmToPoints = (value: number) => (value * 72) / 25.4;
const inch = (value: number) => value * 72;

export interface LabelSheet {
  format: LabelFormat;
  /** The page; a roll format's page is one label. */
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  labelWidth: number;
  labelHeight: number;
  /** The top-left corner of the first label. */
  left: number;
  top: number;
  /** From one label's left (top) edge to the next one's. */
  pitchX: number;
  pitchY: number;
  /** Sheets of several labels can start part way down; a roll always starts at its first label. */
  roll: boolean;
}

function sheet(
  format: LabelFormat,
  page: [number, number],
  grid: [columns: number, rows: number],
  label: [number, number],
  corner: [left: number, top: number],
  pitch: [x: number, y: number],
): LabelSheet {
  return {
    format,
    pageWidth: page[0],
    pageHeight: page[1],
    columns: grid[0],
    rows: grid[1],
    labelWidth: label[0],
    labelHeight: label[1],
    left: corner[0],
    top: corner[1],
    pitchX: pitch[0],
    pitchY: pitch[1],
    roll: false,
  };
}

function roll(format: LabelFormat, width: number, height: number): LabelSheet {
  return { ...sheet(format, [width, height], [1, 1], [width, height], [0, 0], [width, height]), roll: true };
}

const A4: [number, number] = [mmToPoints(210), mmToPoints(297)];
const LETTER: [number, number] = [inch(8.5), inch(11)];

export const LABEL_SHEETS: Record<LabelFormat, LabelSheet> = {
  // Avery L7651: 5 × 13 labels of 38.1 × 21.2 mm, 2.5 mm apart across, touching down the sheet.
  L7651: sheet(
    'L7651',
    A4,
    [5, 13],
    [mmToPoints(38.1), mmToPoints(21.2)],
    [mmToPoints(4.75), mmToPoints(10.7)],
    [mmToPoints(40.6), mmToPoints(21.2)],
  ),
  // Avery L4732: 5 × 16 labels of 35.6 × 16.9 mm.
  L4732: sheet(
    'L4732',
    A4,
    [5, 16],
    [mmToPoints(35.6), mmToPoints(16.9)],
    [mmToPoints(11), mmToPoints(13.3)],
    [mmToPoints(38.1), mmToPoints(16.9)],
  ),
  // Avery 5160: 3 × 10 labels of 2⅝ × 1 inch, ⅛ inch apart across.
  '5160': sheet(
    '5160',
    LETTER,
    [3, 10],
    [inch(2.625), inch(1)],
    [inch(0.1875), inch(0.5)],
    [inch(2.75), inch(1)],
  ),
  // Brother 62 mm continuous tape, cut at 29 mm (the height of its die-cut address label).
  '62mm': roll('62mm', mmToPoints(62), mmToPoints(29)),
  // Dymo 11352: 54 × 25 mm.
  '54x25': roll('54x25', mmToPoints(54), mmToPoints(25)),
};

export const labelsPerPage = (format: LabelFormat): number =>
  LABEL_SHEETS[format].columns * LABEL_SHEETS[format].rows;

/** The highest `start_at` a format takes: the last label of its sheet (1 on a roll). */
export const maxStartAt = (format: LabelFormat): number => labelsPerPage(format);

/** How many pages `count` labels take when the first sheet starts at label `startAt` (from 1). */
export function labelPageCount(format: LabelFormat, count: number, startAt = 1): number {
  if (count <= 0) return 0;
  return Math.ceil((startAt - 1 + count) / labelsPerPage(format));
}

export interface LabelBox {
  /** 0 for the first page. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the `index`-th label printed (from 0) goes, when the first sheet starts at `startAt`:
 * labels run along each row, left to right, then down the sheet.
 */
export function labelBox(format: LabelFormat, index: number, startAt = 1): LabelBox {
  const s = LABEL_SHEETS[format];
  const slot = startAt - 1 + index;
  const perPage = s.columns * s.rows;
  const onPage = slot % perPage;
  const column = onPage % s.columns;
  const row = Math.floor(onPage / s.columns);
  return {
    page: Math.floor(slot / perPage),
    x: s.left + column * s.pitchX,
    y: s.top + row * s.pitchY,
    width: s.labelWidth,
    height: s.labelHeight,
  };
}
