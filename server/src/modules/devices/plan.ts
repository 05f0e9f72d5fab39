import {
  type DeviceChanges,
  type DevicePlanChange,
  type Point,
  pointInPolygon,
  polygonPoints,
} from '@asbuilt/domain';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { locations, zones } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import type { SiteRow } from '../../platform/policy.ts';
import type { DeviceRow } from './present.ts';

/**
 * Devices on a floor's plan (the API contract of issue 8): a position in the floor's
 * locations-layer coordinates sets the device's location to the location of that floor whose
 * polygon holds it. When no polygon holds it, the location is cleared only if the device's current
 * location has a polygon on that floor (the device left the room); a location without polygon is
 * kept (the plan says nothing about it). The zone follows the same rule among the zones of that
 * floor and the site-wide zones (no floor), whose polygons are drawn in the same coordinates.
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
 * Which of the drawn polygons holds the point: the smallest (when shapes nest), else null; and the
 * ids of the shapes drawn at all (a current place among them was left, one outside them is kept).
 */
function holder(rows: { id: number; polygon: string | null }[], point: Point) {
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
  return { id: best?.id ?? null, drawn };
}

/** The value a plan position gives a place field, or undefined to leave it as it is. */
function placeFor(
  found: { id: number | null; drawn: Set<number> },
  sent: number | null | undefined,
  current: number | null,
): number | null | undefined {
  if (found.id !== null) return found.id;
  if (sent !== undefined) return undefined;
  if (current !== null && found.drawn.has(current)) return null;
  return undefined;
}

/**
 * The location and zone changes a plan position brings to `changes`: each set to the shape whose
 * polygon holds the point (the smallest, when shapes nest), or cleared as described above. A
 * `location_id` or `zone_id` sent with the position is kept only when no polygon holds the point.
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
  const rooms = await tx
    .select({ id: locations.id, polygon: locations.polygon })
    .from(locations)
    .where(
      and(eq(locations.site_id, site.id), eq(locations.floor_id, floorId), isNotNull(locations.polygon)),
    );
  const areas = await tx
    .select({ id: zones.id, polygon: zones.polygon })
    .from(zones)
    .where(
      and(
        eq(zones.site_id, site.id),
        or(eq(zones.floor_id, floorId), isNull(zones.floor_id)),
        isNotNull(zones.polygon),
      ),
    );
  const location = placeFor(holder(rooms, point), changes.location_id, device.location_id);
  const zone = placeFor(holder(areas, point), changes.zone_id, device.zone_id);
  const next = { ...changes };
  if (location !== undefined) next.location_id = location;
  if (zone !== undefined) next.zone_id = zone;
  return next;
}
