/**
 * Floors with a plan (an SVG key under floorplans/{site}/{floor}/ and the file itself), rooms
 * (locations) laid out in a grid with rectangle polygons, and two zones (west, east) per floor.
 * Polygons and plan positions are in plan units (`x,y` pairs, domain/src/geometry.ts); the
 * locations layer has no transform, so plan and layer coordinates are the same.
 */
import { formatPolygon, type LocationType } from '@asbuilt/domain';
import { floors, locations, zones } from '../../server/src/db/schema.ts';
import { escapeXml } from '../../server/src/db/seed/demo-plans.ts';
import { idQueue, insertAll, insertValues, reserveIds } from './insert.ts';
import { type Rng, streamOf } from './rng.ts';
import type { Counts, FloorRef, Rect, SiteRef, World } from './world.ts';

const ROOM_W = 120;
const ROOM_H = 90;
const MARGIN = 40;
const ROOM_TYPES: readonly LocationType[] = ['room', 'room', 'room', 'Meeting Room', 'Workspace', 'space'];

const rectPolygon = ({ x, y, w, h }: Rect) =>
  formatPolygon([
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ]);

interface FloorPlan {
  site: SiteRef;
  name: string;
  code: string;
  rooms: number;
  onPlanShare: number;
  planDevices?: number;
}

/** The floors each site gets: the big sites' from the scale, the others' from their floor count. */
function floorPlans(world: World, r: Rng): FloorPlan[] {
  const { plan } = world;
  const out: FloorPlan[] = [];
  for (const site of world.sites) {
    const name = (i: number) => (i === 0 ? 'Ground floor' : `Floor ${i}`);
    if (site.kind === 'big') {
      out.push({
        site,
        name: 'Ground floor',
        code: 'F0',
        rooms: plan.planFloor.rooms,
        onPlanShare: 1,
        planDevices: plan.planFloor.devices,
      });
      for (let i = 1; i <= plan.big.floors; i++)
        out.push({
          site,
          name: name(i),
          code: `F${i}`,
          rooms: plan.big.roomsPerFloor,
          onPlanShare: plan.big.onPlanShare,
        });
    } else if (site.kind === 'huge' && plan.huge_site) {
      for (let i = 0; i < plan.huge_site.floors; i++)
        out.push({
          site,
          name: name(i),
          code: `F${i}`,
          rooms: plan.huge_site.roomsPerFloor,
          onPlanShare: plan.huge_site.onPlanShare,
        });
    } else {
      for (let i = 0; i < site.floorCount; i++)
        out.push({
          site,
          name: name(i),
          code: `F${i}`,
          rooms: r.int(Math.ceil(plan.roomsPerFloor / 2), Math.floor((plan.roomsPerFloor * 3) / 2)),
          onPlanShare: 0.4,
        });
    }
  }
  return out;
}

/** A grid of `count` rooms, about twice as wide as high. */
function layout(count: number): { rects: Rect[]; width: number; height: number } {
  const cols = Math.ceil(Math.sqrt(count * 2));
  const rows = Math.ceil(count / cols);
  const rects = Array.from({ length: count }, (_, i) => ({
    x: MARGIN + (i % cols) * ROOM_W,
    y: MARGIN + Math.floor(i / cols) * ROOM_H,
    w: ROOM_W,
    h: ROOM_H,
  }));
  return { rects, width: 2 * MARGIN + cols * ROOM_W, height: 2 * MARGIN + rows * ROOM_H };
}

function planSvg(title: string, floor: FloorRef): string {
  const rooms = floor.rooms
    .map(
      ({ rect: { x, y, w, h }, name }) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#E3F2FD" stroke="#555555" stroke-width="3"/>` +
        `<text x="${x + w / 2}" y="${y + h / 2}" font-size="11" text-anchor="middle" fill="#263238">${escapeXml(name)}</text>`,
    )
    .join('\n');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${floor.width} ${floor.height}" width="${floor.width}" height="${floor.height}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="${floor.width}" height="${floor.height}" fill="#FFFFFF"/>`,
    `<g id="rooms">${rooms}</g>`,
    `<rect x="${MARGIN}" y="${MARGIN}" width="${floor.width - 2 * MARGIN}" height="${floor.height - 2 * MARGIN}" fill="none" stroke="#212121" stroke-width="8"/>`,
    `<text x="${MARGIN}" y="${floor.height - 12}" font-size="14" fill="#455A64">${escapeXml(title)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

export async function makePlans(world: World): Promise<Counts> {
  const { db } = world;
  const r = streamOf('plans');
  const plans = floorPlans(world, r);
  const nextFloor = idQueue(await reserveIds(db, 'floors', plans.length));
  const floorRows: (typeof floors.$inferInsert)[] = [];
  const locationRows: (typeof locations.$inferInsert)[] = [];
  const zoneRows: (typeof zones.$inferInsert)[] = [];
  const built: { site: SiteRef; floor: FloorRef }[] = [];
  for (const p of plans) {
    const id = nextFloor();
    const { rects, width, height } = layout(p.rooms);
    const svg = `floorplans/${p.site.id}/${id}/plan.svg`;
    floorRows.push({ id, site_id: p.site.id, name: p.name, code: p.code, svg });
    const floor: FloorRef = {
      id,
      name: p.name,
      code: p.code,
      width,
      height,
      rooms: rects.map((rect, i) => {
        const code = `${p.code}-${String(i + 1).padStart(3, '0')}`;
        return { id: 0, name: `Room ${code}`, code, rect };
      }),
      zones: [
        {
          id: 0,
          name: `${p.name} west`,
          rect: { x: MARGIN, y: MARGIN, w: (width - 2 * MARGIN) / 2, h: height - 2 * MARGIN },
        },
        {
          id: 0,
          name: `${p.name} east`,
          rect: { x: width / 2, y: MARGIN, w: (width - 2 * MARGIN) / 2, h: height - 2 * MARGIN },
        },
      ],
      onPlanShare: p.onPlanShare,
      ...(p.planDevices !== undefined ? { planDevices: p.planDevices } : {}),
    };
    for (const room of floor.rooms)
      locationRows.push({
        site_id: p.site.id,
        floor_id: id,
        name: room.name,
        code: room.code,
        location_type: r.pick(ROOM_TYPES),
        polygon: rectPolygon(room.rect),
      });
    for (const zone of floor.zones)
      zoneRows.push({
        site_id: p.site.id,
        floor_id: id,
        name: zone.name,
        code: null,
        polygon: rectPolygon(zone.rect),
      });
    p.site.floors.push(floor);
    built.push({ site: p.site, floor });
    world.files.push({ key: svg, content: planSvg(`${p.site.name} - ${p.name}`, floor) });
  }
  await insertValues(db, floors, floorRows);
  const locationIds = await insertAll(db, locations, locationRows);
  const zoneIds = await insertAll(db, zones, zoneRows);
  let l = 0;
  let z = 0;
  for (const { floor } of built) {
    for (const room of floor.rooms) room.id = locationIds[l++]!;
    for (const zone of floor.zones) zone.id = zoneIds[z++]!;
  }
  return { floors: floorRows.length, locations: locationRows.length, zones: zoneRows.length };
}
