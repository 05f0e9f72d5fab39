import { FLOOR_EXPORT_COLUMNS, SitePermission } from '@asbuilt/domain';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { devices, floors, locations, zones } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireSite } from '../../platform/policy.ts';

/**
 * GET /api/site/floors/export?site_id (Contributor or more): one sheet `floors` with a row per
 * floor: ID, Name, Code, Locations, Zones, Devices (not archived), Plan (yes/no), Transform.
 * The file is named `<site name> floors.xlsx`.
 */
export async function exportFloors(ctx: AppContext, actor: Actor, siteId: number) {
  const { site } = await requireSite(ctx.db, actor, siteId, SitePermission.Contributor);
  const rows = await ctx.db.select().from(floors).where(eq(floors.site_id, site.id)).orderBy(asc(floors.id));
  const countBy = async (
    table: typeof locations | typeof zones | typeof devices,
    where: SQL,
  ): Promise<Map<number | null, number>> => {
    const counts = await ctx.db
      .select({ floor: table.floor_id, n: count() })
      .from(table)
      .where(where)
      .groupBy(table.floor_id);
    return new Map(counts.map((c) => [c.floor, c.n]));
  };
  const locationCounts = await countBy(locations, eq(locations.site_id, site.id));
  const zoneCounts = await countBy(zones, eq(zones.site_id, site.id));
  const deviceCounts = await countBy(
    devices,
    and(eq(devices.site_id, site.id), eq(devices.archived, false))!,
  );

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Asbuilt';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('floors');
  sheet.columns = FLOOR_EXPORT_COLUMNS.map((header) => ({
    header,
    key: header,
    width: header === 'Name' || header === 'Transform' ? 32 : 12,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const floor of rows) {
    sheet.addRow([
      floor.id,
      floor.name,
      floor.code ?? '',
      locationCounts.get(floor.id) ?? 0,
      zoneCounts.get(floor.id) ?? 0,
      deviceCounts.get(floor.id) ?? 0,
      floor.svg ? 'yes' : 'no',
      floor.location_transform ?? '',
    ]);
  }
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  return { data, filename: `${site.name} floors.xlsx` };
}
