/** The handover pack's schematic sheets and rack elevations as SVG text (issue 42). */
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import {
  buildSchematicGraph,
  drawSchematic,
  type SchematicCable,
  type SchematicDevice,
} from '@asbuilt/domain';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { layOutGraphs } from '../../src/modules/handover/pdf/svg/elkThread.ts';
import { RACK_GEOMETRY, rackSvg, slotTop } from '../../src/modules/handover/pdf/svg/rackSvg.ts';
import { planSchematics, readSchematicData } from '../../src/modules/handover/pdf/svg/schematicPlan.ts';
import { schematicSheetSvg } from '../../src/modules/handover/pdf/svg/schematicSheetSvg.ts';
import { schematicSheets } from '../../src/modules/handover/pdf/svg/schematicSheets.ts';
import { escapeXml } from '../../src/modules/handover/pdf/svg/svgText.ts';
import { drawingWords } from '../../src/modules/handover/pdf/svg/words.ts';
import { registerFonts } from '../../src/platform/pdf/fonts.ts';

const svgToPdf = createRequire(import.meta.url)('svg-to-pdfkit') as (
  doc: PDFKit.PDFDocument,
  svg: string,
  x: number,
  y: number,
  options: { warningCallback?: (warning: string) => void },
) => void;

const device = (
  id: number,
  floorId: number | null = 1,
  extra: Partial<SchematicDevice> = {},
): SchematicDevice => ({
  id,
  code: `HQ-${id}`,
  name: `Device ${id}`,
  model: 'Model',
  floorId,
  locationId: null,
  archived: false,
  ...extra,
});

type End = [deviceId: number, interfaceId: number, io: string, signal: string] | string;
let next = 1;
function cable(a: End, b: End, status: SchematicCable['status'] = 'installed'): SchematicCable {
  const id = next++;
  const end = (value: End) =>
    typeof value === 'string'
      ? { device: null, iface: null, label: value, port: null }
      : {
          device: value[0],
          iface: value[1],
          label: null,
          port: { label: `Port ${value[1]}`, terminal: null, signal: value[3], io: value[2] },
        };
  const [x, y] = [end(a), end(b)];
  return {
    id,
    code: `C-${String(id).padStart(4, '0')}`,
    status,
    a_device_id: x.device,
    a_interface_id: x.iface,
    a_label: x.label,
    a_port: x.port,
    b_device_id: y.device,
    b_interface_id: y.iface,
    b_label: y.label,
    b_port: y.port,
  };
}

/** A chain of `count` devices from `first`, each output 1 to the next one's input 2. */
const chain = (first: number, count: number) =>
  Array.from({ length: count - 1 }, (_, i) =>
    cable([first + i, 1, 'output', 'Audio'], [first + i + 1, 2, 'input', 'Audio']),
  );

/** svg-to-pdfkit draws it into a PDF without a warning. */
function drawsInPdf(svg: string): string[] {
  const doc = registerFonts(new PDFDocument({ autoFirstPage: true }));
  doc.pipe(new PassThrough().resume());
  const warnings: string[] = [];
  svgToPdf(doc, svg, 0, 0, { warningCallback: (warning) => warnings.push(warning) });
  doc.end();
  return warnings;
}

/** A cold ELK thread loads elkjs's 1.5 MB build: seconds on a loaded two-processor host. */
const ELK_TIMEOUT = 30_000;

