/**
 * The pack's schematics from the site's rows, without the database: the sheets and their titles
 * at once (the contents list them before the first page), the drawings later. This runs in the
 * pack's own process, away from the server: the sheets' graphs and SVG text are built there and
 * ELK lays them out in a thread of its own (elkThread.ts) while the pack draws its other sections.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  buildSchematicGraph,
  drawSchematic,
  type Language,
  type SchematicCable,
  type SchematicDevice,
} from '@asbuilt/domain';
import type { PackDrawing } from './drawing.ts';
import { startElkThread } from './elkThread.ts';
import { schematicSheetSvg } from './schematicSheetSvg.ts';
import { devicesOf, SHEET_LIMITS, type SheetLimits, schematicSheets } from './schematicSheets.ts';
import { drawingWords } from './words.ts';

/** What the schematics are drawn from: the site's floors, devices and cables (by code). */
export interface SchematicData {
  floors: { id: number; name: string }[];
  devices: SchematicDevice[];
  cables: SchematicCable[];
}

/** The reads the schematics' rows come from, the devices and cables a page at a time. */
export interface SchematicReads {
  /** Null for another tenant's site. */
  floors(): Promise<SchematicData['floors'] | null>;
  /** By id, after `afterId`; an empty page ends them. */
  devices(afterId: number): Promise<SchematicDevice[]>;
  /** By lower-cased code (as the database lowers it: `sort_code`) and id, after `after`. */
  cables(after: { code: string; id: number } | null): Promise<Array<SchematicCable & { sort_code: string }>>;
}

export async function readSchematicData(reads: SchematicReads): Promise<SchematicData | null> {
  const floors = await reads.floors();
  if (!floors) return null;
  const devices: SchematicDevice[] = [];
  for (let page = await reads.devices(0); page.length > 0; page = await reads.devices(page.at(-1)!.id)) {
    devices.push(...page);
  }
  const cables: SchematicCable[] = [];
  for (let page = await reads.cables(null); page.length > 0; ) {
    cables.push(...page);
    const last = page.at(-1)!;
    page = await reads.cables({ code: last.sort_code, id: last.id });
  }
  return { floors, devices, cables };
}

export interface SchematicPlan {
  /** One per sheet, in the order of the drawings. */
  titles: string[];
  /** The sheets' drawings, laid out one after the other in a thread of ELK's own. */
  draw(): Promise<PackDrawing[]>;
}

export function planSchematics(
  data: SchematicData | null,
  options: {
    language: Language;
    includeArchived: boolean;
    limits?: SheetLimits;
  },
): SchematicPlan {
  if (!data) return { titles: [], draw: async () => [] };
  const archived = new Set(data.devices.filter((d) => d.archived).map((d) => d.id));
  // Without archived devices, their cables are left out too.
  const cables = data.cables.filter(
    (cable) =>
      options.includeArchived ||
      !(
        (cable.a_device_id !== null && archived.has(cable.a_device_id)) ||
        (cable.b_device_id !== null && archived.has(cable.b_device_id))
      ),
  );
  const sheets = schematicSheets(data.devices, cables, data.floors, options.limits ?? SHEET_LIMITS);
  const t = drawingWords(options.language);
  const titles = sheets.map((sheet) => {
    const name = sheet.floorName ?? t('schematic.no_floor');
    const sheetName =
      sheet.parts > 1 ? t('schematic.part', { sheet: name, part: sheet.part, parts: sheet.parts }) : name;
    return t('schematic.title', { sheet: sheetName });
  });

  async function draw(): Promise<PackDrawing[]> {
    if (sheets.length === 0) return [];
    // Sheet by sheet, keeping only the SVG text of those done: a large site's 130 graphs and
    // layouts held together took tens of megabytes while the pack drew its tables. A turn of the
    // event loop after each lets the pack's other sections go on meanwhile.
    const byId = new Map(data!.devices.map((device) => [device.id, device]));
    const elk = startElkThread();
    try {
      const drawings: PackDrawing[] = [];
      for (const [i, sheet] of sheets.entries()) {
        const onSheet = [...devicesOf(sheet.cables)].flatMap((id) => byId.get(id) ?? []);
        const graph = buildSchematicGraph(onSheet, sheet.cables);
        const laid = await elk.layOut(graph.elk);
        const title = titles[i]!;
        const note =
          sheet.leftOut.cables > 0
            ? t('schematic.left_out', {
                cables: t('schematic.cables', { count: sheet.leftOut.cables }),
                devices: t('schematic.devices', { count: sheet.leftOut.devices }),
              })
            : null;
        drawings.push({ title, ...schematicSheetSvg(drawSchematic(graph, laid), { title, note }, t) });
        await nextTurn();
      }
      return drawings;
    } finally {
      await elk.close();
    }
  }
  return { titles, draw };
}
