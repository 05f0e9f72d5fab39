import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { devices, floors, locations, zones } from '../../../db/schema.ts';
import { type ActivityEntry, logActivities } from '../../../platform/activity.ts';
import { batches, change, type Job, type JobPlan, sitesById, tenantCount } from './plan.ts';

/** The floor most of each zone's devices are on (by their location, else their own), ties to the lowest id. */
async function floorVotes(tx: Tx, zoneIds: number[]): Promise<Map<number, number>> {
  const floorOfDevice = sql<number>`coalesce(${locations.floor_id}, ${devices.floor_id})`;
  const best = new Map<number, { floorId: number; n: number }>();
  for (const batch of batches(zoneIds)) {
    const votes = await tx
      .select({ zoneId: devices.zone_id, floorId: floorOfDevice, n: sql<number>`count(*)`.mapWith(Number) })
      .from(devices)
      .innerJoin(zones, eq(zones.id, devices.zone_id))
      .leftJoin(locations, eq(locations.id, devices.location_id))
      .innerJoin(floors, and(eq(floors.id, floorOfDevice), eq(floors.site_id, zones.site_id)))
      .where(inArray(devices.zone_id, batch))
      .groupBy(devices.zone_id, floorOfDevice);
    for (const v of votes) {
      if (v.zoneId === null) continue;
      const current = best.get(v.zoneId);
      const floorId = Number(v.floorId);
      if (!current || v.n > current.n || (v.n === current.n && floorId < current.floorId)) {
        best.set(v.zoneId, { floorId, n: v.n });
      }
    }
  }
  return new Map([...best].map(([zoneId, { floorId }]) => [zoneId, floorId]));
}

/**
 * A zone without a floor gets the floor of its locations: the floor most of its devices' locations
 * (or, without a location, the devices themselves) are on; failing that, the site's only floor.
 */
async function plan(tx: Tx): Promise<JobPlan> {
  const orphans = await tx
    .select({ id: zones.id, name: zones.name, site_id: zones.site_id })
    .from(zones)
    .where(isNull(zones.floor_id))
    .orderBy(asc(zones.id));
  const voted = await floorVotes(
    tx,
    orphans.map((z) => z.id),
  );
  const floorsOfSite = new Map<number, { id: number; name: string }[]>();
  for (const batch of batches([...new Set(orphans.map((z) => z.site_id))])) {
    const rows = await tx
      .select({ site_id: floors.site_id, id: floors.id, name: floors.name })
      .from(floors)
      .where(inArray(floors.site_id, batch));
    for (const f of rows) floorsOfSite.set(f.site_id, [...(floorsOfSite.get(f.site_id) ?? []), f]);
  }
  const floorName = new Map([...floorsOfSite.values()].flat().map((f) => [f.id, f.name]));
  const placed = orphans.flatMap((zone) => {
    const only = floorsOfSite.get(zone.site_id);
    const floorId = voted.get(zone.id) ?? (only?.length === 1 ? only[0]!.id : null);
    return floorId === null ? [] : [{ ...zone, floorId }];
  });
  const site = await sitesById(
    tx,
    placed.map((z) => z.site_id),
  );

  const apply: JobPlan['apply'] = async (actor) => {
    const byFloor = new Map<number, number[]>();
    for (const zone of placed) byFloor.set(zone.floorId, [...(byFloor.get(zone.floorId) ?? []), zone.id]);
    const written = new Set<number>();
    for (const [floorId, ids] of byFloor) {
      for (const batch of batches(ids)) {
        const rows = await tx
          .update(zones)
          .set({ floor_id: floorId })
          .where(and(inArray(zones.id, batch), isNull(zones.floor_id)))
          .returning({ id: zones.id });
        for (const row of rows) written.add(row.id);
      }
    }
    const entries = placed
      .filter((zone) => written.has(zone.id))
      .map(
        (zone): ActivityEntry => ({
          objectModel: 'Zone',
          objectId: zone.id,
          objectName: zone.name,
          action: 'updated',
          note: 'Zone given the floor of its locations',
          siteId: zone.site_id,
          tenantId: site.get(zone.site_id)?.tenant_id ?? null,
          changes: { floor_id: { from: null, to: zone.floorId } },
        }),
      );
    await logActivities(tx, actor, entries);
    return entries.length;
  };

  return {
    total: placed.length,
    changes: [change('zones_floored', placed, (z) => `${z.name} → ${floorName.get(z.floorId)}`)],
    tenants: tenantCount(placed.map((z) => site.get(z.site_id)?.tenant_id)),
    apply,
  };
}

export const addFloorToZones: Job = { plan, message: (n) => `${n} zones given a floor` };
