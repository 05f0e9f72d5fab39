import type { RackDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, type products, racks } from '../../src/db/schema.ts';
import { placeInRack } from '../../src/modules/racks/placement.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice, createProduct } from '../support/factories.ts';
import { errorList, expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let oneU: typeof products.$inferSelect;
let twoU: typeof products.$inferSelect;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  oneU = await createProduct(t, w.a.id, { name: 'Rack Switch', rack_mounted: true, rack_units: 1 });
  twoU = await createProduct(t, w.a.id, { name: 'Rack UPS', rack_mounted: true, rack_units: 1.5 });
}, 120_000);
afterAll(() => t?.close());

async function newRack(values: Partial<typeof racks.$inferInsert> = {}) {
  const [rack] = await t.db
    .insert(racks)
    .values({ site_id: w.sites.main.id, location_id: w.locations.lobby.id, name: 'Rack', ...values })
    .returning();
  return rack!;
}
async function deviceRow(id: number) {
  const [row] = await t.db.select().from(devices).where(eq(devices.id, id));
  return row!;
}
const racked = (values: Partial<typeof devices.$inferInsert> & { productId?: number } = {}) =>
  createDevice(t, { siteId: w.sites.main.id, productId: oneU.id, ...values });
const place = (token: string, body: Record<string, unknown>) =>
  t.call('PUT', '/api/site/racks/place', { token, body });

