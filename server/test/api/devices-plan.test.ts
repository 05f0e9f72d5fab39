import type { DeviceDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, locations, zones } from '../../src/db/schema.ts';
import { startWorld, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { rowById } from '../support/rows.ts';
import {
  createFloor,
  createLocation,
  createZone,
  errorList,
  expectAccessMatrix,
  form,
  logsOf,
  type SiteWorld,
  siteWorld,
} from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
/** A floor with room A (0..100), room B (200..300), a cupboard inside A, and a room without polygon. */
let plan: {
  floor: { id: number; site_id: number };
  a: { id: number };
  b: { id: number };
  cupboard: { id: number };
  undrawn: { id: number };
  upstairs: { id: number; site_id: number };
  upstairsRoom: { id: number };
  /** Zones: west (0..150) and south-east (200..300) on the floor, a site-wide hall (1000..1100). */
  west: { id: number };
  eastZone: { id: number };
  hall: { id: number };
  upstairsZone: { id: number };
};

const square = (x: number, y: number, size: number) =>
  `${x},${y} ${x + size},${y} ${x + size},${y + size} ${x},${y + size}`;

async function zoneWith(floorId: number | null, name: string, polygon: string) {
  const zone = await createZone(t, w.sites.main.id, floorId, name);
  await t.db.update(zones).set({ polygon }).where(eq(zones.id, zone.id));
  return zone;
}

async function withPolygon(location: { id: number }, polygon: string | null) {
  await t.db.update(locations).set({ polygon }).where(eq(locations.id, location.id));
  return location;
}

beforeAll(async () => {
  ({ t, w } = await startWorld(siteWorld));
  const floor = await createFloor(t, w.sites.main.id, 'Plan floor');
  const upstairs = await createFloor(t, w.sites.main.id, 'Plan upstairs');
  plan = {
    floor,
    a: await withPolygon(await createLocation(t, floor, 'Room A'), square(0, 0, 100)),
    b: await withPolygon(await createLocation(t, floor, 'Room B'), square(200, 0, 100)),
    cupboard: await withPolygon(await createLocation(t, floor, 'Cupboard'), square(80, 80, 15)),
    undrawn: await createLocation(t, floor, 'Undrawn'),
    upstairs,
    upstairsRoom: await withPolygon(await createLocation(t, upstairs, 'Upstairs room'), square(0, 0, 500)),
    west: await zoneWith(floor.id, 'West wing', square(0, 0, 150)),
    eastZone: await zoneWith(floor.id, 'East wing', square(200, 0, 100)),
    hall: await zoneWith(null, 'Hall', square(1000, 1000, 100)),
    upstairsZone: await zoneWith(upstairs.id, 'Upstairs zone', square(0, 0, 2000)),
  };
});
afterAll(() => t?.close());

const place = (body: Record<string, unknown>, token = w.tokens.contributor) =>
  t.call('PUT', '/api/site/devices', { token, body });

const deviceRow = async (id: number) => (await rowById(t, devices, id))!;

const onFloor = (values: Partial<typeof devices.$inferInsert> = {}) =>
  createDevice(t, {
    siteId: w.sites.main.id,
    productId: w.products.own.id,
    code: `P-${Math.random().toString(36).slice(2, 8)}`,
    floor_id: plan.floor.id,
    ...values,
  });

describe('PUT /api/site/devices with a plan position', () => {
  it('is for Contributors and above; Readers 403, other tenants 404, and the device is unchanged', async () => {
    const device = await onFloor();
    await expectAccessMatrix(w, 2, (token) =>
      place({ id: device.id, plan_x: 10, plan_y: 10, on_plan: true }, token),
    );
    const before = await deviceRow(device.id);
    const refused = await place({ id: device.id, plan_x: 50, plan_y: 50, on_plan: true }, w.tokens.other);
    expect(refused.statusCode).toBe(404);
    expect(errorList(refused)).toEqual(['Device not found']);
    expect(await deviceRow(device.id)).toEqual(before);
  });

  it('placing inside room A sets location A; moving into room B sets B; the log says so', async () => {
    const device = await onFloor();
    const inA = await place({ id: device.id, plan_x: 10, plan_y: 20.5, on_plan: true });
    expect(inA.statusCode, inA.body).toBe(200);
    expect(inA.json().device).toMatchObject({
      id: device.id,
      on_plan: true,
      plan_x: 10,
      plan_y: 20.5,
      floor_id: plan.floor.id,
      location_id: plan.a.id,
    } satisfies Partial<DeviceDto>);

    const inB = await place({ id: device.id, plan_x: 250, plan_y: 50, on_plan: true });
    expect(inB.json().device).toMatchObject({ plan_x: 250, plan_y: 50, location_id: plan.b.id });
    expect((await logsOf(t, 'Device', device.id)).map((l) => l.note)).toEqual([
      'Device placed on the plan; Device updated (Location, Zone)',
      'Device moved on the plan; Device updated (Location, Zone)',
    ]);
  });

  it('picks the innermost room when rooms nest, and takes form values and on_plan left out', async () => {
    const device = await onFloor();
    const response = await place({ id: device.id, plan_x: 85, plan_y: 85 });
    expect(response.json().device).toMatchObject({ on_plan: true, location_id: plan.cupboard.id });
    const asForm = await t.call('PUT', '/api/site/devices', {
      token: w.tokens.contributor,
      ...form({ id: String(device.id), plan_x: '20', plan_y: '20', on_plan: 'true' }),
    });
    expect(asForm.json().device).toMatchObject({ plan_x: 20, plan_y: 20, location_id: plan.a.id });
  });

  it('outside every polygon clears a location that has a polygon on the floor, and keeps one without', async () => {
    const inRoom = await onFloor({ location_id: plan.a.id });
    const outside = await place({ id: inRoom.id, plan_x: 150, plan_y: 150, on_plan: true });
    expect(outside.json().device).toMatchObject({ on_plan: true, location_id: null, plan_x: 150 });

    const undrawn = await onFloor({ location_id: plan.undrawn.id });
    const kept = await place({ id: undrawn.id, plan_x: 150, plan_y: 150, on_plan: true });
    expect(kept.json().device).toMatchObject({ on_plan: true, location_id: plan.undrawn.id });
    // Dropped inside a drawn room, it moves into that room.
    const moved = await place({ id: undrawn.id, plan_x: 210, plan_y: 10, on_plan: true });
    expect(moved.json().device.location_id).toBe(plan.b.id);
  });

  it('on_plan false takes the device off the plan and keeps its location', async () => {
    const device = await onFloor();
    await place({ id: device.id, plan_x: 10, plan_y: 10, on_plan: true });
    const off = await place({ id: device.id, on_plan: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().device).toMatchObject({
      on_plan: false,
      plan_x: null,
      plan_y: null,
      location_id: plan.a.id,
    });
    expect((await logsOf(t, 'Device', device.id)).map((l) => l.note).at(-1)).toBe(
      'Device taken off the plan',
    );
    const again = await place({ id: device.id, on_plan: 'false' });
    expect(again.statusCode).toBe(200);
    expect(await logsOf(t, 'Device', device.id)).toHaveLength(2);
  });

  it('places on another floor of the site with floor_id: the location comes from that floor; a zone of the old floor goes', async () => {
    const device = await onFloor({ location_id: plan.a.id, zone_id: null });
    const response = await place({
      id: device.id,
      floor_id: plan.upstairs.id,
      plan_x: 400,
      plan_y: 400,
      on_plan: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().device).toMatchObject({
      floor_id: plan.upstairs.id,
      location_id: plan.upstairsRoom.id,
      on_plan: true,
    });
    const foreignFloor = await place({
      id: device.id,
      floor_id: w.elsewhere.floor.id,
      plan_x: 1,
      plan_y: 1,
      on_plan: true,
    });
    expect(foreignFloor.statusCode).toBe(400);
    expect(errorList(foreignFloor)).toEqual([`Floor ${w.elsewhere.floor.id} is not on this site`]);
  });

  it('a floor change without a position takes the device off the plan (its position was on the old plan)', async () => {
    const device = await onFloor();
    await place({ id: device.id, plan_x: 10, plan_y: 10, on_plan: true });
    const moved = await place({ id: device.id, floor_id: plan.upstairs.id });
    expect(moved.json().device).toMatchObject({
      floor_id: plan.upstairs.id,
      location_id: null,
      on_plan: false,
      plan_x: null,
    });
  });

  it('refuses bad positions with codes and never a 500', async () => {
    const device = await onFloor();
    const unplaced = await createDevice(t, { siteId: w.sites.main.id, productId: w.products.own.id });
    const cases: [number, Record<string, unknown>, string][] = [
      [device.id, { plan_x: 10, on_plan: true }, 'plan_position_required'],
      [device.id, { on_plan: true }, 'plan_position_required'],
      [device.id, { plan_y: 3 }, 'plan_position_required'],
      [device.id, { plan_x: 1, plan_y: 2, on_plan: false }, 'plan_position_off_plan'],
      [device.id, { plan_x: 'left', plan_y: 2 }, 'field_not_number'],
      [device.id, { plan_x: Number.NaN, plan_y: 2 }, 'field_not_number'],
      [device.id, { plan_x: '1e400', plan_y: 2 }, 'field_not_number'],
      [device.id, { plan_x: 2e7, plan_y: 2 }, 'field_max'],
      [device.id, { plan_x: 1, plan_y: -2e7 }, 'field_min'],
      [device.id, { plan_x: 1, plan_y: 2, on_plan: 'maybe' }, 'field_not_boolean'],
      [unplaced.id, { plan_x: 1, plan_y: 2, on_plan: true }, 'plan_needs_floor'],
      [device.id, { floor_id: '', plan_x: 1, plan_y: 2, on_plan: true }, 'plan_needs_floor'],
    ];
    for (const [id, body, code] of cases) {
      const response = await place({ id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect([response.json().code].flat(), JSON.stringify(body)).toContain(code);
    }
    expect(await deviceRow(device.id)).toMatchObject({ on_plan: false, plan_x: null });
  });

  it('sets the zone whose polygon holds the point, on the floor or site-wide; outside any keeps none', async () => {
    const device = await onFloor({ zone_id: null });
    const inWest = await place({ id: device.id, plan_x: 10, plan_y: 10, on_plan: true });
    expect(inWest.statusCode, inWest.body).toBe(200);
    expect(inWest.json().device).toMatchObject({ location_id: plan.a.id, zone_id: plan.west.id });
    expect((await deviceRow(device.id)).zone_id).toBe(plan.west.id);

    const inEast = await place({ id: device.id, plan_x: 250, plan_y: 50, on_plan: true });
    expect(inEast.json().device).toMatchObject({ location_id: plan.b.id, zone_id: plan.eastZone.id });

    // The hall has no floor: it holds points of every floor's plan.
    const inHall = await place({ id: device.id, plan_x: 1050, plan_y: 1050, on_plan: true });
    expect(inHall.json().device).toMatchObject({ zone_id: plan.hall.id, location_id: null });

    const none = await onFloor({ zone_id: null });
    const outside = await place({ id: none.id, plan_x: 500, plan_y: 500, on_plan: true });
    expect(outside.statusCode, outside.body).toBe(200);
    expect(outside.json().device).toMatchObject({ zone_id: null, location_id: null, on_plan: true });
  });

  it('outside every zone polygon clears a drawn zone the device left, and keeps an undrawn one', async () => {
    const leaving = await onFloor({ zone_id: plan.west.id });
    const left = await place({ id: leaving.id, plan_x: 500, plan_y: 500, on_plan: true });
    expect(left.json().device.zone_id).toBeNull();

    const undrawn = await createZone(t, w.sites.main.id, plan.floor.id, 'Undrawn zone');
    const kept = await onFloor({ zone_id: undrawn.id });
    const stays = await place({ id: kept.id, plan_x: 500, plan_y: 500, on_plan: true });
    expect(stays.json().device.zone_id).toBe(undrawn.id);
    // A zone of another floor's plan never holds a point of this one.
    const upstairsOnly = await place({ id: kept.id, plan_x: 1500, plan_y: 1500, on_plan: true });
    expect(upstairsOnly.json().device.zone_id).toBe(undrawn.id);
  });
});
