import {
  type DeviceChanges,
  type DevicePlanChange,
  type Point,
  pointInPolygon,
  polygonPoints,
} from '@asbuilt/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { locations } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import type { SiteRow } from '../../platform/policy.ts';
import type { DeviceRow } from './present.ts';

/**
 * Devices on a floor's plan (the API contract of issue 8): a position in the floor's
 * locations-layer coordinates sets the device's location to the location of that floor whose
 * polygon holds it. When no polygon holds it, the location is cleared only if the device's current
 * location has a polygon on that floor (the device left the room); a location without polygon is
 * kept (the plan says nothing about it).
 */

/** Twice the area of a polygon (shoelace), for choosing the innermost of nested rooms. */
function doubleArea(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    sum += (points[j]!.x + points[i]!.x) * (points[j]!.y - points[i]!.y);
  }
  return Math.abs(sum);
}

/**
 * The location changes a plan position brings to `changes`: `location_id` set to the location
 * whose polygon holds the point (the smallest, when rooms nest), or cleared as described above.
 * A `location_id` sent with the position is kept only when no polygon holds the point.
 */
export async function locateOnPlan(
  tx: DbOrTx,
  site: SiteRow,
  device: DeviceRow,
  changes: DeviceChanges,
  plan: DevicePlanChange | undefined,
): Promise<DeviceChanges> {
  if (!plan?.on_plan) return changes;
  const floorId = changes.floor_id !== undefined ? changes.floor_id : device.floor_id;
  if (floorId === null) throw badRequest('plan_needs_floor');
  const point = { x: plan.plan_x, y: plan.plan_y };
  const rows = await tx
    .select({ id: locations.id, polygon: locations.polygon })
    .from(locations)
    .where(
      and(eq(locations.site_id, site.id), eq(locations.floor_id, floorId), isNotNull(locations.polygon)),
    );

  let best: { id: number; area: number } | null = null;
  const drawn = new Set<number>();
  for (const row of rows) {
    const polygon = polygonPoints(row.polygon);
    if (polygon.length < 3) continue;
    drawn.add(row.id);
    if (!pointInPolygon(point, polygon)) continue;
    const area = doubleArea(polygon);
    if (!best || area < best.area) best = { id: row.id, area };
  }
  if (best) return { ...changes, location_id: best.id };
  if (changes.location_id !== undefined) return changes;
  const current = device.location_id;
  if (current !== null && drawn.has(current)) return { ...changes, location_id: null };
  return changes;
}
