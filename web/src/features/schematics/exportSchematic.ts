/**
 * The schematic as a file: the drawn SVG, whole (not the part in view), as .svg, or as a vector
 * PDF made in the browser by jsPDF and svg2pdf.js, which load only when a PDF is asked for.
 * Everything drawn carries its colours and sizes as attributes, so the copy needs no stylesheet.
 */

import type { SchematicDrawing } from '@asbuilt/domain';
import { FONT, HIT_ATTRIBUTE } from './SchematicSvg.tsx';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The largest page side jsPDF writes, in points. */
const MAX_PDF_SIDE = 14_000;

/** A standalone copy of the drawn svg: the view's pan and zoom undone, hit areas left out. */
export function standaloneSvg(svg: SVGSVGElement, drawing: SchematicDrawing): SVGSVGElement {
  const copy = document.createElementNS(SVG_NS, 'svg');
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', String(drawing.width));
  copy.setAttribute('height', String(drawing.height));
  copy.setAttribute('viewBox', `0 0 ${drawing.width} ${drawing.height}`);
  copy.setAttribute('font-family', FONT);
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#ffffff');
  copy.appendChild(background);
  for (const child of Array.from(svg.children)) {
    const group = child.cloneNode(true) as SVGElement;
    group.removeAttribute('transform');
    for (const hit of Array.from(group.querySelectorAll(`[${HIT_ATTRIBUTE}]`))) hit.remove();
    for (const focusable of Array.from(group.querySelectorAll('[tabindex]')))
      focusable.removeAttribute('tabindex');
    copy.appendChild(group);
  }
  return copy;
}

/** A name a file system takes: the site's name and the page's, without path characters. */
export function exportFileName(parts: string[], extension: string): string {
  const name = parts
    .join(' - ')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${name || 'schematic'}.${extension}`;
}

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function exportSvg(svg: SVGSVGElement, drawing: SchematicDrawing, fileName: string): void {
  const text = new XMLSerializer().serializeToString(standaloneSvg(svg, drawing));
  download(
    new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n${text}`], { type: 'image/svg+xml' }),
    fileName,
  );
}

/** One page the size of the drawing (scaled down past jsPDF's largest page), in vectors. */
export async function exportPdf(
  svg: SVGSVGElement,
  drawing: SchematicDrawing,
  fileName: string,
): Promise<void> {
  const [{ jsPDF }, { svg2pdf }] = await Promise.all([import('jspdf'), import('svg2pdf.js')]);
  const scale = Math.min(1, MAX_PDF_SIDE / Math.max(drawing.width, drawing.height));
  const width = Math.max(1, drawing.width * scale);
  const height = Math.max(1, drawing.height * scale);
  const pdf = new jsPDF({
    orientation: width >= height ? 'landscape' : 'portrait',
    unit: 'pt',
    format: [width, height],
  });
  // svg2pdf reads computed styles: the copy is attached, out of sight, while it is converted.
  const copy = standaloneSvg(svg, drawing);
  copy.setAttribute('style', 'position:absolute;left:-100000px;top:0');
  copy.setAttribute('aria-hidden', 'true');
  document.body.appendChild(copy);
  try {
    await svg2pdf(copy, pdf, { x: 0, y: 0, width, height });
  } finally {
    copy.remove();
  }
  pdf.save(fileName);
}