describe('a schematic sheet', () => {
  it(
    'holds each device code and cable code of a small site, in plain SVG the pack can draw',
    async () => {
      const devices = [device(1), device(2), device(3), device(4, 1, { code: '<script>' })];
      const cables = [
        cable([1, 1, 'output', 'Audio'], [2, 2, 'input', 'Audio']),
        cable([3, 5, 'input', 'Video'], [2, 6, 'output', 'Video'], 'planned'),
        cable([2, 7, 'bi-directional', 'Data'], [4, 8, 'bi-directional', 'Data']),
        cable([4, 9, 'bi-directional', 'Data'], 'Provider ONT'),
      ];
      const [sheet, ...others] = schematicSheets(devices, cables, [{ id: 1, name: 'Ground floor' }]);
      expect(others).toEqual([]);
      const graph = buildSchematicGraph(devices, sheet!.cables);
      const [laid] = await layOutGraphs([graph.elk]);
      const t = drawingWords('fr');
      const drawn = schematicSheetSvg(drawSchematic(graph, laid!), { title: 'Schéma : Rez', note: null }, t);
      for (const code of ['HQ-1', 'HQ-2', 'HQ-3', 'C-0001', 'C-0002', 'C-0003', 'C-0004', 'Provider ONT'])
        expect(drawn.svg).toContain(`>${code}<`);
      expect(drawn.svg).toContain('&lt;script&gt;');
      expect(drawn.svg).not.toContain('<script>');
      expect(drawn.svg).not.toMatch(/class=|foreignObject|style=/);
      expect(drawn.svg).toContain('font-family="asbuilt-regular"');
      // The legend in the pack's language, the planned cable dashed.
      expect(drawn.svg).toContain('>Vidéo<');
      expect(drawn.svg).toContain('stroke-dasharray="6 4"');
      expect(drawn.width).toBeGreaterThan(100);
      expect(drawn.height).toBeGreaterThan(60);
      expect(drawsInPdf(drawn.svg)).toEqual([]);
    },
    ELK_TIMEOUT,
  );

  it('goes on the sheet of each floor one of its ends is on, then on one for devices without a floor', () => {
    const devices = [device(1, 1), device(2, 2), device(3, null), device(4, null)];
    const across = cable([1, 1, 'output', 'Audio'], [2, 2, 'input', 'Audio']);
    const floorless = cable([3, 1, 'output', 'Audio'], [4, 2, 'input', 'Audio']);
    const sheets = schematicSheets(
      devices,
      [across, floorless],
      [
        { id: 1, name: 'Ground' },
        { id: 2, name: 'First' },
      ],
    );
    expect(sheets.map((s) => [s.floorName, s.cables.map((c) => c.id)])).toEqual([
      ['Ground', [across.id]],
      ['First', [across.id]],
      [null, [floorless.id]],
    ]);
  });

  it('fills sheets with whole wired groups, a group too large alone on sheets of its own', () => {
    const devices = Array.from({ length: 40 }, (_, i) => device(i + 1));
    // Three chains of 5 devices (4 cables each), then one of 20 devices (19 cables).
    const small = [chain(1, 5), chain(6, 5), chain(11, 5)];
    const large = chain(16, 20);
    const sheets = schematicSheets(devices, [...small.flat(), ...large], [{ id: 1, name: 'Ground' }], {
      cables: 10,
      devices: 12,
      sheets: 10,
    });
    expect(sheets.map((s) => [s.part, s.parts, s.cables.length, s.leftOut.cables])).toEqual([
      [1, 4, 8, 0],
      [2, 4, 4, 0],
      [3, 4, 10, 0],
      [4, 4, 9, 0],
    ]);
    // Small groups stay whole; every cable is drawn once.
    expect(sheets[0]!.cables).toEqual([...small[0]!, ...small[1]!]);
    expect(sheets.flatMap((s) => s.cables)).toEqual([...small.flat(), ...large]);
  });

  it('keeps a floor to its most sheets, the last saying what it left out', () => {
    const devices = Array.from({ length: 30 }, (_, i) => device(i + 1));
    const sheets = schematicSheets(devices, chain(1, 30), [{ id: 1, name: 'Ground' }], {
      cables: 10,
      devices: 11,
      sheets: 2,
    });
    // 29 cables: 10 and 10 drawn, 9 left out between devices 21 to 30 (21 is drawn already).
    expect(sheets.map((s) => [s.cables.length, s.leftOut])).toEqual([
      [10, { cables: 0, devices: 0 }],
      [10, { cables: 9, devices: 9 }],
    ]);
  });

  it(
    'knows its sheets’ titles before their layout, in the order of the drawings, without archived ends',
    async () => {
      const devices = [
        ...Array.from({ length: 12 }, (_, i) => device(i + 1)),
        device(13, 1, { archived: true }),
      ];
      const cables = [...chain(1, 12), cable([12, 1, 'output', 'Audio'], [13, 2, 'input', 'Audio'])];
      const data = { floors: [{ id: 1, name: 'Ground' }], devices, cables };
      const limits = { cables: 5, devices: 6, sheets: 10 };
      const plan = planSchematics(data, { language: 'en', includeArchived: false, limits });
      expect(plan.titles).toEqual([
        'Schematic: Ground (1 of 3)',
        'Schematic: Ground (2 of 3)',
        'Schematic: Ground (3 of 3)',
      ]);
      const drawings = await plan.draw();
      expect(drawings.map((d) => d.title)).toEqual(plan.titles);
      const all = drawings.map((d) => d.svg).join('');
      expect(all).toContain('>HQ-12<');
      expect(all).not.toContain('>HQ-13<');
      const withArchived = planSchematics(data, { language: 'en', includeArchived: true, limits });
      expect((await withArchived.draw()).map((d) => d.svg).join('')).toContain('>HQ-13<');
      expect(planSchematics(null, { language: 'en', includeArchived: false }).titles).toEqual([]);
    },
    ELK_TIMEOUT,
  );

  it('reads its rows a page at a time, after the last row of the page before', async () => {
    const devices = Array.from({ length: 5 }, (_, i) => device(i + 1));
    const cables = chain(1, 5).map((c) => ({ ...c, sort_code: c.code.toLowerCase() }));
    const asked: unknown[] = [];
    const data = await readSchematicData({
      floors: async () => [{ id: 1, name: 'Ground' }],
      devices: async (afterId) => {
        asked.push(afterId);
        return devices.filter((d) => d.id > afterId).slice(0, 2);
      },
      cables: async (after) => {
        asked.push(after);
        const from = after ? cables.findIndex((c) => c.id === after.id) + 1 : 0;
        return cables.slice(from, from + 3);
      },
    });
    expect(data?.devices.map((d) => d.id)).toEqual([1, 2, 3, 4, 5]);
    expect(data?.cables.map((c) => c.id)).toEqual(cables.map((c) => c.id));
    expect(asked).toEqual([
      0,
      2,
      4,
      5,
      null,
      { code: cables[2]!.sort_code, id: cables[2]!.id },
      { code: cables[3]!.sort_code, id: cables[3]!.id },
    ]);
    expect(
      await readSchematicData({ floors: async () => null, devices: async () => [], cables: async () => [] }),
    ).toBeNull();
  });

  it('names what was left out in the pack’s language', () => {
    const t = drawingWords('nl');
    const note = t('schematic.left_out', {
      cables: t('schematic.cables', { count: 9 }),
      devices: t('schematic.devices', { count: 1 }),
    });
    expect(note).toContain('9 kabels tussen 1 toestel');
  });
});

