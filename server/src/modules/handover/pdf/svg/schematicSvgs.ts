import type { Language, SchematicCable, SchematicDevice } from '@asbuilt/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { connections, devices, floors, interfaces, products, sites } from '../../../../db/schema.ts';
import type { AppContext } from '../../../../platform/context.ts';
import type { PackDrawing } from './drawing.ts';
import { planSchematics, readSchematicData, type SchematicData } from './schematicPlan.ts';
import type { SheetLimits } from './schematicSheets.ts';

/**
 * Rows a read of the schematics' devices or cables answers at most: on PGlite the server turns
 * each page into objects and hands it to the pack's process in one go, holding the calls that
 * arrive meanwhile (at 2,000 rows, a fifth of the site index's slowest calls during a
 * 20,000-device pack came while the first pages were read).
 */
export const SCHEMATIC_PAGE_ROWS = 500;

/** The site's floors, in their order; null for another tenant's site. */
export async function schematicFloors(
  ctx: Pick<AppContext, 'db'>,
  input: { tenantId: number; siteId: number },
): Promise<SchematicData['floors'] | null> {
  const [site] = await ctx.db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, input.siteId), eq(sites.tenant_id, input.tenantId)));
  if (!site) return null;
  return ctx.db
    .select({ id: floors.id, name: floors.name })
    .from(floors)
    .where(eq(floors.site_id, site.id))
    .orderBy(asc(floors.id));
}

/** The site's devices after `afterId`, by id, a page at a time. */
export async function schematicDevicePage(
  ctx: Pick<AppContext, 'db'>,
  siteId: number,
  afterId: number,
): Promise<SchematicDevice[]> {
  const rows = await ctx.db
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
    .where(and(eq(devices.site_id, siteId), gt(devices.id, afterId)))
    .orderBy(asc(devices.id))
    .limit(SCHEMATIC_PAGE_ROWS);
  return rows.map(({ product, model, ...device }) => ({ ...device, model: model ?? product }));
}

/**
 * What the site's schematics are drawn from (schematicPlan.ts), read here at once. The pack reads
 * the same a page at a time (readSchematicData), so that no read holds the server's thread long.
 */
export function siteSchematicData(
  ctx: Pick<AppContext, 'db'>,
  input: { tenantId: number; siteId: number },
): Promise<SchematicData | null> {
  return readSchematicData({
    floors: () => schematicFloors(ctx, input),
    devices: (afterId) => schematicDevicePage(ctx, input.siteId, afterId),
    cables: (after) => schematicCablePage(ctx, input.siteId, after),
  });
}

/**
 * The site's signal-flow schematics as the schematic page draws them, one drawing per sheet: a
 * sheet per floor, cut further when a floor holds more than a page can show (schematicSheets.ts).
 * Without archived devices, their cables are left out too. Another tenant's site has none.
 */
export async function siteSchematicSvgs(
  ctx: Pick<AppContext, 'db'>,
  input: {
    tenantId: number;
    siteId: number;
    language: Language;
    includeArchived: boolean;
    /** What a sheet and a floor hold at most (SHEET_LIMITS by default). */
    limits?: SheetLimits;
  },
): Promise<PackDrawing[]> {
  return planSchematics(await siteSchematicData(ctx, input), input).draw();
}

/** The site's cables with their ends' port facts, by code, after `after`, a page at a time. */
export async function schematicCablePage(
  ctx: Pick<AppContext, 'db'>,
  siteId: number,
  after: { code: string; id: number } | null,
): Promise<Array<SchematicCable & { sort_code: string }>> {
  const ai = alias(interfaces, 'ai');
  const bi = alias(interfaces, 'bi');
  const rows = await ctx.db
    .select({
      id: connections.id,
      code: connections.code,
      sort_code: sql<string>`lower(${connections.code})`,
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
    .where(
      and(
        eq(connections.site_id, siteId),
        after
          ? sql`(lower(${connections.code}), ${connections.id}) > (${after.code}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(sql`lower(${connections.code})`, asc(connections.id))
    .limit(SCHEMATIC_PAGE_ROWS);
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
