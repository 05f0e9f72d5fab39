/** A PDF's text read back page by page with pdfjs-dist, as a reader's text selection sees it. */
import { getDocument, standardFontDataUrl } from './pdfjs.ts';

/** Each page's text items joined by spaces, in page order. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await pdf.cleanup();
    await pdf.loadingTask.destroy();
  }
}
