/**
 * Tables that run over many pages: the header is drawn again at the top of each page (under a
 * "continued" line naming the table), a row never splits over two pages, a long cell wraps within
 * its column up to `MAX_LINES` lines and ends with an ellipsis beyond them.
 */
import { clean } from './words.ts';
import type { PackWriter } from './writer.ts';

export interface Column {
  title: string;
  /** Share of the table's width (relative to the other columns'). */
  width: number;
  align?: 'left' | 'right';
}

const PAD = 2.5;
const MAX_LINES = 4;
/** Text longer than this is cut before it is measured: four lines never hold more. */
const MAX_CHARS = 600;

export class Table {
  private readonly widths: number[];
  private readonly xs: number[];
  private band: string | null = null;
  private striped = false;

  constructor(
    private readonly w: PackWriter,
    private readonly columns: readonly Column[],
    /** The line above the header on the pages after the first (e.g. "Device schedule (continued)"). */
    private readonly continued: string,
    private readonly size = 7.5,
  ) {
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    this.widths = columns.map((column) => (column.width / total) * w.width);
    this.xs = [];
    let x = w.left;
    for (const width of this.widths) {
      this.xs.push(x);
      x += width;
    }
  }

  private get lineHeight() {
    return this.w.doc.currentLineHeight(true);
  }

  /** The header row at the current position. */
  header() {
    const { doc } = this.w;
    this.w.font('bold', this.size);
    const texts = this.columns.map((column) => clean(column.title));
    const widths = this.measure(texts);
    const height = this.rowHeight(texts, widths) + 1;
    doc.rect(this.w.left, this.w.y, this.w.width, height).fill('#0d3b66');
    doc.fillColor('#ffffff');
    this.drawCells(texts, widths, height);
    this.w.y += height;
    this.w.font('regular', this.size);
    this.striped = false;
  }

  /** Starts a new page with the continuation line, the header and the current band. */
  private breakPage() {
    this.w.newPage();
    this.w.font('regular', 8);
    this.w.doc
      .fillColor('#666666')
      .text(clean(this.continued), this.w.left, this.w.top, { lineBreak: false });
    this.w.y = this.w.top + 14;
    this.header();
    if (this.band !== null) this.drawBand(this.band);
  }

  /** A group's title across the whole table (a floor and room in the schedule), kept with its first row. */
  async group(title: string) {
    this.w.font('bold', this.size + 0.5);
    const height = this.lineHeight + 2 * PAD;
    this.w.font('regular', this.size);
    if (this.w.y + height + 2 * (this.lineHeight + 2 * PAD) > this.w.bottom) {
      this.band = null;
      this.breakPage();
    }
    this.band = title;
    this.drawBand(title);
    await this.w.pace();
  }

  private drawBand(title: string) {
    const { doc } = this.w;
    this.w.font('bold', this.size + 0.5);
    const height = this.lineHeight + 2 * PAD;
    const top = this.w.y;
    doc.rect(this.w.left, top, this.w.width, height).fill('#dde6f0');
    doc.fillColor('#0d3b66').text(clean(title), this.w.left + PAD, top + PAD, {
      width: this.w.width - 2 * PAD,
      height: this.lineHeight,
      ellipsis: true,
      lineBreak: false,
    });
    this.w.y = top + height;
    this.w.font('regular', this.size);
    this.striped = false;
  }

  /** One row; `muted` greys it (an archived device). */
  async row(values: ReadonlyArray<string | number | null | undefined>, options: { muted?: boolean } = {}) {
    this.w.font('regular', this.size);
    const texts = values.map((value) => clean(value).slice(0, MAX_CHARS));
    const widths = this.measure(texts);
    const height = this.rowHeight(texts, widths);
    if (this.w.y + height > this.w.bottom) this.breakPage();
    const { doc } = this.w;
    if (this.striped) doc.rect(this.w.left, this.w.y, this.w.width, height).fill('#f3f5f8');
    this.striped = !this.striped;
    doc.fillColor(options.muted ? '#888888' : '#1a1a1a');
    this.drawCells(texts, widths, height);
    this.w.y += height;
    await this.w.pace();
  }

  /**
   * A line of free text under the row before it (a device's note), from the second column to the
   * table's right edge, in grey; kept on the row's page when it fits.
   */
  async note(value: string | null | undefined) {
    const text = clean(value).slice(0, MAX_CHARS);
    if (!text) return;
    const { doc } = this.w;
    this.w.font('regular', this.size - 0.5);
    const x = this.xs[1] ?? this.w.left;
    const inner = this.w.right - x - 2 * PAD;
    const lines = Math.min(
      MAX_LINES,
      Math.ceil(doc.heightOfString(text, { width: inner }) / this.lineHeight - 0.01),
    );
    const height = Math.max(1, lines) * this.lineHeight + 2 * PAD;
    if (this.w.y + height > this.w.bottom) this.breakPage();
    this.w.font('regular', this.size - 0.5);
    const top = this.w.y;
    doc.fillColor('#555555').text(text, x + PAD, top + PAD / 2, {
      width: inner,
      height: height - 2 * PAD,
      ellipsis: true,
    });
    this.w.y = top + height - PAD;
    this.w.font('regular', this.size);
    await this.w.pace();
  }

  /** Space below the table before what follows. */
  end(gap = 10) {
    this.band = null;
    this.w.y += gap;
  }

  /** Each cell's width on one line, measured once for the row's height and its drawing. */
  private measure(texts: readonly string[]): number[] {
    const { doc } = this.w;
    return texts.map((text) => (text ? doc.widthOfString(text) : 0));
  }

  private rowHeight(texts: readonly string[], widths: readonly number[]): number {
    const { doc } = this.w;
    const line = this.lineHeight;
    let lines = 1;
    for (let i = 0; i < texts.length; i++) {
      const inner = this.widths[i]! - 2 * PAD;
      if (widths[i]! <= inner) continue;
      const height = doc.heightOfString(texts[i]!, { width: inner });
      lines = Math.max(lines, Math.min(MAX_LINES, Math.ceil(height / line - 0.01)));
      if (lines === MAX_LINES) break;
    }
    return lines * line + 2 * PAD;
  }

  /** Draws a row's cells at the current position, which it leaves where it was (wrapping moves it). */
  private drawCells(texts: readonly string[], widths: readonly number[], height: number) {
    const { doc } = this.w;
    const top = this.w.y;
    const y = top + PAD;
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i]!;
      if (!text) continue;
      const inner = this.widths[i]! - 2 * PAD;
      const width = widths[i]!;
      if (width > inner) {
        doc.text(text, this.xs[i]! + PAD, y, { width: inner, height: height - 2 * PAD, ellipsis: true });
      } else if (this.columns[i]!.align === 'right') {
        doc.text(text, this.xs[i]! + PAD + inner - width, y, { lineBreak: false });
      } else {
        doc.text(text, this.xs[i]! + PAD, y, { lineBreak: false });
      }
    }
    this.w.y = top;
  }
}
