/**
 * POST /api/site/devices/labels (Reader and above): a PDF of QR labels for the devices named, or
 * for every device (not archived) of a floor, a location or the site. Every check is made before
 * the first byte is sent: a device of another site or tenant answers 404 and no file.
 */
import {
  type DeviceLabelsInput,
  LABEL_DEFAULT_FIELDS,
  LABELS_MAX,
  type LabelField,
  SitePermission,
} from '@asbuilt/domain';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { companies, devices, floors, locations, products } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { type DeviceLabel, drawDeviceLabel } from './device-label.ts';
import { printLabels } from './sheet.ts';

export async function printDeviceLabels(ctx: AppContext, actor: Actor, input: DeviceLabelsInput) {
  const { site } = await requireSite(ctx.db, actor, input.site_id, SitePermission.Reader);
  const floorOf = new Map(
    (await ctx.db.select().from(floors).where(eq(floors.site_id, site.id))).map((f) => [f.id, f]),
  );
  const locationOf = new Map(
    (await ctx.db.select().from(locations).where(eq(locations.site_id, site.id))).map((l) => [l.id, l]),
  );
  const rows = await deviceRows(ctx, site, input, floorOf, locationOf);
  if (rows.length === 0) throw badRequest('labels_none');
  if (rows.length > LABELS_MAX) throw badRequest('labels_over_max', { max: LABELS_MAX });

  const fields: readonly LabelField[] = input.fields ?? LABEL_DEFAULT_FIELDS;
  const labels = rows.map((row): DeviceLabel => {
    const location = row.location_id ? locationOf.get(row.location_id) : undefined;
    const floor = floorOf.get(row.floor_id ?? location?.floor_id ?? 0);
    const product = [row.brand, row.product_model].filter(Boolean).join(' ') || row.product_name;
    return {
      // PUBLIC_URL, as in mailed links: a label outlives the address it was printed from.
      url: `${ctx.config.publicUrl}/device/${ctx.deviceLinks.hash(row.site_id, row.id)}`,
      title: row.code || row.name || row.product_name,
      values: {
        // The name is the title of a device without a code: not twice.
        name: row.code ? row.name : null,
        location: [floor?.name, location?.name].filter(Boolean).join(' · '),
        product,
        serial: row.sn ? `S/N ${row.sn}` : null,
        mac: row.mac ? `MAC ${row.mac}` : null,
        ip: row.ip ? `IP ${row.ip}` : null,
        site: site.name,
      },
    };
  });
  const title = `${site.name} labels`;
  return {
    filename: `${title}.pdf`,
    pdf: printLabels(title, input.format, input.start_at, labels, (doc, label, box) =>
      drawDeviceLabel(doc, label, box, fields),
    ),
  };
}

async function deviceRows(
  ctx: AppContext,
  site: SiteRow,
  input: DeviceLabelsInput,
  floorOf: Map<number, unknown>,
  locationOf: Map<number, { floor_id: number }>,
) {
  const query = (where: SQL | undefined) =>
    ctx.db
      .select({
        id: devices.id,
        site_id: devices.site_id,
        code: devices.code,
        name: devices.name,
        sn: devices.sn,
        mac: devices.mac,
        ip: devices.ip,
        floor_id: devices.floor_id,
        location_id: devices.location_id,
        product_name: products.name,
        product_model: products.product_model,
        brand: companies.name,
      })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.product_id))
      .leftJoin(companies, eq(companies.id, products.brand_id))
      .where(where)
      .orderBy(asc(devices.code), asc(devices.id));

  if (input.ids) {
    const unique = [...new Set(input.ids)];
    const found = await query(inArray(devices.id, unique));
    const byId = new Map(found.filter((d) => d.site_id === site.id).map((d) => [d.id, d]));
    // Another tenant's or another site's device: as missing as one that never was.
    if (byId.size !== unique.length) throw notFound('device_not_found');
    return input.ids.map((id) => byId.get(id)!);
  }
  const onSite = and(eq(devices.site_id, site.id), eq(devices.archived, false));
  if (input.floor_id != null) {
    if (!floorOf.has(input.floor_id)) throw notFound('floor_not_found');
    const floorLocations = [...locationOf].filter(([, l]) => l.floor_id === input.floor_id).map(([id]) => id);
    const onFloor = floorLocations.length
      ? or(eq(devices.floor_id, input.floor_id), inArray(devices.location_id, floorLocations))
      : eq(devices.floor_id, input.floor_id);
    return query(and(onSite, onFloor));
  }
  if (input.location_id != null) {
    if (!locationOf.has(input.location_id)) throw notFound('location_not_found');
    return query(and(onSite, eq(devices.location_id, input.location_id)));
  }
  return query(onSite);
}
