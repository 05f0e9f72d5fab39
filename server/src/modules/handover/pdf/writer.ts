/**
 * The pack's document: PDFKit with the DejaVu fonts, its pages, their footers, and the pacing that
 * keeps the server answering while a 400-page pack is drawn.
 *
 * Pages are written to the output as the pack goes, except the contents pages, which are made
 * empty after the cover and held back until every section's first page is known. PDFKit can only
 * hold back all pages (`bufferPages`) or none, so `release` ends the pages it no longer needs
 * itself: a page's content is a PDF object of its own and may follow later pages in the file.
 */

import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import { FONT_BOLD, FONT_MONO, FONT_REGULAR, registerFonts } from '../../../platform/pdf/fonts.ts';
import { clean } from './words.ts';

export type Doc = InstanceType<typeof PDFDocument>;
type Page = Doc['page'];
export type Layout = 'portrait' | 'landscape';
export type FontKind = 'regular' | 'bold' | 'mono';

const FONTS: Record<FontKind, string> = { regular: FONT_REGULAR, bold: FONT_BOLD, mono: FONT_MONO };

/** The page's margin on every side, in points; the footer sits in the bottom one. */
export const MARGIN = 36;
const FOOTER_HEIGHT = 18;
/**
 * How long the pack draws before letting other work run: a request waits at most about this
 * long for the event loop.
 */
const SLICE_MS = 8;
/** Output the consumer has not taken yet beyond which the pack waits for it (a slow store). */
const BACKLOG_BYTES = 16 * 1024 * 1024;

/** PDFKit's page buffer, which `release` trims itself (see above), and its fonts. */
interface Buffered {
  _pageBuffer: Page[];
  endPageMarkings?: (page: Page) => unknown;
  _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }>;
}

export class PackWriter {
  readonly doc: Doc;
  pageCount = 0;
  layout: Layout = 'portrait';
  private readonly numbers = new Map<Page, number>();
  private readonly held = new Set<Page>();
  private fontKind: FontKind = 'regular';
  private fontSize = 10;
  private lastTurn = performance.now();

  constructor(
    out: Writable,
    private readonly footer: (page: number) => { left: string; right: string },
    info: { title: string; author: string; language: string },
  ) {
    this.doc = new PDFDocument({
      autoFirstPage: false,
      bufferPages: true,
      size: 'A4',
      lang: info.language,
      displayTitle: true,
      info: { Title: clean(info.title), Author: clean(info.author), Creator: 'Asbuilt' },
    });
    registerFonts(this.doc);
    // Counted here, not in `newPage`: a paragraph longer than a page makes PDFKit start one itself.
    this.doc.on('pageAdded', () => {
      this.pageCount += 1;
      this.numbers.set(this.doc.page, this.pageCount);
    });
    this.doc.pipe(out);
  }

  /** The drawable area of the current page. */
  get left() {
    return MARGIN;
  }
  get top() {
    return MARGIN;
  }
  get right() {
    return this.doc.page.width - MARGIN;
  }
  get width() {
    return this.right - this.left;
  }
  /** The lowest y a line may end at: above the footer. */
  get bottom() {
    return this.doc.page.height - MARGIN - FOOTER_HEIGHT;
  }
  get y() {
    return this.doc.y;
  }
  set y(value: number) {
    this.doc.y = value;
  }

