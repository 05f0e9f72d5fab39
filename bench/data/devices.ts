/**
 * The devices of every site, like real ones: spread over the site's floors and rooms (a share of
 * them placed on the plan, inside their room), zones, layers, statuses, suppliers and
 * contractors; popular products used more; 3% archived. The plan floor of the big site gets
 * exactly its count of devices, all on the plan, evenly over its rooms.
 */
import { DEFAULT_DEVICE_STATUSES } from '@asbuilt/domain';
import { devices } from '../../server/src/db/schema.ts';
import { insertAll } from './insert.ts';
import { dayNumber, dayString, type Rng, streamOf } from './rng.ts';
import type { Counts, FloorRef, Rect, SiteRef, World } from './world.ts';

const CHUNK = 10_000;
const STATUSES = DEFAULT_DEVICE_STATUSES.map((s) => s.name).filter((name) => name !== 'Removed');
const NOTES = [
  'Checked during the last maintenance round',
  'Replaced under warranty',
  'Firmware updated',
  'Label missing',
  'Behind the false ceiling',
];
const FIRST_PURCHASE = dayNumber('2019-01-01');
const LAST_PURCHASE = dayNumber('2026-09-30');

const hex = (n: number) => (n & 255).toString(16).padStart(2, '0').toUpperCase();

/** A point inside the rectangle, `margin` from its edges, to one decimal. */
function pointIn(r: Rng, rect: Rect, margin = 8): { x: number; y: number } {
  return {
    x: Math.round((rect.x + margin + r.next() * (rect.w - 2 * margin)) * 10) / 10,
    y: Math.round((rect.y + margin + r.next() * (rect.h - 2 * margin)) * 10) / 10,
  };
}

/** Each device's floor index (-1 none): plan floors get their exact count, the rest share the others. */
function floorAssignment(r: Rng, site: SiteRef): Int16Array {
  const out = new Int16Array(site.deviceCount).fill(-1);
  if (site.floors.length === 0) return out;
  let at = 0;
  site.floors.forEach((floor, f) => {
    for (let i = 0; i < (floor.planDevices ?? 0) && at < out.length; i++) out[at++] = f;
  });
  const open = site.floors
    .map((floor, f) => (floor.planDevices === undefined ? f : -1))
    .filter((f) => f >= 0);
  for (; at < out.length; at++) out[at] = open.length > 0 && !r.chance(0.03) ? open[at % open.length]! : -1;
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

export async function makeDevices(world: World): Promise<Counts> {
  const { db, catalogue } = world;
  const products = catalogue.productIds;
  let serial = 0;
  let archived = 0;
  let onPlan = 0;
  for (const [siteIndex, site] of world.sites.entries()) {
    const r = streamOf(`devices:${site.code}`);
    const floorOf = floorAssignment(r, site);
    site.deviceFloor = floorOf;
    site.deviceRoom = new Int16Array(site.deviceCount).fill(-1);
    const roomTurn = new Map<FloorRef, number>();
    for (let start = 0; start < site.deviceCount; start += CHUNK) {
      const rows: (typeof devices.$inferInsert)[] = [];
      for (let k = start; k < Math.min(site.deviceCount, start + CHUNK); k++) {
        serial++;
        const f = floorOf[k]!;
        const floor = f >= 0 ? site.floors[f]! : null;
        let roomIndex = -1;
        if (floor && floor.planDevices !== undefined) {
          // The plan floor: rooms in turn, every device in a room and on the plan.
          const turn = roomTurn.get(floor) ?? 0;
          roomIndex = turn % floor.rooms.length;
          roomTurn.set(floor, turn + 1);
        } else if (floor && !r.chance(0.05)) {
          roomIndex = r.int(0, floor.rooms.length - 1);
        }
        site.deviceRoom[k] = roomIndex;
        const room = floor && roomIndex >= 0 ? floor.rooms[roomIndex]! : null;
        const isArchived = floor?.planDevices === undefined && r.chance(0.03);
        const placed =
          room !== null && !isArchived && (floor!.planDevices !== undefined || r.chance(floor!.onPlanShare));
        const point = placed ? pointIn(r, room!.rect) : null;
        const zoneHere =
          floor && room && r.chance(0.7)
            ? floor.zones[(point?.x ?? room.rect.x + room.rect.w / 2) < floor.width / 2 ? 0 : 1]!
            : null;
        const networked = r.chance(0.6);
        const purchase = r.chance(0.8) ? r.int(FIRST_PURCHASE, LAST_PURCHASE) : null;
        const n = k + 1;
        rows.push({
          site_id: site.id,
          // Popular products first: the square skews the pick to the start of the list.
          product_id: products[Math.floor(r.next() ** 2 * products.length)]!,
          code: `${site.code}-${String(n).padStart(5, '0')}`,
          name: r.chance(0.3) ? `Device ${n}${room ? ` ${room.name}` : ''}` : null,
          sn: r.chance(0.9) ? `SN${r.int(10_000_000, 99_999_999)}` : null,
          mac: networked
            ? `02:BE:${hex(serial >> 16)}:${hex(serial >> 8)}:${hex(serial)}:${hex(r.int(0, 255))}`
            : null,
          ip: networked ? `10.${(siteIndex % 200) + (k >> 16)}.${(k >> 8) & 255}.${k & 255}` : null,
          patch: networked && r.chance(0.5) ? `PP-${r.int(1, 40)}` : null,
          port: networked && r.chance(0.5) ? `Gi1/0/${r.int(1, 48)}` : null,
          note: r.chance(0.05) ? r.pick(NOTES) : null,
          purchase_date: purchase === null ? null : dayString(purchase),
          warranty_expiration_date: purchase === null ? null : dayString(purchase + 365 * r.int(2, 5)),
          status: isArchived ? 'Removed' : r.chance(0.92) ? r.pick(STATUSES) : null,
          archived: isArchived,
          floor_id: floor?.id ?? null,
          location_id: room?.id ?? null,
          zone_id: zoneHere?.id ?? null,
          layer_id: r.pick(site.layerIds),
          supplier_id: r.chance(0.85) ? r.pick(catalogue.supplierIds) : null,
          contractor_id: r.chance(0.9) ? r.pick(site.contractorIds) : null,
          on_plan: placed,
          plan_x: point?.x ?? null,
          plan_y: point?.y ?? null,
        });
        if (isArchived) archived++;
        if (placed) onPlan++;
      }
      site.deviceIds.push(...(await insertAll(db, devices, rows)));
    }
  }
  return { devices: serial, 'devices archived': archived, 'devices on a plan': onPlan };
}
