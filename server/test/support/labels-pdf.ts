/**
 * Reads a labels PDF back the way a scanner would see it, without trusting the encoder: the
 * filled rectangles of each page (pdfjs-dist's operator list, through the page's transforms), then
 * the ones inside a label drawn onto a bitmap and decoded by jsQR.
 */
import jsQR from 'jsqr';
import { getDocument, OPS } from './pdfjs.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** m applied first, then n. */
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

// pdfjs's path commands inside a constructPath (DrawOPS).
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUADRATIC = 3;
const CLOSE = 4;
const FILLS = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke]);

export interface PdfPage {
  width: number;
  height: number;
  /** Filled shapes' boxes, in points from the page's top left. */
  fills: Rect[];
  text: string;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [, , width, height] = page.view as [number, number, number, number];
    const list = await page.getOperatorList();
    const fills: Rect[] = [];
    let ctm: Matrix = IDENTITY;
    const stack: Matrix[] = [];
    list.fnArray.forEach((fn, i) => {
      const args = list.argsArray[i];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? IDENTITY;
      else if (fn === OPS.transform) ctm = multiply(args as Matrix, ctm);
      else if (fn === OPS.constructPath && FILLS.has(args[0])) {
        const path = (args[1] as (Float32Array | null)[])[0];
        if (path) fills.push(...shapesOf(path, ctm, height));
      }
    });
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push({ width, height, fills, text });
  }
  await task.destroy();
  return pages;
}

/** The box of each closed subpath, from the page's top left. */
function shapesOf(path: Float32Array, ctm: Matrix, pageHeight: number): Rect[] {
  const shapes: Rect[] = [];
  let points: [number, number][] = [];
  const flush = () => {
    if (points.length > 1) {
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => pageHeight - p[1]);
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      shapes.push({ x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y });
    }
    points = [];
  };
  let i = 0;
  while (i < path.length) {
    const op = path[i++];
    if (op === MOVE) {
      flush();
      points.push(apply(ctm, path[i]!, path[i + 1]!));
      i += 2;
    } else if (op === LINE) {
      points.push(apply(ctm, path[i]!, path[i + 1]!));
      i += 2;
    } else if (op === CURVE) {
      points.push(apply(ctm, path[i + 4]!, path[i + 5]!));
      i += 6;
    } else if (op === QUADRATIC) {
      points.push(apply(ctm, path[i + 2]!, path[i + 3]!));
      i += 4;
    } else if (op === CLOSE) flush();
    else throw new Error(`unknown path command ${op}`);
  }
  flush();
  return shapes;
}

/**
 * The text of the QR code among the page's filled shapes inside `area` (top-left coordinates),
 * drawn black on white at 8 pixels a point with a quiet zone round it, read by jsQR; null if none.
 */
export function decodeQrIn(page: PdfPage, area: Rect): string | null {
  const inside = page.fills.filter((r) => {
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    return cx > area.x && cx < area.x + area.width && cy > area.y && cy < area.y + area.height;
  });
  if (inside.length === 0) return null;
  const scale = 8;
  const quiet = 40;
  const left = Math.min(...inside.map((r) => r.x));
  const top = Math.min(...inside.map((r) => r.y));
  const right = Math.max(...inside.map((r) => r.x + r.width));
  const bottom = Math.max(...inside.map((r) => r.y + r.height));
  const width = Math.ceil((right - left) * scale) + 2 * quiet;
  const height = Math.ceil((bottom - top) * scale) + 2 * quiet;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const r of inside) {
    const x0 = Math.round((r.x - left) * scale) + quiet;
    const y0 = Math.round((r.y - top) * scale) + quiet;
    const x1 = Math.round((r.x + r.width - left) * scale) + quiet;
    const y1 = Math.round((r.y + r.height - top) * scale) + quiet;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return jsQR(pixels, width, height)?.data ?? null;
}