describe('racks', () => {
  it('GET lists the racks with their devices and the Us each fills, for Readers up; another tenant 404', async () => {
    const rack = await newRack({ name: 'Listed', u_height: 24 });
    const ups = await racked({ productId: twoU.id, rack_id: rack.id, rack_u: 1, rack_face: 'front' });
    const sw = await racked({ rack_id: rack.id, rack_u: 10, rack_face: 'rear' });
    const answers = await expectAccessMatrix(w, 1, (token) =>
      t.call('GET', `/api/site/racks?site_id=${w.sites.main.id}`, { token }),
    );
    expect(errorList(answers.other)).toEqual(['Site not found']);
    const listed = (answers.reader.json().racks as RackDto[]).find((r) => r.id === rack.id);
    expect(listed).toEqual({
      id: rack.id,
      site_id: w.sites.main.id,
      location_id: w.locations.lobby.id,
      name: 'Listed',
      u_height: 24,
      numbering: 'bottom_up',
      devices: [
        { device_id: ups.id, rack_u: 1, rack_face: 'front', units: 2 },
        { device_id: sw.id, rack_u: 10, rack_face: 'rear', units: 1 },
      ],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('POST creates a rack (42 U, bottom up by default) for Contributors up and logs it', async () => {
    const answers = await expectAccessMatrix(w, 2, (token, user) =>
      t.call('POST', '/api/site/racks', {
        token,
        body: { site_id: w.sites.main.id, location_id: w.locations.lobby.id, name: `Rack of ${user}` },
      }),
    );
    expect(errorList(answers.other)).toEqual(['Site not found']);
    const rack = answers.contributor.json().rack as RackDto;
    expect(rack).toMatchObject({
      name: 'Rack of contributor',
      u_height: 42,
      numbering: 'bottom_up',
      devices: [],
    });
    const [log] = await logsOf(t, 'Rack', rack.id);
    expect(log).toMatchObject({
      action: 'created',
      parent_model: 'Location',
      parent_id: w.locations.lobby.id,
    });
  });

  it('POST refuses a location of another site (400) and bad input (400)', async () => {
    const body = { site_id: w.sites.main.id, location_id: w.elsewhere.location.id, name: 'Stray' };
    const stray = await t.call('POST', '/api/site/racks', { token: w.tokens.contributor, body });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().code).toBe('location_not_on_site');
    for (const bad of [
      { site_id: w.sites.main.id, location_id: w.locations.lobby.id, name: '' },
      { site_id: w.sites.main.id, location_id: w.locations.lobby.id, name: 'X', u_height: 0 },
      { site_id: w.sites.main.id, location_id: w.locations.lobby.id, name: 'X', u_height: 61 },
      { site_id: w.sites.main.id, location_id: w.locations.lobby.id, name: 'X', u_height: 4.5 },
      { site_id: w.sites.main.id, location_id: w.locations.lobby.id, name: 'X', numbering: 'sideways' },
      { site_id: w.sites.main.id, name: 'X' },
    ]) {
      const response = await t.call('POST', '/api/site/racks', { token: w.tokens.contributor, body: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('PUT edits a rack, refuses a stale edit (409), and a height below a device’s top naming it', async () => {
    const rack = await newRack({ name: 'Edited', u_height: 20 });
    await racked({ code: 'SW-TOP', rack_id: rack.id, rack_u: 15, rack_face: 'front' });
    const refused = await t.call('PUT', '/api/site/racks', {
      token: w.tokens.reader,
      body: { id: rack.id, name: 'Nope' },
    });
    expect(refused.statusCode).toBe(403);
    const short = await t.call('PUT', '/api/site/racks', {
      token: w.tokens.contributor,
      body: { id: rack.id, u_height: 14 },
    });
    expect(short.statusCode).toBe(400);
    expect(errorList(short)).toEqual(['SW-TOP sits up to U 15: the rack cannot be lower']);
    const edited = await t.call('PUT', '/api/site/racks', {
      token: w.tokens.contributor,
      body: { id: rack.id, u_height: 15, numbering: 'top_down', updated_at: rack.updated_at.toISOString() },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().rack).toMatchObject({ u_height: 15, numbering: 'top_down' });
    const stale = await t.call('PUT', '/api/site/racks', {
      token: w.tokens.contributor,
      body: { id: rack.id, name: 'Late', updated_at: rack.updated_at.toISOString() },
    });
    expect(stale.statusCode).toBe(409);
    const foreign = await t.call('PUT', '/api/site/racks', {
      token: w.tokens.other,
      body: { id: rack.id, name: 'Theirs' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('rack_not_found');
    const moved = await t.call('PUT', '/api/site/racks', {
      token: w.tokens.contributor,
      body: { id: rack.id, location_id: w.elsewhere.location.id },
    });
    expect(moved.statusCode).toBe(400);
    const logs = await logsOf(t, 'Rack', rack.id);
    expect(logs.map((log) => log.note)).toEqual(['Rack updated (Height (U), Numbering)']);
  });

  it('DELETE unplaces the rack’s devices in the same call, each logged; Readers 403, another tenant 404', async () => {
    const rack = await newRack({ name: 'Doomed' });
    const a = await racked({ code: 'DOOM-1', rack_id: rack.id, rack_u: 1, rack_face: 'front' });
    const b = await racked({ code: 'DOOM-2', rack_id: rack.id, rack_u: 2, rack_face: 'front' });
    expect(
      (await t.call('DELETE', `/api/site/racks?id=${rack.id}`, { token: w.tokens.reader })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('DELETE', `/api/site/racks?id=${rack.id}`, { token: w.tokens.other })).statusCode,
    ).toBe(404);
    const response = await t.call('DELETE', `/api/site/racks?id=${rack.id}`, { token: w.tokens.contributor });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ unplaced_devices: 2 });
    for (const device of [a, b]) {
      expect(await deviceRow(device.id)).toMatchObject({ rack_id: null, rack_u: null, rack_face: null });
      const [log] = await logsOf(t, 'Device', device.id);
      expect(log).toMatchObject({ action: 'updated', note: 'Device updated (Rack; rack Doomed deleted)' });
    }
    expect(await t.db.select().from(racks).where(eq(racks.id, rack.id))).toEqual([]);
    const [log] = await logsOf(t, 'Rack', rack.id);
    expect(log).toMatchObject({ action: 'deleted', params: { devices: 2 } });
  });
});

describe('a device’s place in a rack', () => {
  it('PUT place puts a device on a U, moves it and takes it out, logged on the device', async () => {
    const rack = await newRack({ name: 'Placing', u_height: 10 });
    const device = await racked({ code: 'PLACE-1' });
    const answers = await expectAccessMatrix(w, 2, async (token) => {
      await t.db
        .update(devices)
        .set({ rack_id: null, rack_u: null, rack_face: null })
        .where(eq(devices.id, device.id));
      return place(token, { device_id: device.id, rack_id: rack.id, rack_u: 3, rack_face: 'front' });
    });
    expect(errorList(answers.other)).toEqual(['Device not found']);
    expect(answers.contributor.json().device).toMatchObject({ id: device.id, rack_id: rack.id, rack_u: 3 });
    // The last one asked (another tenant) found it out of the rack: put back at U 3 first.
    const first = { device_id: device.id, rack_id: rack.id, rack_u: 3, rack_face: 'front' };
    expect((await place(w.tokens.contributor, first)).statusCode).toBe(200);
    const moved = await place(w.tokens.contributor, {
      device_id: device.id,
      rack_id: rack.id,
      rack_u: 5,
      rack_face: 'rear',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await deviceRow(device.id)).toMatchObject({ rack_id: rack.id, rack_u: 5, rack_face: 'rear' });
    const out = await place(w.tokens.contributor, { device_id: device.id, rack_id: null });
    expect(out.statusCode, out.body).toBe(200);
    expect(await deviceRow(device.id)).toMatchObject({ rack_id: null, rack_u: null, rack_face: null });
    const notes = (await logsOf(t, 'Device', device.id)).map((log) => log.note);
    expect(notes.slice(-2)).toEqual([
      'Device updated (Position (U), Face)',
      'Device updated (Rack, Position (U), Face)',
    ]);
  });

  it('refuses an overlap naming the device in the way, past the top, out of range and half a place', async () => {
    const rack = await newRack({ name: 'Full', u_height: 10 });
    await racked({ code: 'BLOCKER', productId: twoU.id, rack_id: rack.id, rack_u: 4, rack_face: 'front' });
    const device = await racked({ code: 'MOVER', productId: twoU.id });
    const refusal = async (body: Record<string, unknown>) => {
      const response = await place(w.tokens.contributor, { device_id: device.id, ...body });
      expect(response.statusCode, response.body).toBe(400);
      return errorList(response);
    };
    expect(await refusal({ rack_id: rack.id, rack_u: 5, rack_face: 'front' })).toEqual([
      'These Us are taken by BLOCKER (from U 4)',
    ]);
    expect(await refusal({ rack_id: rack.id, rack_u: 3, rack_face: 'front' })).toEqual([
      'These Us are taken by BLOCKER (from U 4)',
    ]);
    expect(await refusal({ rack_id: rack.id, rack_u: 10, rack_face: 'front' })).toEqual([
      'The device would reach U 11, past the top of the rack (10 U)',
    ]);
    expect(await refusal({ rack_id: rack.id, rack_u: 11, rack_face: 'front' })).toEqual([
      'The position must be a U from 1 to 10',
    ]);
    expect(await refusal({ rack_id: rack.id, rack_u: 2 })).toEqual([
      'A place in a rack needs the rack, the position and the face',
    ]);
    expect(await refusal({ rack_id: rack.id, rack_u: 1, rack_face: 'sideways' })).toHaveLength(1);
    const other = await newRack({ site_id: w.sites.second.id, location_id: w.elsewhere.location.id });
    expect(await refusal({ rack_id: other.id, rack_u: 1, rack_face: 'front' })).toEqual([
      `Rack ${other.id} is not on this site`,
    ]);
    // The other face of the same Us is free.
    const rear = await place(w.tokens.contributor, {
      device_id: device.id,
      rack_id: rack.id,
      rack_u: 4,
      rack_face: 'rear',
    });
    expect(rear.statusCode, rear.body).toBe(200);
    expect(await deviceRow(device.id)).toMatchObject({ rack_u: 4, rack_face: 'rear' });
  });

  it('refuses a product that is not rack-mounted, and a stale drag (409)', async () => {
    const rack = await newRack({ name: 'Picky' });
    const camera = await racked({ productId: w.products.own.id });
    const response = await place(w.tokens.contributor, {
      device_id: camera.id,
      rack_id: rack.id,
      rack_u: 1,
      rack_face: 'front',
    });
    expect(response.statusCode).toBe(400);
    expect(errorList(response)).toEqual(['Own Camera is not a rack-mounted product']);
    const device = await racked();
    const stale = await place(w.tokens.contributor, {
      device_id: device.id,
      rack_id: rack.id,
      rack_u: 1,
      rack_face: 'front',
      updated_at: new Date(device.updated_at.getTime() - 1000).toISOString(),
    });
    expect(stale.statusCode).toBe(409);
    expect(await deviceRow(device.id)).toMatchObject({ rack_id: null });
  });

  it('placeInRack answers the columns to write, for the devices service', async () => {
    const rack = await newRack({ name: 'Service' });
    const device = await racked();
    const site = w.sites.main;
    await t.db.transaction(async (tx) => {
      expect(
        await placeInRack(tx, site, device, oneU, { rack_id: null, rack_u: null, rack_face: null }),
      ).toEqual({
        rack_id: null,
        rack_u: null,
        rack_face: null,
      });
      expect(
        await placeInRack(tx, site, device, oneU, { rack_id: rack.id, rack_u: 42, rack_face: 'rear' }),
      ).toEqual({
        rack_id: rack.id,
        rack_u: 42,
        rack_face: 'rear',
      });
    });
  });
});
