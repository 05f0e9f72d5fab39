/** The contents: made empty after the cover, filled once every section's first page is known. */
import type { ContentsEntry } from './pack.ts';
import { clean, type Words } from './words.ts';
import type { PackWriter } from './writer.ts';

const PER_PAGE = 38;
const LINE = 17;

export const contentsPageCount = (entries: number) => Math.max(1, Math.ceil(entries / PER_PAGE));

/** Adds the empty contents pages and holds them back from the output; answers them. */
export function reserveContents(w: PackWriter, entries: number) {
  const pages = [];
  for (let i = 0; i < contentsPageCount(entries); i++) {
    w.newPage('portrait');
    pages.push(w.doc.page);
    w.hold(w.doc.page);
  }
  return pages;
}

export function fillContents(
  w: PackWriter,
  pages: ReadonlyArray<PackWriter['doc']['page']>,
  entries: readonly ContentsEntry[],
  words: Words,
) {
  const { doc } = w;
  pages.forEach((page, p) => {
    w.onPage(page, () => {
      let y = w.top;
      w.font('bold', 16);
      const title = p === 0 ? words.t('contents') : words.t('continued', { title: words.t('contents') });
      doc.fillColor('#0d3b66').text(title, w.left, y, { lineBreak: false });
      y += 34;
      for (const entry of entries.slice(p * PER_PAGE, (p + 1) * PER_PAGE)) {
        const indent = entry.level === 1 ? 18 : 0;
        w.font(entry.level === 0 ? 'bold' : 'regular', entry.level === 0 ? 11 : 10);
        const number = String(entry.page);
        const numberWidth = doc.widthOfString(number);
        const right = page.width - w.left;
        const titleWidth = right - w.left - indent - numberWidth - 30;
        const text = clean(entry.title);
        doc
          .fillColor('#1a1a1a')
          .text(text, w.left + indent, y, { width: titleWidth, height: LINE - 4, ellipsis: true });
        const end = w.left + indent + Math.min(doc.widthOfString(text), titleWidth) + 4;
        doc
          .moveTo(end, y + 9)
          .lineTo(right - numberWidth - 4, y + 9)
          .dash(1, { space: 2 })
          .lineWidth(0.5)
          .strokeColor('#999999')
          .stroke()
          .undash();
        doc.fillColor('#1a1a1a').text(number, right - numberWidth, y, { lineBreak: false });
        y += LINE;
      }
    });
    w.unhold(page);
  });
}
