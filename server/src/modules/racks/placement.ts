import {
  type RackFace,
  type RackNumbering,
  rackRefusal,
  rackUnitLabel,
  SitePermission,
  unitsFilled,
} from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices, products, racks } from '../../db/schema.ts';
import { changesOf, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { deviceEntries } from '../devices/activity.ts';
import type { DeviceRow } from '../devices/present.ts';
import { touchSite } from '../sites/queries.ts';
import type { RackPlaceInput } from './schemas.ts';
import { rackedDevices } from './shared.ts';

/** A device's place in a rack, as its columns hold it: all three set, or all three null. */
export interface RackPlace {
  rack_id: number | null;
  rack_u: number | null;
  rack_face: RackFace | null;
}

export const UNRACKED: RackPlace = { rack_id: null, rack_u: null, rack_face: null };

/**
 * Checks the place asked for `device` (of `product`) on `site` and answers the columns to write:
 * all three given or none (none takes it out of its rack); a rack of the device's site; a
 * rack-mounted product; inside the rack and on no U of the same face another device fills (the
 * message names that device). The rack's row is locked until the caller's transaction ends, so
 * two devices dragged onto the same Us at once cannot both land there.
 */
export async function placeInRack(
  tx: DbOrTx,
  site: Pick<SiteRow, 'id'>,
  device: Pick<DeviceRow, 'id'>,
  product: { name: string; rack_mounted: boolean; rack_units: number | null },
  place: { rack_id?: number | null; rack_u?: number | null; rack_face?: RackFace | null },
): Promise<RackPlace> {
  const given = [place.rack_id, place.rack_u, place.rack_face].filter((value) => value != null).length;
  if (given === 0) return UNRACKED;
  if (given < 3) throw badRequest('rack_place_incomplete');
  const rackId = place.rack_id!;
  const [rack] = await tx
    .select()
    .from(racks)
    .where(and(eq(racks.id, rackId), eq(racks.site_id, site.id)))
    .for('update');
  if (!rack) throw badRequest('rack_not_on_site', { id: rackId });
  if (!product.rack_mounted) throw badRequest('rack_not_mounted', { product: product.name });
  const others = (await rackedDevices(tx, [rack.id])).get(rack.id) ?? [];
  const slot = {
    device_id: device.id,
    rack_u: place.rack_u!,
    rack_face: place.rack_face!,
    units: unitsFilled(product.rack_units),
  };
  const refusal = rackRefusal(rack.u_height, others, slot);
  if (refusal?.code === 'rack_overlap') {
    const blocking = others.find((other) => other.device_id === refusal.device_id);
    throw badRequest('rack_overlap', {
      device: blocking?.label ?? `Device ${refusal.device_id}`,
      u: rackUnitLabel(refusal.rack_u, rack.u_height, rack.numbering as RackNumbering),
    });
  }
  if (refusal?.code === 'rack_past_top')
    throw badRequest('rack_past_top', { height: refusal.height, top: refusal.top });
  if (refusal) throw badRequest('rack_u_out_of_range', { height: refusal.height });
  return { rack_id: rack.id, rack_u: slot.rack_u, rack_face: slot.rack_face };
}

/** The labels of a device's rack columns in its activity notes. */
const LABELS = { rack_id: 'Rack', rack_u: 'Position (U)', rack_face: 'Face' } as const;

/**
 * Puts `device` (locked by the caller) at the place asked, checked by placeInRack, and logs the
 * change on the device as its other changes are. Answers the device as it now is.
 */
export async function moveInRack(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  device: DeviceRow,
  product: { name: string; rack_mounted: boolean; rack_units: number | null },
  asked: { rack_id?: number | null; rack_u?: number | null; rack_face?: RackFace | null },
): Promise<DeviceRow> {
  const place = await placeInRack(tx, site, device, product, asked);
  const changes = changesOf(device, { ...place });
  if (!changes) return device;
  const [updated] = await tx.update(devices).set(place).where(eq(devices.id, device.id)).returning();
  const labels = (Object.keys(LABELS) as (keyof typeof LABELS)[])
    .filter((key) => key in changes)
    .map((key) => LABELS[key]);
  const entries = await deviceEntries(tx, site, [
    {
      device: updated!,
      productName: product.name,
      action: 'updated',
      note: `Device updated (${labels.join(', ')})`,
      changes,
    },
  ]);
  await logActivities(tx, actor, entries);
  await touchSite(tx, site.id);
  return updated!;
}

/**
 * PUT /api/site/racks/place (Contributor+): a device put on a U of a rack, moved, or taken out
 * (`rack_id` null), logged on the device as its other changes are.
 */
export async function placeDevice(ctx: AppContext, actor: Actor, input: RackPlaceInput) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ device: devices, product: products })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.product_id))
      .where(eq(devices.id, input.device_id))
      .for('update', { of: devices });
    if (!row) throw notFound('device_not_found');
    const { device, product } = row;
    const { site } = await requireSite(
      tx,
      actor,
      device.site_id,
      SitePermission.Contributor,
      'device_not_found',
    );
    checkUnchangedSince(device.updated_at, input.updated_at);
    const current = await moveInRack(tx, actor, site, device, product, input);
    return {
      device: {
        id: current.id,
        rack_id: current.rack_id,
        rack_u: current.rack_u,
        rack_face: current.rack_face as RackFace | null,
        updated_at: current.updated_at.toISOString(),
      },
    };
  });
}
