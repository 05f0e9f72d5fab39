/** PUT /api/site/devices takes a device's place in a rack, checked and logged as the rack call does. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, type products, racks } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice, createProduct } from '../support/factories.ts';
import { errorList, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let rackSwitch: typeof products.$inferSelect;
let rackId: number;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  rackSwitch = await createProduct(t, w.a.id, { name: 'Rack Switch', rack_mounted: true, rack_units: 2 });
  const [rack] = await t.db
    .insert(racks)
    .values({ site_id: w.sites.main.id, location_id: w.locations.lobby.id, name: 'Rack D', u_height: 10 })
    .returning();
  rackId = rack!.id;
}, 120_000);
afterAll(() => t?.close());

const put = (token: string, body: Record<string, unknown>) =>
  t.call('PUT', '/api/site/devices', { token, body });
const rowOf = async (id: number) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!;

describe('a device placed in a rack through PUT /api/site/devices', () => {
  it('takes the rack, the U and the face, logs them, and takes the device out again', async () => {
    const device = await createDevice(t, { siteId: w.sites.main.id, productId: rackSwitch.id, code: 'RK-1' });
    const placed = await put(w.tokens.contributor, {
      id: device.id,
      rack_id: rackId,
      rack_u: 3,
      rack_face: 'front',
    });
    expect(placed.statusCode).toBe(200);
    expect(await rowOf(device.id)).toMatchObject({ rack_id: rackId, rack_u: 3, rack_face: 'front' });
    const logs = await logsOf(t, 'Device', device.id);
    expect(logs.map((log) => log.note)).toContain('Device updated (Rack, Position (U), Face)');

    const out = await put(w.tokens.contributor, {
      id: device.id,
      rack_id: null,
      rack_u: null,
      rack_face: null,
    });
    expect(out.statusCode).toBe(200);
    expect(await rowOf(device.id)).toMatchObject({ rack_id: null, rack_u: null, rack_face: null });
  });

  it('refuses an overlap naming the device there, half a place, and a Reader, writing nothing', async () => {
    await createDevice(t, {
      siteId: w.sites.main.id,
      productId: rackSwitch.id,
      code: 'RK-THERE',
      rack_id: rackId,
      rack_u: 7,
      rack_face: 'front',
    });
    const device = await createDevice(t, { siteId: w.sites.main.id, productId: rackSwitch.id, code: 'RK-2' });
    const overlap = await put(w.tokens.contributor, {
      id: device.id,
      rack_id: rackId,
      rack_u: 8,
      rack_face: 'front',
    });
    expect(overlap.statusCode).toBe(400);
    expect(errorList(overlap)).toEqual(['These Us are taken by RK-THERE (from U 7)']);
    const half = await put(w.tokens.contributor, { id: device.id, rack_id: rackId });
    expect(half.statusCode).toBe(400);
    const reader = await put(w.tokens.reader, {
      id: device.id,
      rack_id: rackId,
      rack_u: 1,
      rack_face: 'front',
    });
    expect(reader.statusCode).toBe(403);
    expect(await rowOf(device.id)).toMatchObject({ rack_id: null, rack_u: null });
  });

  it('refuses a product that is not rack-mounted and a rack of another site', async () => {
    const loose = await put(w.tokens.contributor, {
      id: w.device.id,
      rack_id: rackId,
      rack_u: 1,
      rack_face: 'rear',
    });
    expect(loose.statusCode).toBe(400);
    expect(errorList(loose)).toEqual(['Library Switch is not a rack-mounted product']);
    const [elsewhere] = await t.db
      .insert(racks)
      .values({ site_id: w.sites.second.id, location_id: w.elsewhere.location.id, name: 'Far' })
      .returning();
    const device = await createDevice(t, { siteId: w.sites.main.id, productId: rackSwitch.id, code: 'RK-3' });
    const far = await put(w.tokens.contributor, {
      id: device.id,
      rack_id: elsewhere!.id,
      rack_u: 1,
      rack_face: 'rear',
    });
    expect(far.statusCode).toBe(400);
  });
});