describe('a rack elevation', () => {
  const t = drawingWords('en');
  const slots = [
    {
      device_id: 1,
      rack_u: 10,
      rack_face: 'front' as const,
      units: 2,
      label: 'HQ-SW-01',
      name: 'Core switch',
      colour: '#1976D2',
    },
    {
      device_id: 2,
      rack_u: 1,
      rack_face: 'rear' as const,
      units: 1,
      label: 'HQ-PDU-01',
      name: null,
      colour: null,
    },
  ];

  it('draws each device at its U over the Us it fills, on its face', () => {
    const drawn = rackSvg(
      { name: 'Rack A', place: 'Server Room, Ground floor', height: 42, numbering: 'bottom_up', slots },
      t,
    );
    const G = RACK_GEOMETRY;
    // U 10–11 of 42: the block's top is 31 Us under the rack's top edge, two Us tall.
    expect(slotTop(slots[0]!, 42)).toBe(G.top + 31 * G.unit);
    expect(drawn.svg).toContain(
      `y="${G.top + 31 * G.unit + 1}" width="${G.face - 4}" height="${2 * G.unit - 2}"`,
    );
    expect(drawn.svg).toContain('>HQ-SW-01 Core switch<');
    expect(drawn.svg).toContain('>10–11<');
    // The rear face's device at U 1, at the bottom of the second face.
    expect(drawn.svg).toContain(`y="${G.top + 41 * G.unit + 1}"`);
    expect(drawn.svg).toContain('>HQ-PDU-01<');
    expect(drawn.svg).toContain('>Front<');
    expect(drawn.svg).toContain('>Rear<');
    expect(drawn.height).toBe(G.top + 42 * G.unit + G.margin);
    expect(drawn.svg).not.toMatch(/class=|foreignObject|style=/);
    expect(drawsInPdf(drawn.svg)).toEqual([]);
  });

  it('labels the Us as the rack numbers them', () => {
    const drawn = rackSvg(
      { name: 'Rack B', place: 'Room', height: 42, numbering: 'top_down', slots },
      drawingWords('fr'),
    );
    // U 10–11 counted from the top is 32–33.
    expect(drawn.svg).toContain('>32–33<');
    expect(drawn.svg).toContain('>Avant<');
    expect(drawn.svg).toContain('1 en haut');
  });

  it('says so on an empty face', () => {
    const drawn = rackSvg(
      { name: 'Rack C', place: 'Room', height: 12, numbering: 'bottom_up', slots: [] },
      t,
    );
    expect(drawn.svg.match(/Nothing is placed on this face\./g)).toHaveLength(2);
  });
});

describe('SVG text', () => {
  it('escapes markup and drops control characters', () => {
    expect(escapeXml(`<a href="x">&'\u0007`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
  });
});
