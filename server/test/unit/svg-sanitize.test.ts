import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { cleanSvg, SVG_MAX_DEPTH } from '../../src/platform/svg-sanitize.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">';

function clean(text: string): string {
  const result = cleanSvg(text);
  if (!('svg' in result)) throw new Error(`refused: ${result.problem}`);
  return result.svg;
}

/** Whether a browser's XML parser would read the text: saxes is as strict. */
function wellFormed(text: string): boolean {
  try {
    new SaxesParser({ xmlns: true }).write(text).close();
    return true;
  } catch {
    return false;
  }
}

describe('cleanSvg', () => {
  it('writes well-formed XML with the SVG and XLink namespaces declared once, on the root', () => {
    const out = clean(`${SVG}<g><use xlink:href="#a"/><text>a &amp; b &lt; c ${'\u00a0'}</text></g></svg>`);
    expect(wellFormed(out)).toBe(true);
    expect(out).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><g><use xlink:href="#a"/><text>a &amp; b &lt; c \u00a0</text></g></svg>',
    );
  });

  it('escapes attribute values and keeps a stylesheet that stays inside the document', () => {
    const out = clean(
      `${SVG}<style>a > b { fill: url(#g) }</style><text font-family='"Arial" &amp; co'>x</text></svg>`,
    );
    expect(wellFormed(out)).toBe(true);
    expect(out).toContain('<style>a &gt; b { fill: url(#g) }</style>');
    expect(out).toContain('font-family="&quot;Arial&quot; &amp; co"');
  });

  it('drops CSS escapes, expression() and image-set(), which could hide a fetch', () => {
    const out = clean(
      `${SVG}<rect style="fill:u\\72l(http://x)"/><rect style="background:image-set('a.png' 1x)"/><rect style="width:expression(alert(1))"/><style>.a{background:u\\rl(//x)}</style></svg>`,
    );
    expect(out).not.toMatch(/style="/);
    expect(out).toContain('<style/>');
  });

  it('treats a root without namespace as SVG and answers it with the namespace', () => {
    expect(clean('<svg viewBox="0 0 1 1"><rect width="1"/></svg>')).toContain(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1 1"><rect width="1"/></svg>',
    );
  });

  it('refuses what is not one SVG document, nesting beyond the limit, and entity declarations', () => {
    expect(cleanSvg('<html/>')).toMatchObject({ problem: 'file_content_mismatch' });
    expect(cleanSvg('just text')).toMatchObject({ problem: 'file_content_mismatch' });
    expect(cleanSvg(`${SVG}</svg><svg/>`)).toMatchObject({ problem: 'file_content_mismatch' });
    expect(cleanSvg('<svg xmlns="http://example.com/not-svg"/>')).toMatchObject({
      problem: 'file_content_mismatch',
    });
    const deep = `${SVG}${'<g>'.repeat(SVG_MAX_DEPTH)}${'</g>'.repeat(SVG_MAX_DEPTH)}</svg>`;
    expect(cleanSvg(deep)).toMatchObject({ problem: 'svg_too_complex' });
    expect(cleanSvg(`<!DOCTYPE svg [<!ENTITY a "b">]>${SVG}</svg>`)).toEqual({
      problem: 'svg_entities_refused',
    });
    expect(cleanSvg(`<!DOCTYPE svg [ ]>${SVG}</svg>`)).toEqual({ problem: 'svg_entities_refused' });
  });
});
