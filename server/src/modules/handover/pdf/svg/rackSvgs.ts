import {
  type DeviceStatus,
  type Language,
  type RackFace,
  type RackNumbering,
  statusMatcher,
  unitsFilled,
} from '@asbuilt/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { devices, floors, locations, products, racks, sites } from '../../../../db/schema.ts';
import type { AppContext } from '../../../../platform/context.ts';
import type { PackDrawing } from './drawing.ts';
import { type RackedSlot, rackSvg } from './rackSvg.ts';
import { drawingWords } from './words.ts';

/**
 * The site's rack elevations, front and rear, one drawing per rack, in the order of the site's
 * floors, then rooms and racks by name. Without archived devices, those in a rack are left out.
 * Another tenant's site has none.
 */
export async function siteRackSvgs(
  ctx: Pick<AppContext, 'db'>,
  input: { tenantId: number; siteId: number; language: Language; includeArchived: boolean },
): Promise<PackDrawing[]> {
  const { db } = ctx;
  const [site] = await db
    .select({ id: sites.id, statuses: sites.device_statuses })
    .from(sites)
    .where(and(eq(sites.id, input.siteId), eq(sites.tenant_id, input.tenantId)));
  if (!site) return [];
  const rackRows = await db
    .select({
      id: racks.id,
      name: racks.name,
      height: racks.u_height,
      numbering: racks.numbering,
      location: locations.name,
      floor: floors.name,
    })
    .from(racks)
    .innerJoin(locations, eq(locations.id, racks.location_id))
    .innerJoin(floors, eq(floors.id, locations.floor_id))
    .where(eq(racks.site_id, site.id))
    .orderBy(asc(floors.id), asc(locations.name), asc(racks.name), asc(racks.id));
  if (rackRows.length === 0) return [];
  const placed = await db
    .select({
      id: devices.id,
      code: devices.code,
      name: devices.name,
      status: devices.status,
      archived: devices.archived,
      rack_id: devices.rack_id,
      rack_u: devices.rack_u,
      rack_face: devices.rack_face,
      product: products.name,
      rack_units: products.rack_units,
    })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.product_id))
    .where(
      inArray(
        devices.rack_id,
        rackRows.map((rack) => rack.id),
      ),
    )
    .orderBy(asc(devices.rack_u), asc(devices.id));
  const status = statusMatcher(site.statuses as DeviceStatus[]);
  const byRack = new Map<number, RackedSlot[]>();
  for (const device of placed) {
    // A half-placed row (only written by hand in the database) fills nothing, as on the racks page.
    if (device.rack_id === null || device.rack_u === null || device.rack_face === null) continue;
    if (device.archived && !input.includeArchived) continue;
    const slots = byRack.get(device.rack_id) ?? [];
    slots.push({
      device_id: device.id,
      rack_u: device.rack_u,
      rack_face: device.rack_face as RackFace,
      units: unitsFilled(device.rack_units),
      label: device.code ?? device.name ?? device.product,
      name: device.name,
      colour: device.status ? (status(device.status)?.color ?? null) : null,
    });
    byRack.set(device.rack_id, slots);
  }
  const t = drawingWords(input.language);
  return rackRows.map((rack) => {
    const drawn = rackSvg(
      {
        name: rack.name,
        place: `${rack.location}, ${rack.floor}`,
        height: rack.height,
        numbering: rack.numbering as RackNumbering,
        slots: byRack.get(rack.id) ?? [],
      },
      t,
    );
    return {
      title: t('rack.title', { rack: rack.name, place: `${rack.location}, ${rack.floor}` }),
      ...drawn,
    };
  });
}
