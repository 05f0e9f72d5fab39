import { createRequire } from 'node:module';

type PDFDocument = InstanceType<typeof import('pdfkit')>;

/**
 * PDFs made on the server (the handover pack, labels) embed DejaVu Sans: PDFKit's built-in
 * Helvetica knows only WinAnsi, so a device named in Polish, Greek or Cyrillic, or a "≥" in a
 * note, would print as gaps. The files come from the `dejavu-fonts-ttf` package, resolved from
 * node_modules so the bundled server finds them too.
 */
const require = createRequire(import.meta.url);
const ttf = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

export const FONT_REGULAR = 'asbuilt-regular';
export const FONT_BOLD = 'asbuilt-bold';
export const FONT_MONO = 'asbuilt-mono';

const FILES: Record<string, string> = {
  [FONT_REGULAR]: ttf('DejaVuSans.ttf'),
  [FONT_BOLD]: ttf('DejaVuSans-Bold.ttf'),
  [FONT_MONO]: ttf('DejaVuSansMono.ttf'),
};

/** Registers the three fonts on a document and makes the regular one current. */
export function registerFonts(doc: PDFDocument): PDFDocument {
  for (const [name, file] of Object.entries(FILES)) doc.registerFont(name, file);
  return doc.font(FONT_REGULAR);
}