  newPage(layout: Layout = this.layout): number {
    this.layout = layout;
    // PDFKit's own bottom margin is kept small: a wrapped cell near the foot of a page is placed
    // by `ensure`, and PDFKit must never start a page of its own in the middle of it.
    this.doc.addPage({
      size: 'A4',
      layout,
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 4 },
    });
    this.doc.x = this.left;
    this.doc.y = this.top;
    this.font(this.fontKind, this.fontSize);
    return this.pageCount;
  }

  font(kind: FontKind, size: number): this {
    this.fontKind = kind;
    this.fontSize = size;
    this.doc.font(FONTS[kind]).fontSize(size);
    return this;
  }

  /** Whether `height` more points fit on this page; if not, a new page (same layout) is started. */
  ensure(height: number): boolean {
    if (this.doc.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  /** Plain text wrapping over the page's width; a paragraph longer than the page goes on. */
  paragraph(text: string, options: { kind?: FontKind; size?: number; color?: string; gap?: number } = {}) {
    const { kind = 'regular', size = 10, color = '#222222', gap = 4 } = options;
    this.font(kind, size);
    const value = clean(text);
    const height = this.doc.heightOfString(value, { width: this.width });
    this.ensure(Math.min(height, this.bottom - this.top));
    this.doc.fillColor(color).text(value, this.left, this.doc.y, { width: this.width });
    this.doc.y += gap;
  }

  /** A section's title at the top of a new page. */
  heading(text: string, layout?: Layout) {
    this.newPage(layout);
    this.font('bold', 16);
    this.doc.fillColor('#0d3b66').text(clean(text), this.left, this.top, { width: this.width });
    const y = this.doc.y + 2;
    this.doc.moveTo(this.left, y).lineTo(this.right, y).lineWidth(1).strokeColor('#0d3b66').stroke();
    this.doc.y = y + 10;
    this.font('regular', 10);
  }

  subheading(text: string) {
    this.font('bold', 11);
    this.ensure(40);
    this.doc.fillColor('#0d3b66').text(clean(text), this.left, this.doc.y, { width: this.width });
    this.doc.y += 4;
    this.font('regular', 10);
  }

  /** Keeps these pages (the contents) back from the output until `unhold`. */
  hold(page: Page) {
    this.held.add(page);
  }

  /** Draws on a held page; the current page is restored afterwards. */
  onPage(page: Page, draw: () => void) {
    const current = this.doc.page;
    const [x, y] = [this.doc.x, this.doc.y];
    this.doc.page = page;
    try {
      draw();
    } finally {
      this.doc.page = current;
      this.doc.x = x;
      this.doc.y = y;
      this.font(this.fontKind, this.fontSize);
    }
  }

  unhold(page: Page) {
    this.held.delete(page);
  }

  /**
   * Writes the finished pages to the output with their footers: every buffered page but the
   * held ones and, unless `all`, the one being drawn.
   */
  release(all = false) {
    const doc = this.doc as unknown as Buffered;
    if (!Array.isArray(doc._pageBuffer)) return;
    const keep: Page[] = [];
    const done: Page[] = [];
    for (const page of doc._pageBuffer) {
      if (this.held.has(page) || (!all && page === this.doc.page)) keep.push(page);
      else done.push(page);
    }
    if (done.length === 0) return;
    for (const page of done) {
      this.onPage(page, () => this.drawFooter(page));
      doc.endPageMarkings?.call(this.doc, page);
      page.end();
      this.numbers.delete(page);
    }
    doc._pageBuffer = keep;
    // PDFKit keeps the glyph layout of every word it has set, for good: 20,000 devices' codes,
    // serial numbers and addresses made it hold hundreds of megabytes. The cache only pays for
    // words met again soon, so it starts afresh with each batch of pages.
    for (const font of Object.values(doc._fontFamilies ?? {})) {
      if (font.layoutCache) font.layoutCache = Object.create(null);
    }
  }

  private drawFooter(page: Page) {
    const number = this.numbers.get(page) ?? 0;
    const { left, right } = this.footer(number);
    const y = page.height - MARGIN + 6;
    this.doc.font(FONT_REGULAR).fontSize(7.5).fillColor('#666666');
    const rightText = clean(right);
    const rightWidth = this.doc.widthOfString(rightText);
    const leftText = clean(left);
    this.doc.text(leftText, MARGIN, y, {
      lineBreak: false,
      width: page.width - 2 * MARGIN - rightWidth - 12,
      height: 10,
      ellipsis: true,
    });
    this.doc.text(rightText, page.width - MARGIN - rightWidth, y, { lineBreak: false });
    this.doc
      .moveTo(MARGIN, y - 4)
      .lineTo(page.width - MARGIN, y - 4)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
  }

  /**
   * Lets other work run when the pack has held the event loop for a slice, and waits while the
   * output is far behind.
   */
  async pace(): Promise<void> {
    if (performance.now() - this.lastTurn < SLICE_MS) return;
    await nextTurn();
    while (this.doc.readableLength > BACKLOG_BYTES) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    this.lastTurn = performance.now();
  }

  /** Ends the document; resolves once every byte has been handed to the output. */
  async end(out: Writable): Promise<void> {
    this.release(true);
    const finished = new Promise<void>((resolve, reject) => {
      out.once('finish', resolve);
      out.once('close', resolve);
      out.once('error', reject);
      this.doc.once('error', reject);
    });
    this.doc.end();
    await finished;
  }
}
