import {
  type RackDto,
  type RackFace,
  type RackNumbering,
  type RackSlot,
  type SitePermission,
  unitsFilled,
} from '@asbuilt/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices, locations, products, racks } from '../../db/schema.ts';
import { type ActivityEntry, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { deviceLabel } from '../devices/present.ts';
import { touchSite } from '../sites/queries.ts';

/** What the rack services share: loading a rack within reach, its devices' slots, its log entries. */

export type RackRow = typeof racks.$inferSelect;

/** A device in a rack with what its messages name it by. */
export interface RackedDevice extends RackSlot {
  label: string;
}

/**
 * A rack the actor holds `min` on its site; another tenant's rack answers 404 as a missing one.
 * `lock` takes the rack's row for the rest of the transaction: placements in it wait on it.
 */
export async function requireRack(tx: DbOrTx, actor: Actor, id: number, min: SitePermission, lock = false) {
  const query = tx.select().from(racks).where(eq(racks.id, id));
  const [rack] = lock ? await query.for('update') : await query;
  if (!rack) throw notFound('rack_not_found');
  const { site } = await requireSite(tx, actor, rack.site_id, min, 'rack_not_found');
  return { rack, site };
}

/** The devices placed in the racks `rackIds`, with the Us they fill, lowest first. */
export async function rackedDevices(tx: DbOrTx, rackIds: number[]): Promise<Map<number, RackedDevice[]>> {
  const byRack = new Map<number, RackedDevice[]>(rackIds.map((id) => [id, []]));
  if (rackIds.length === 0) return byRack;
  const rows = await tx
    .select({
      id: devices.id,
      code: devices.code,
      name: devices.name,
      rack_id: devices.rack_id,
      rack_u: devices.rack_u,
      rack_face: devices.rack_face,
      product_name: products.name,
      rack_units: products.rack_units,
    })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.product_id))
    .where(inArray(devices.rack_id, rackIds))
    .orderBy(asc(devices.rack_u), asc(devices.id));
  for (const row of rows) {
    // A half-placed row (only written by hand in the database) fills nothing.
    if (row.rack_id === null || row.rack_u === null || row.rack_face === null) continue;
    byRack.get(row.rack_id)?.push({
      device_id: row.id,
      rack_u: row.rack_u,
      rack_face: row.rack_face as RackFace,
      units: unitsFilled(row.rack_units),
      label: deviceLabel(row, row.product_name),
    });
  }
  return byRack;
}

export function presentRack(rack: RackRow, placed: readonly RackSlot[]): RackDto {
  return {
    id: rack.id,
    site_id: rack.site_id,
    location_id: rack.location_id,
    name: rack.name,
    u_height: rack.u_height,
    numbering: rack.numbering as RackNumbering,
    devices: placed.map(({ device_id, rack_u, rack_face, units }) => ({
      device_id,
      rack_u,
      rack_face,
      units,
    })),
    created_at: rack.created_at.toISOString(),
    updated_at: rack.updated_at.toISOString(),
  };
}

/** The location of `site` a rack stands in, or null when it is not one of the site's. */
export async function locationOnSite(tx: DbOrTx, site: SiteRow, locationId: number) {
  const [location] = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.site_id, site.id)));
  return location ?? null;
}

/** Logs a change of a rack under its location, and moves the site up its list. */
export async function logRack(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  rack: RackRow,
  location: { id: number; name: string } | null,
  what: Pick<ActivityEntry, 'action' | 'note' | 'params' | 'changes'>,
): Promise<void> {
  await logActivity(tx, actor, {
    objectModel: 'Rack',
    objectId: rack.id,
    objectName: rack.name,
    ...what,
    siteId: site.id,
    tenantId: site.tenant_id,
    parentModel: location ? 'Location' : 'Site',
    parentId: location ? location.id : site.id,
    parentName: location ? location.name : site.name,
  });
  await touchSite(tx, site.id);
}
