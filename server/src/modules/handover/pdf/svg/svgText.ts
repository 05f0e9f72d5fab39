/**
 * SVG written as text for svg-to-pdfkit: plain shapes and text with every colour and size an
 * attribute (it reads no stylesheet), text in the pack's registered font so any script prints.
 */
import { FONT_BOLD, FONT_REGULAR } from '../../../../platform/pdf/fonts.ts';

export { FONT_BOLD, FONT_REGULAR };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Whether a character may stand in XML 1.0 text: tab, line ends and from the space on. */
const allowed = (char: string) => {
  const code = char.charCodeAt(0);
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
};

/** Text safe inside an element or an attribute; control characters (not allowed in XML) dropped. */
export function escapeXml(text: string): string {
  let out = '';
  for (const char of text) if (allowed(char)) out += ESCAPES[char] ?? char;
  return out;
}

/** A number short in the text: one decimal at most. */
export const num = (n: number) => String(Math.round(n * 10) / 10);

type Attributes = Record<string, string | number | null | undefined>;

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => ` ${name}="${typeof value === 'number' ? num(value) : escapeXml(value!)}"`)
    .join('');
}

/** An element with no content. */
export const shape = (name: string, attrs: Attributes) => `<${name}${attributes(attrs)}/>`;

/** A text element in the pack's regular font, or its bold one. */
export function text(content: string, attrs: Attributes, bold = false): string {
  const rest = attrs;
  return `<text${attributes({ 'font-family': bold ? FONT_BOLD : FONT_REGULAR, ...rest })}>${escapeXml(content)}</text>`;
}

export const group = (attrs: Attributes, children: string[]) =>
  `<g${attributes(attrs)}>${children.join('')}</g>`;

/** The whole document, `width` × `height` units with a white ground. */
export function svgDocument(width: number, height: number, children: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">${shape('rect', { x: 0, y: 0, width, height, fill: '#ffffff' })}${children.join('')}</svg>`;
}
