import { type RackCreateInput, type RackDto, type RackUpdateInput, SitePermission } from '@asbuilt/domain';
import { asc, eq } from 'drizzle-orm';
import { devices, products, racks } from '../../db/schema.ts';
import { changesOf, createdFields, logActivities, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireSite } from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { deviceEntries } from '../devices/activity.ts';
import { UNRACKED } from './placement.ts';
import { locationOnSite, logRack, presentRack, rackedDevices, requireRack } from './shared.ts';

/**
 * A site's racks (issue 41): Readers list them with the devices in them, Contributors create,
 * edit and delete them. A device's place in a rack is checked by `placement.ts`.
 */

/** GET /api/site/racks?site_id (Reader+): the racks by name, each with its devices. */
export async function listRacks(ctx: AppContext, actor: Actor, siteId: number): Promise<RackDto[]> {
  const { site } = await requireSite(ctx.db, actor, siteId, SitePermission.Reader);
  const rows = await ctx.db
    .select()
    .from(racks)
    .where(eq(racks.site_id, site.id))
    .orderBy(asc(racks.name), asc(racks.id));
  const placed = await rackedDevices(
    ctx.db,
    rows.map((rack) => rack.id),
  );
  return rows.map((rack) => presentRack(rack, placed.get(rack.id) ?? []));
}

/** POST /api/site/racks (Contributor+): in a location of the same site (400 otherwise). */
export async function createRack(ctx: AppContext, actor: Actor, input: RackCreateInput): Promise<RackDto> {
  return ctx.db.transaction(async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.Contributor);
    const location = await locationOnSite(tx, site, input.location_id);
    if (!location) throw badRequest('location_not_on_site', { id: input.location_id });
    const values = {
      location_id: location.id,
      name: input.name,
      u_height: input.u_height,
      numbering: input.numbering,
    };
    const [rack] = await tx
      .insert(racks)
      .values({ ...values, site_id: site.id })
      .returning();
    await logRack(tx, actor, site, rack!, location, {
      action: 'created',
      note: 'Rack created',
      changes: createdFields(values),
    });
    return presentRack(rack!, []);
  });
}

const LABELS = {
  name: 'Name',
  location_id: 'Location',
  u_height: 'Height (U)',
  numbering: 'Numbering',
} as const;

/**
 * PUT /api/site/racks (Contributor+; 409 when changed since read). A rack cannot be made lower
 * than the top U of a device in it: the message names the highest such device.
 */
export async function updateRack(ctx: AppContext, actor: Actor, input: RackUpdateInput): Promise<RackDto> {
  return ctx.db.transaction(async (tx) => {
    // Locked: a placement in this rack waits, so the height checked below stays true.
    const { rack, site } = await requireRack(tx, actor, input.id, SitePermission.Contributor, true);
    checkUnchangedSince(rack.updated_at, input.updated_at);
    if (input.location_id === null) throw badRequest('field_required', { field: 'location_id' });
    const placed = (await rackedDevices(tx, [rack.id])).get(rack.id) ?? [];
    const set: Partial<typeof racks.$inferInsert> = {};
    if (input.name !== undefined && input.name !== rack.name) set.name = input.name;
    if (input.numbering != null && input.numbering !== rack.numbering) set.numbering = input.numbering;
    if (input.location_id !== undefined && input.location_id !== rack.location_id) {
      const location = await locationOnSite(tx, site, input.location_id);
      if (!location) throw badRequest('location_not_on_site', { id: input.location_id });
      set.location_id = location.id;
    }
    if (input.u_height != null && input.u_height !== rack.u_height) {
      const tallest = placed
        .map((device) => ({ device, top: device.rack_u + device.units - 1 }))
        .filter(({ top }) => top > input.u_height!)
        .sort((x, y) => y.top - x.top)[0];
      // The top counted from the bottom whatever the numbering: the height the rack needs.
      if (tallest) throw badRequest('rack_too_short', { device: tallest.device.label, top: tallest.top });
      set.u_height = input.u_height;
    }
    const labels = (Object.keys(LABELS) as (keyof typeof LABELS)[])
      .filter((key) => key in set)
      .map((key) => LABELS[key]);
    if (labels.length === 0) return presentRack(rack, placed);
    const [updated] = await tx.update(racks).set(set).where(eq(racks.id, rack.id)).returning();
    const location = await locationOnSite(tx, site, updated!.location_id);
    await logRack(tx, actor, site, updated!, location, {
      action: 'updated',
      note: `Rack updated (${labels.join(', ')})`,
      changes: changesOf(rack, set),
    });
    return presentRack(updated!, placed);
  });
}

/**
 * DELETE /api/site/racks?id (Contributor+): its devices leave it (no rack, U or face), each
 * logged, in the same transaction as the rack's deletion.
 */
export async function deleteRack(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const { rack, site } = await requireRack(tx, actor, id, SitePermission.Contributor, true);
    const before = await tx
      .select({ device: devices, productName: products.name })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.product_id))
      .where(eq(devices.rack_id, rack.id))
      .orderBy(asc(devices.id))
      .for('update', { of: devices });
    if (before.length > 0) {
      const after = await tx.update(devices).set(UNRACKED).where(eq(devices.rack_id, rack.id)).returning();
      const byId = new Map(before.map((row) => [row.device.id, row]));
      const entries = await deviceEntries(
        tx,
        site,
        after.map((device) => ({
          device,
          productName: byId.get(device.id)?.productName,
          action: 'updated',
          note: `Device updated (Rack; rack ${rack.name} deleted)`,
          changes: changesOf(byId.get(device.id)?.device ?? null, { ...UNRACKED }),
        })),
      );
      await logActivities(tx, actor, entries);
    }
    const location = await locationOnSite(tx, site, rack.location_id);
    await tx.delete(racks).where(eq(racks.id, rack.id));
    const unplaced = before.length;
    await logRack(tx, actor, site, rack, location, {
      action: 'deleted',
      note:
        unplaced > 0
          ? `Rack deleted; ${unplaced} ${unplaced === 1 ? 'device' : 'devices'} unplaced`
          : 'Rack deleted',
      ...(unplaced > 0 ? { params: { devices: unplaced } } : {}),
      changes: removedFields(rack, ['name', 'u_height', 'numbering', 'location_id']),
    });
    return { unplaced_devices: unplaced };
  });
}
