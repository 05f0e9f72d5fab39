/** The handover pack's building blocks: its text cleaning, plan sizes, words, and the drawings' pages. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import en from '../../src/modules/handover/pdf/locales/en.json' with { type: 'json' };
import fr from '../../src/modules/handover/pdf/locales/fr.json' with { type: 'json' };
import nl from '../../src/modules/handover/pdf/locales/nl.json' with { type: 'json' };
import type { Pack } from '../../src/modules/handover/pdf/pack.ts';
import { drawDrawings } from '../../src/modules/handover/pdf/sections/drawings.ts';
import { svgSize } from '../../src/modules/handover/pdf/svg.ts';
import { clean, wordsFor } from '../../src/modules/handover/pdf/words.ts';
import { PackWriter } from '../../src/modules/handover/pdf/writer.ts';
import { pdfPages } from '../support/pdf-text.ts';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

describe('the pack text', () => {
  it('keeps markup, accents and symbols, and leaves out what DejaVu has no glyph for', () => {
    expect(clean('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(clean('Détecteur één ≥ 3 Ω')).toBe('Détecteur één ≥ 3 Ω');
    expect(clean('Camera 📷 entrée 👩‍🔧 ❤️')).toBe('Camera entrée ❤');
    expect(clean('line one\r\nline two\tthree')).toBe('line one line two three');
    expect(clean('a\u0000b\u200bc\u202ed')).toBe('abcd');
    expect(clean(null)).toBe('');
    expect(clean(12.5)).toBe('12.5');
  });

  it("reads a plan's units as the web does: view box, else width and height", () => {
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 800" width="10">')).toEqual({
      width: 1600,
      height: 800,
    });
    expect(svgSize("<?xml version='1.0'?><svg width='420.5' height='300'>")).toEqual({
      width: 420.5,
      height: 300,
    });
    expect(svgSize('<svg viewBox="0 0 -1 5">')).toEqual({ width: 1000, height: 700 });
    expect(svgSize('not svg')).toEqual({ width: 1000, height: 700 });
  });

  it('has every word in French and Dutch, and writes dates and sizes the Belgian way', () => {
    const english = keysOf(en).sort();
    expect(keysOf(fr).sort()).toEqual(english);
    expect(keysOf(nl).sort()).toEqual(english);
    const words = { en: wordsFor('en'), fr: wordsFor('fr'), nl: wordsFor('nl') };
    expect(words.fr.t('vault', { count: 1 })).toBe('1 identifiant remis séparément.');
    expect(words.nl.t('vault', { count: 3 })).toBe('3 sets toegangsgegevens worden apart overhandigd.');
    expect(words.en.date('2029-06-30')).toBe('30/06/2029');
    expect(words.nl.date('2029-06-30')).toBe('30/06/2029');
    expect(words.fr.size(245_760)).toBe('240 Ko');
    expect(words.nl.size(3 * 1024 * 1024 + 100_000)).toBe('3,1 MB');
    expect(words.en.size(512)).toBe('512 B');
  });
});

describe('the drawings (rack elevations, schematics)', () => {
  it('places each drawing on a page of its own, turned to its shape, scaled to fit', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const w = new PackWriter(out, (page) => ({ left: 'Site', right: `Page ${page}` }), {
      title: 'Pack',
      author: 'Test',
      language: 'en',
    });
    const advanced: number[] = [];
    const pack = { w, advance: (fraction: number) => advanced.push(fraction) } as unknown as Pack;
    const svg = (label: string, width: number, height: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="none" stroke="#000"/><text x="10" y="30" font-size="20">${label}</text></svg>`;
    const entries = [1, 2, 3].map(() => ({ title: '', page: 0, level: 1 as const }));
    w.newPage('portrait');
    await drawDrawings(
      pack,
      'Rack elevations',
      [
        { title: 'Rack A — front', svg: svg('RACK-A-FRONT', 300, 1200), width: 300, height: 1200 },
        { title: 'Schematic <one>', svg: svg('WIDE-SHEET', 2000, 600), width: 2000, height: 600 },
        { title: 'Broken', svg: '<svg', width: 0, height: 0 },
      ],
      entries,
    );
    await w.end(out);
    const pages = await pdfPages(Buffer.concat(chunks));
    // A page before them: the contents lines point at pages 2 to 4.
    expect(pages).toHaveLength(4);
    expect(entries.map((entry) => entry.page)).toEqual([2, 3, 4]);
    expect(pages[1]).toMatch(/^Rack elevations Rack A — front RACK-A-FRONT/);
    expect(pages[2]).toContain('Schematic <one> WIDE-SHEET');
    expect(pages[3]).toContain('Broken');
    expect(pages[3]).toContain('Page 4');
    expect(advanced).toEqual([1 / 3, 2 / 3, 1]);
  });
});
