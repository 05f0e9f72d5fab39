import type { ErrorCode } from '@asbuilt/domain';
import { type SaxesAttributeNS, SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * Uploaded SVG (floorplans, product and site images), cleaned on the server. The file is read by a
 * strict streaming XML parser (saxes: no DTD processing, so no entity is ever expanded) and written
 * again from an allowlist: SVG elements and attributes known to be inert. Everything else goes:
 * script, event handlers (`on*`), foreignObject, animation (which can rewrite links), elements and
 * attributes of other vocabularies (editor metadata), comments and processing instructions.
 * References may only point inside the document (`#id`, `url(#id)`) or embed a raster image
 * (`data:image/png;base64,...`); CSS may not import or fetch anything.
 *
 * Streaming matters: a 7 MB plan with 150,000 elements is cleaned in well under a second, where a
 * DOM (jsdom + DOMPurify) took half a minute and 2 GB. A DOCTYPE that declares entities is
 * refused before parsing: an entity bomb ("billion laughs") is answered at once.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Elements kept (with their content); any other element is dropped with everything inside it. */
const ELEMENTS = new Set([
  'svg',
  'a',
  'circle',
  'clipPath',
  'defs',
  'desc',
  'ellipse',
  'filter',
  'g',
  'image',
  'line',
  'linearGradient',
  'marker',
  'mask',
  'path',
  'pattern',
  'polygon',
  'polyline',
  'radialGradient',
  'rect',
  'stop',
  'style',
  'switch',
  'symbol',
  'text',
  'textPath',
  'title',
  'tspan',
  'use',
  'view',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feImage',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

/** Attributes kept (compared in lower case); `href`, `style` and every value are checked further. */
const ATTRIBUTES = new Set(
  [
    'alignment-baseline',
    'azimuth',
    'baseFrequency',
    'baseline-shift',
    'bias',
    'class',
    'clip',
    'clipPathUnits',
    'clip-path',
    'clip-rule',
    'color',
    'color-interpolation',
    'color-interpolation-filters',
    'color-rendering',
    'cx',
    'cy',
    'd',
    'dx',
    'dy',
    'diffuseConstant',
    'direction',
    'display',
    'divisor',
    'dominant-baseline',
    'edgeMode',
    'elevation',
    'enable-background',
    'exponent',
    'fill',
    'fill-opacity',
    'fill-rule',
    'filter',
    'filterUnits',
    'flood-color',
    'flood-opacity',
    'font',
    'font-family',
    'font-size',
    'font-size-adjust',
    'font-stretch',
    'font-style',
    'font-variant',
    'font-weight',
    'fr',
    'fx',
    'fy',
    'gradientTransform',
    'gradientUnits',
    'height',
    'href',
    'id',
    'image-rendering',
    'in',
    'in2',
    'intercept',
    'k',
    'k1',
    'k2',
    'k3',
    'k4',
    'kernelMatrix',
    'kernelUnitLength',
    'lang',
    'lengthAdjust',
    'letter-spacing',
    'lighting-color',
    'limitingConeAngle',
    'marker-end',
    'marker-mid',
    'marker-start',
    'markerHeight',
    'markerUnits',
    'markerWidth',
    'mask',
    'maskContentUnits',
    'maskUnits',
    'media',
    'mode',
    'numOctaves',
    'offset',
    'opacity',
    'operator',
    'order',
    'orient',
    'overflow',
    'paint-order',
    'pathLength',
    'patternContentUnits',
    'patternTransform',
    'patternUnits',
    'pointer-events',
    'points',
    'pointsAtX',
    'pointsAtY',
    'pointsAtZ',
    'preserveAlpha',
    'preserveAspectRatio',
    'primitiveUnits',
    'r',
    'radius',
    'refX',
    'refY',
    'result',
    'rotate',
    'rx',
    'ry',
    'scale',
    'seed',
    'shape-rendering',
    'side',
    'slope',
    'space',
    'specularConstant',
    'specularExponent',
    'spacing',
    'spreadMethod',
    'startOffset',
    'stdDeviation',
    'stitchTiles',
    'stop-color',
    'stop-opacity',
    'stroke',
    'stroke-dasharray',
    'stroke-dashoffset',
    'stroke-linecap',
    'stroke-linejoin',
    'stroke-miterlimit',
    'stroke-opacity',
    'stroke-width',
    'style',
    'surfaceScale',
    'systemLanguage',
    'tableValues',
    'targetX',
    'targetY',
    'text-anchor',
    'text-decoration',
    'text-rendering',
    'textLength',
    'transform',
    'transform-origin',
    'type',
    'unicode-bidi',
    'values',
    'vector-effect',
    'version',
    'viewBox',
    'visibility',
    'width',
    'word-spacing',
    'writing-mode',
    'x',
    'x1',
    'x2',
    'xChannelSelector',
    'y',
    'y1',
    'y2',
    'yChannelSelector',
    'z',
  ].map((name) => name.toLowerCase()),
);

/** Embedded raster images (a scanned plan under the drawing) may stay; any other data: URL goes. */
const EMBEDDED_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]*$/i;
/** CSS that reaches outside the document: `url(` of anything but `#id`, image-set, @import. */
const EXTERNAL_CSS = /url\s*\(\s*(?!['"]?\s*#)|image-set\s*\(|@import|expression\s*\(|\\/i;

/** An element count no drawing needs; past it (or nested deeper than this), the file is refused. */
export const SVG_MAX_ELEMENTS = 500_000;
export const SVG_MAX_DEPTH = 256;

export type SvgResult = { svg: string } | { problem: ErrorCode; params?: Record<string, string | number> };

/** `<!DOCTYPE svg [ ... ]>`: an internal subset is where entities (and entity bombs) are declared. */
const DOCTYPE_WITH_SUBSET = /<!DOCTYPE[^>[]*\[/i;
const ENTITY_DECLARATION = /<!ENTITY/i;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) =>
  escapeText(text)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');

/** The name an attribute is written under, or null to drop it. */
function keptAttribute(element: string, attribute: SaxesAttributeNS): string | null {
  const { uri, local, value } = attribute;
  if (uri === XLINK_NS) return local === 'href' && isLocalReference(element, value) ? 'xlink:href' : null;
  if (uri === XML_NS) return local === 'space' || local === 'lang' ? `xml:${local}` : null;
  if (uri !== '' || !ATTRIBUTES.has(local.toLowerCase())) return null;
  if (local === 'href') return isLocalReference(element, value) ? 'href' : null;
  if (EXTERNAL_CSS.test(value)) return null;
  return local;
}

/** `#id` anywhere; an embedded raster image on image elements. */
function isLocalReference(element: string, value: string): boolean {
  const v = value.trim();
  if (v.startsWith('#')) return !EXTERNAL_CSS.test(v);
  return (element === 'image' || element === 'feImage') && EMBEDDED_IMAGE.test(v);
}

const isSvgElement = (tag: SaxesTagNS) => (tag.uri === SVG_NS || tag.uri === '') && ELEMENTS.has(tag.local);

/**
 * The cleaned SVG as XML text, or why the file is refused: `svg_entities_refused` (a DOCTYPE with
 * entity declarations), `svg_too_complex`, or `file_content_mismatch` (not a well-formed SVG).
 */
export function cleanSvg(text: string): SvgResult {
  if (DOCTYPE_WITH_SUBSET.test(text) || ENTITY_DECLARATION.test(text)) {
    return { problem: 'svg_entities_refused' };
  }
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  /** Per open element: whether it is written (false inside a dropped element). */
  const kept: boolean[] = [];
  let dropping = 0;
  let openTag = false;
  let inStyle = false;
  let styleText = '';
  let elements = 0;
  let rootSeen = false;
  let problem: SvgResult | null = null;

  const closeOpenTag = () => {
    if (openTag) {
      out.push('>');
      openTag = false;
    }
  };

  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > SVG_MAX_ELEMENTS || kept.length >= SVG_MAX_DEPTH) {
      problem ??= { problem: 'svg_too_complex', params: { max: SVG_MAX_ELEMENTS, depth: SVG_MAX_DEPTH } };
      throw new Error('too complex');
    }
    if (!rootSeen) {
      rootSeen = true;
      if (tag.local !== 'svg' || (tag.uri !== SVG_NS && tag.uri !== '')) {
        problem ??= { problem: 'file_content_mismatch', params: { extension: 'svg' } };
        throw new Error('not svg');
      }
    }
    const keep = dropping === 0 && !inStyle && isSvgElement(tag);
    kept.push(keep);
    if (!keep) {
      dropping += 1;
      return;
    }
    closeOpenTag();
    const attributes: string[] = [];
    for (const attribute of Object.values(tag.attributes) as SaxesAttributeNS[]) {
      const name = keptAttribute(tag.local, attribute);
      if (name) attributes.push(` ${name}="${escapeAttribute(attribute.value)}"`);
    }
    const namespaces = kept.length === 1 ? ` xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"` : '';
    out.push(`<${tag.local}${namespaces}${attributes.join('')}`);
    openTag = true;
    if (tag.local === 'style') {
      inStyle = true;
      styleText = '';
    }
  });
  const onText = (value: string) => {
    if (dropping > 0 || kept.length === 0) return;
    if (inStyle) {
      styleText += value;
      return;
    }
    closeOpenTag();
    out.push(escapeText(value));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const keep = kept.pop();
    if (!keep) {
      dropping -= 1;
      return;
    }
    if (tag.local === 'style' && inStyle) {
      inStyle = false;
      // A stylesheet that reaches outside the document is dropped whole (the element stays empty).
      if (!EXTERNAL_CSS.test(styleText) && styleText.trim()) {
        closeOpenTag();
        out.push(escapeText(styleText));
      }
    }
    if (openTag) {
      out.push('/>');
      openTag = false;
    } else {
      out.push(`</${tag.local}>`);
    }
  });

  try {
    parser.write(text).close();
  } catch {
    return problem ?? { problem: 'file_content_mismatch', params: { extension: 'svg' } };
  }
  if (!rootSeen) return { problem: 'file_content_mismatch', params: { extension: 'svg' } };
  return { svg: out.join('') };
}
