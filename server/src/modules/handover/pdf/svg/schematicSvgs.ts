import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  buildSchematicGraph,
  drawSchematic,
  type Language,
  type SchematicCable,
  type SchematicDevice,
} from '@asbuilt/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { connections, devices, floors, interfaces, products, sites } from '../../../../db/schema.ts';
import type { AppContext } from '../../../../platform/context.ts';
import type { PackDrawing } from './drawing.ts';
import { layOutGraphs } from './elkThread.ts';
import { schematicSheetSvg } from './schematicSheetSvg.ts';
import { devicesOf, SHEET_LIMITS, type SheetLimits, schematicSheets } from './schematicSheets.ts';
import { drawingWords } from './words.ts';

/**
 * The site's signal-flow schematics as the schematic page draws them, one drawing per sheet: a
 * sheet per floor, cut further when a floor holds more than a page can show (schematicSheets.ts).
 * Without archived devices, their cables are left out too. Another tenant's site has none.
 */
export async function siteSchematicSvgs(
  ctx: AppContext,
  input: {
    tenantId: number;
    siteId: number;
    language: Language;
    includeArchived: boolean;
    /** What a sheet and a floor hold at most (SHEET_LIMITS by default). */
    limits?: SheetLimits;
  },
): Promise<PackDrawing[]> {
  const { db } = ctx;
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, input.siteId), eq(sites.tenant_id, input.tenantId)));
  if (!site) return [];
  const floorRows = await db
    .select({ id: floors.id, name: floors.name })
    .from(floors)
    .where(eq(floors.site_id, site.id))
    .orderBy(asc(floors.id));
  const deviceRows = await db
    .select({
      id: devices.id,
      code: devices.code,
      name: devices.name,
      floorId: devices.floor_id,
      locationId: devices.location_id,
      archived: devices.archived,
      model: products.product_model,
      product: products.name,
    })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.product_id))
    .where(eq(devices.site_id, site.id));
  const siteDevices: SchematicDevice[] = deviceRows.map(({ product, model, ...device }) => ({
    ...device,
    model: model ?? product,
  }));
  const archived = new Set(siteDevices.filter((d) => d.archived).map((d) => d.id));
  const cables = (await siteCables(ctx, site.id)).filter(
    (cable) =>
      input.includeArchived ||
      !(
        (cable.a_device_id !== null && archived.has(cable.a_device_id)) ||
        (cable.b_device_id !== null && archived.has(cable.b_device_id))
      ),
  );
  const sheets = schematicSheets(siteDevices, cables, floorRows, input.limits ?? SHEET_LIMITS);
  if (sheets.length === 0) return [];

  const t = drawingWords(input.language);
  // Each sheet's graph and drawing is built on the server's thread: a turn of the event loop
  // between sheets keeps a large site's dozens of sheets from holding up other calls.
  const byId = new Map(siteDevices.map((device) => [device.id, device]));
  const graphs = [];
  for (const sheet of sheets) {
    const onSheet = [...devicesOf(sheet.cables)].flatMap((id) => byId.get(id) ?? []);
    graphs.push(buildSchematicGraph(onSheet, sheet.cables));
    await nextTurn();
  }
  const laid = await layOutGraphs(graphs.map((graph) => graph.elk));
  const drawings: PackDrawing[] = [];
  for (const [i, sheet] of sheets.entries()) {
    const name = sheet.floorName ?? t('schematic.no_floor');
    const sheetName =
      sheet.parts > 1 ? t('schematic.part', { sheet: name, part: sheet.part, parts: sheet.parts }) : name;
    const title = t('schematic.title', { sheet: sheetName });
    const note =
      sheet.leftOut.cables > 0
        ? t('schematic.left_out', {
            cables: t('schematic.cables', { count: sheet.leftOut.cables }),
            devices: t('schematic.devices', { count: sheet.leftOut.devices }),
          })
        : null;
    const drawn = schematicSheetSvg(drawSchematic(graphs[i]!, laid[i]!), { title, note }, t);
    drawings.push({ title, ...drawn });
    await nextTurn();
  }
  return drawings;
}

/** The site's cables with their ends' port facts, by code. */
async function siteCables(ctx: AppContext, siteId: number): Promise<SchematicCable[]> {
  const ai = alias(interfaces, 'ai');
  const bi = alias(interfaces, 'bi');
  const rows = await ctx.db
    .select({
      id: connections.id,
      code: connections.code,
      status: connections.status,
      a_device_id: connections.a_device_id,
      a_interface_id: connections.a_interface_id,
      a_label: connections.a_label,
      b_device_id: connections.b_device_id,
      b_interface_id: connections.b_interface_id,
      b_label: connections.b_label,
      a: { id: ai.id, label: ai.label, terminal: ai.terminal, signal: ai.signal, io: ai.interface_type },
      b: { id: bi.id, label: bi.label, terminal: bi.terminal, signal: bi.signal, io: bi.interface_type },
    })
    .from(connections)
    .leftJoin(ai, eq(ai.id, connections.a_interface_id))
    .leftJoin(bi, eq(bi.id, connections.b_interface_id))
    .where(eq(connections.site_id, siteId))
    .orderBy(sql`lower(${connections.code})`, asc(connections.id));
  const port = (
    p: {
      id: number | null;
      label: string | null;
      terminal: string | null;
      signal: string | null;
      io: string | null;
    } | null,
  ) => (p?.id == null ? null : { label: p.label, terminal: p.terminal, signal: p.signal, io: p.io });
  return rows.map(({ a, b, status, ...row }) => ({
    ...row,
    status: status as SchematicCable['status'],
    a_port: port(a),
    b_port: port(b),
  }));
}
