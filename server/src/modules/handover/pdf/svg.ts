/** SVG drawn as vector into the pack with svg-to-pdfkit, in the pack's fonts. */
import { createRequire } from 'node:module';
import { FONT_BOLD, FONT_REGULAR } from '../../../platform/pdf/fonts.ts';
import type { Doc } from './writer.ts';

type SvgToPdf = (
  doc: Doc,
  svg: string,
  x: number,
  y: number,
  options: {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    assumePt?: boolean;
    fontCallback?: (family: string, bold: boolean, italic: boolean) => string;
    warningCallback?: (warning: string) => void;
  },
) => void;

const svgToPdf = createRequire(import.meta.url)('svg-to-pdfkit') as SvgToPdf;

export interface SvgSize {
  width: number;
  height: number;
}

/** The plan units of an SVG, as the web reads them: its view box, else its width and height. */
export function svgSize(svg: string, fallback: SvgSize = { width: 1000, height: 700 }): SvgSize {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const box = (attribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) {
    return { width: box[2]!, height: box[3]! };
  }
  const width = Number.parseFloat(attribute('width') ?? '');
  const height = Number.parseFloat(attribute('height') ?? '');
  return width > 0 && height > 0 ? { width, height } : fallback;
}

/**
 * Draws `svg` into the box at (x, y). `stretch` maps the view box onto the box exactly, as the
 * web's plan image does (its polygons and markers are placed in those units); otherwise the
 * drawing keeps its proportions, centred.
 */
export function drawSvg(
  doc: Doc,
  svg: string,
  x: number,
  y: number,
  width: number,
  height: number,
  stretch: boolean,
) {
  doc.save();
  try {
    svgToPdf(doc, svg, x, y, {
      width,
      height,
      assumePt: true,
      preserveAspectRatio: stretch ? 'none' : 'xMidYMid meet',
      fontCallback: (_family, bold) => (bold ? FONT_BOLD : FONT_REGULAR),
      warningCallback: () => undefined,
    });
  } finally {
    doc.restore();
  }
}
