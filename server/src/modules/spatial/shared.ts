import type { ErrorCode, SitePermission } from '@asbuilt/domain';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  attachments,
  devices,
  floors,
  layers,
  locations,
  products,
  secrets,
  zones,
} from '../../db/schema.ts';
import { type ActivityEntry, changesOf, logActivities, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { deviceEntries } from '../devices/activity.ts';
import type { DeviceRow } from '../devices/present.ts';
import type { FloorRow, LayerRow, LocationRow, ZoneRow } from '../sites/present.ts';
import { touchSite } from '../sites/queries.ts';

/**
 * What the floor, location, zone and layer services share: loading an object with the caller's
 * permission on its site (another tenant's object answers 404, as one that does not exist),
 * counting and moving the devices that point at an object, and the activity entries.
 */

export type Sign = (key: string | null) => string | null;
export const signer =
  (ctx: AppContext): Sign =>
  (key) =>
    ctx.storage.signedUrl(key);

/** The row's site, with at least `min` for the actor: 404 `notFoundCode` when absent or out of reach, 403 when too low. */
async function siteOf<T extends { site_id: number }>(
  tx: DbOrTx,
  actor: Actor,
  row: T | undefined,
  min: SitePermission,
  notFoundCode: ErrorCode,
): Promise<{ row: T; site: SiteRow }> {
  if (!row) throw notFound(notFoundCode);
  const { site } = await requireSite(tx, actor, row.site_id, min, notFoundCode);
  return { row, site };
}

/** A floor the actor holds `min` on; `lock` takes its row for the rest of the transaction. */
export async function requireFloor(tx: DbOrTx, actor: Actor, id: number, min: SitePermission, lock = false) {
  const query = tx.select().from(floors).where(eq(floors.id, id));
  const [row] = lock ? await query.for('update') : await query;
  const { site } = await siteOf<FloorRow>(tx, actor, row, min, 'floor_not_found');
  return { floor: row!, site };
}

export async function requireLocation(
  tx: DbOrTx,
  actor: Actor,
  id: number,
  min: SitePermission,
  lock = false,
) {
  const query = tx.select().from(locations).where(eq(locations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  const { site } = await siteOf<LocationRow>(tx, actor, row, min, 'location_not_found');
  return { location: row!, site };
}

export async function requireZone(tx: DbOrTx, actor: Actor, id: number, min: SitePermission, lock = false) {
  const query = tx.select().from(zones).where(eq(zones.id, id));
  const [row] = lock ? await query.for('update') : await query;
  const { site } = await siteOf<ZoneRow>(tx, actor, row, min, 'zone_not_found');
  return { zone: row!, site };
}

export async function requireLayer(tx: DbOrTx, actor: Actor, id: number, min: SitePermission, lock = false) {
  const query = tx.select().from(layers).where(eq(layers.id, id));
  const [row] = lock ? await query.for('update') : await query;
  const { site } = await siteOf<LayerRow>(tx, actor, row, min, 'layer_not_found');
  return { layer: row!, site };
}

/** A floor of `site` (for a location or zone moved or created there), or 400 naming the id. */
export async function floorOnSite(tx: DbOrTx, site: SiteRow, floorId: number): Promise<FloorRow> {
  const [floor] = await tx
    .select()
    .from(floors)
    .where(and(eq(floors.id, floorId), eq(floors.site_id, site.id)));
  if (!floor) throw badRequest('floor_not_on_site', { id: floorId });
  return floor;
}

/** How many devices (archived ones too) match `where`. */
export async function countDevices(tx: DbOrTx, where: SQL): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(devices).where(where);
  return row?.n ?? 0;
}

export type DeviceSet = Partial<
  Pick<DeviceRow, 'floor_id' | 'location_id' | 'zone_id' | 'layer_id' | 'on_plan' | 'plan_x' | 'plan_y'>
>;

/** What unplacing does to a device: no floor, location or zone, off the plan. */
export const UNPLACED: DeviceSet = {
  floor_id: null,
  location_id: null,
  zone_id: null,
  on_plan: false,
  plan_x: null,
  plan_y: null,
};

/**
 * Applies `set` to the devices of `site` matching `where`, with one activity entry per device
 * (`note`), in the caller's transaction. Returns how many devices changed.
 */
export async function changeDevices(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  where: SQL,
  set: DeviceSet,
  note: string,
): Promise<number> {
  const matching = and(eq(devices.site_id, site.id), where);
  // The rows before the change (locked until the end of the transaction), for each entry's changes.
  const before = new Map(
    (await tx.select().from(devices).where(matching).for('update')).map((d) => [d.id, d]),
  );
  if (before.size === 0) return 0;
  const changed = await tx.update(devices).set(set).where(matching).returning();
  if (changed.length === 0) return 0;
  const unnamed = [...new Set(changed.filter((d) => !d.code && !d.name).map((d) => d.product_id))];
  const productNames = new Map<number, string>();
  if (unnamed.length > 0) {
    const rows = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inArray(products.id, unnamed));
    for (const row of rows) productNames.set(row.id, row.name);
  }
  const entries = await deviceEntries(
    tx,
    site,
    changed.map((device) => {
      const old = before.get(device.id);
      return {
        device,
        productName: productNames.get(device.product_id),
        action: 'updated',
        note,
        changes: old ? changesOf(old, set) : null,
      };
    }),
  );
  await logActivities(tx, actor, entries);
  return changed.length;
}

/**
 * Files and secrets linked to a floor or location that goes: linked to `to` instead (the floor of
 * a deleted location, or the site itself), so nothing a user filed disappears with the object.
 */
export async function relinkFiles(
  tx: DbOrTx,
  from: { type: 'Floor' | 'Location'; ids: number[] },
  to: { type: 'Floor'; id: number } | null,
): Promise<void> {
  if (from.ids.length === 0) return;
  await tx
    .update(attachments)
    .set({ attachable_type: to?.type ?? null, attachable_id: to?.id ?? null })
    .where(and(eq(attachments.attachable_type, from.type), inArray(attachments.attachable_id, from.ids)));
  await tx
    .update(secrets)
    .set({ secretable_type: to?.type ?? null, secretable_id: to?.id ?? null })
    .where(and(eq(secrets.secretable_type, from.type), inArray(secrets.secretable_id, from.ids)));
}

/** What an entry says: its action, and the English note (with the params a deletion's words need). */
export type Logged = Pick<ActivityEntry, 'action' | 'note' | 'params'>;

/** A deletion's entry: the devices it changed counted in `params` for the reader's words. */
export const deletion = (note: string, devices: number): Logged => ({
  action: 'deleted',
  note,
  ...(devices > 0 ? { params: { devices } } : {}),
});

/** An activity entry of a floor, location, zone or layer of `site` (the parent is the floor, or the site). */
export function spatialEntry(
  site: SiteRow,
  object: { model: 'Floor' | 'Location' | 'Zone' | 'Layer'; id: number; name: string },
  what: Logged,
  parentFloor?: { id: number; name: string } | null,
  changes?: ActivityEntry['changes'],
): ActivityEntry {
  return {
    objectModel: object.model,
    objectId: object.id,
    objectName: object.name,
    ...what,
    siteId: site.id,
    tenantId: site.tenant_id,
    parentModel: parentFloor ? 'Floor' : 'Site',
    parentId: parentFloor ? parentFloor.id : site.id,
    parentName: parentFloor ? parentFloor.name : site.name,
    ...(changes ? { changes } : {}),
  };
}

/** Logs a change of a site's floors, locations, zones or layers, and moves the site up its list. */
export async function recordChange(tx: DbOrTx, actor: Actor, site: SiteRow, entry: ActivityEntry) {
  await logActivity(tx, actor, entry);
  await touchSite(tx, site.id);
}

/** "Location updated (Name, Polygon)": the labels of the fields that changed. */
export function updatedNote(model: string, labels: string[]): string {
  return `${model} updated (${labels.join(', ')})`;
}

/** The devices count in a note: "3 devices unplaced". */
export const devicesNote = (count: number, what: string) =>
  `${count} ${count === 1 ? 'device' : 'devices'} ${what}`;
