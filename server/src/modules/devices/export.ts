/**
 * POST /api/site/devices/export (Contributor and above): `<site> devices.xlsx`, streamed row by row
 * (exceljs's streaming writer), so a site of 100,000 devices is never held as a workbook. Names come
 * from lookups loaded once per site, not per device. Text is written as text: a cell holding
 * `=...` is shown as written, never evaluated.
 */
import { PassThrough } from 'node:stream';
import {
  DEVICE_EXPORT_COLUMNS,
  type DeviceExportColumn,
  type DeviceExportInput,
  procatName,
  SitePermission,
} from '@asbuilt/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { companies, devices, floors, layers, locations, procats, products, zones } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireSite } from '../../platform/policy.ts';
import { exportedCustomFields } from '../custom-fields/export.ts';
import { exportedTags } from '../tags/export.ts';

type Cell = string | number | boolean | null;

export async function exportDevices(ctx: AppContext, actor: Actor, input: DeviceExportInput) {
  const { site } = await requireSite(ctx.db, actor, input.site_id, SitePermission.Contributor);
  const wanted = new Set<DeviceExportColumn>(input.columns ?? []);
  const columns = DEVICE_EXPORT_COLUMNS.filter((c) => c.standard || wanted.has(c.key));

  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const floorOf = byId(await ctx.db.select().from(floors).where(eq(floors.site_id, site.id)));
  const locationOf = byId(await ctx.db.select().from(locations).where(eq(locations.site_id, site.id)));
  const zoneOf = byId(await ctx.db.select().from(zones).where(eq(zones.site_id, site.id)));
  const layerOf = byId(await ctx.db.select().from(layers).where(eq(layers.site_id, site.id)));
  const siteDevices = ctx.db
    .select({ id: devices.product_id })
    .from(devices)
    .where(eq(devices.site_id, site.id));
  const productOf = byId(await ctx.db.select().from(products).where(inArray(products.id, siteDevices)));
  const companyIds = [...productOf.values()].flatMap((p) => (p.brand_id ? [p.brand_id] : []));
  const companyOf = byId(
    await ctx.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.tenant_id, site.tenant_id)),
  );
  for (const c of companyIds.length
    ? await ctx.db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, companyIds))
    : [])
    companyOf.set(c.id, c);
  const procatOf = byId(await ctx.db.select().from(procats));

  const ids = input.ids ? new Set(input.ids) : null;
  const rows = (
    await ctx.db.select().from(devices).where(eq(devices.site_id, site.id)).orderBy(asc(devices.id))
  ).filter((d) => (ids ? ids.has(d.id) : !d.archived));
  const tagName = await exportedTags(ctx.db, site.tenant_id, rows, columns);
  const custom = await exportedCustomFields(ctx.db, site.tenant_id);

  const cells = (d: (typeof rows)[number]): Record<DeviceExportColumn, Cell> => {
    const product = productOf.get(d.product_id);
    const procat = product?.procat_id ? procatOf.get(product.procat_id) : undefined;
    return {
      id: d.id,
      code: d.code,
      // The device's own name: the product's is in Brand and Model, and an export must import back as is.
      name: d.name,
      floor: d.floor_id ? (floorOf.get(d.floor_id)?.name ?? null) : null,
      location: d.location_id ? (locationOf.get(d.location_id)?.name ?? null) : null,
      zone: d.zone_id ? (zoneOf.get(d.zone_id)?.name ?? null) : null,
      layer: d.layer_id ? (layerOf.get(d.layer_id)?.name ?? null) : null,
      category: procat ? procatName(procat) : null,
      brand: product?.brand_id ? (companyOf.get(product.brand_id)?.name ?? null) : null,
      model: product?.product_model ?? null,
      supplier: d.supplier_id ? (companyOf.get(d.supplier_id)?.name ?? null) : null,
      contractor: d.contractor_id ? (companyOf.get(d.contractor_id)?.name ?? null) : null,
      sn: d.sn,
      mac: d.mac,
      ip: d.ip,
      status: d.status,
      tags: tagName(d.tags),
      note: d.note,
      floor_code: d.floor_id ? (floorOf.get(d.floor_id)?.code ?? null) : null,
      location_code: d.location_id ? (locationOf.get(d.location_id)?.code ?? null) : null,
      zone_code: d.zone_id ? (zoneOf.get(d.zone_id)?.code ?? null) : null,
      port: d.port,
      patch: d.patch,
      purchase_date: d.purchase_date,
      warranty_expiration_date: d.warranty_expiration_date,
      image_url: product?.image ? ctx.storage.signedUrl(product.image) : null,
      archived: d.archived ? 'yes' : 'no',
      product_id: d.product_id,
      floor_id: d.floor_id,
      location_id: d.location_id,
      zone_id: d.zone_id,
      layer_id: d.layer_id,
      supplier_id: d.supplier_id,
      contractor_id: d.contractor_id,
    };
  };

  const stream = new PassThrough();
  const write = async () => {
    // Inline strings rather than a shared-strings table: nothing grows with the row count.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('devices');
    sheet.columns = [
      ...columns.map((c) => ({ header: c.header, key: c.key, width: c.key === 'name' ? 32 : 16 })),
      ...custom.headers.map((header, index) => ({ header, key: `cf${index}`, width: 16 })),
    ];
    for (const device of rows) {
      const values = cells(device);
      sheet
        .addRow([...columns.map((c) => values[c.key] ?? null), ...custom.cells(device.custom_fields)])
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { stream, filename: `${site.name} devices.xlsx` };
}
