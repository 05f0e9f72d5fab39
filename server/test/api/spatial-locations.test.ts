import { type LocationDto, POLYGON_MAX_POINTS } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, attachments, devices, layers, locations, zones } from '../../src/db/schema.ts';
import { startWorld, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { rowById } from '../support/rows.ts';
import {
  createLayer,
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

beforeAll(async () => ({ t, w } = await startWorld(siteWorld)));
afterAll(() => t?.close());

const SQUARE = '0,0 100,0 100,100 0,100';

const locationRow = (id: number) => rowById(t, locations, id);
const zoneRow = (id: number) => rowById(t, zones, id);
const deviceRow = async (id: number) => (await rowById(t, devices, id))!;
const newDevice = (values: Partial<typeof devices.$inferInsert>) =>
  createDevice(t, { siteId: w.sites.main.id, productId: w.products.own.id, ...values });

describe('locations', () => {
  it('POST is for Contributors and above; Readers 403, other tenants 404 (floor_not_found)', async () => {
    const answers = await expectAccessMatrix(w, 2, (token, user) =>
      t.call('POST', '/api/site/locations', {
        token,
        body: { floor_id: w.floors.ground.id, name: `Room of ${user}` },
      }),
    );
    expect(errorList(answers.other)).toEqual(['Floor not found']);
  });

  it('creates a location with type (any case) and polygon (normalised), on the floor’s site, and logs it under the floor', async () => {
    const response = await t.call('POST', '/api/site/locations', {
      token: w.tokens.contributor,
      body: {
        floor_id: w.floors.first.id,
        name: 'Board room',
        code: 'BR',
        location_type: 'meeting room',
        polygon: ' 10,10   200.004,10 200,120.5 ',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const location = response.json().location as LocationDto;
    expect(location).toEqual({
      id: expect.any(Number),
      site_id: w.sites.main.id,
      floor_id: w.floors.first.id,
      name: 'Board room',
      code: 'BR',
      location_type: 'Meeting Room',
      polygon: '10,10 200,10 200,120.5',
      tags: [],
      custom_fields: {},
      updated_at: expect.any(String),
    });
    const [log] = await logsOf(t, 'Location', location.id);
    expect(log).toMatchObject({
      note: 'Location created',
      site_id: w.sites.main.id,
      tenant_id: w.a.id,
      parent_model: 'Floor',
      parent_id: w.floors.first.id,
      parent_name: 'First',
    });
    expect(log!.changes).toEqual({
      name: { to: 'Board room' },
      code: { to: 'BR' },
      location_type: { to: 'Meeting Room' },
      polygon: { to: '10,10 200,10 200,120.5' },
    });
    const site = await t.call('GET', `/api/site/refresh_site?id=${w.sites.main.id}`, {
      token: w.tokens.reader,
    });
    const first = site.json().site.floors.find((f: { id: number }) => f.id === w.floors.first.id);
    expect(first.locations.map((l: LocationDto) => l.name)).toContain('Board room');
  });

  it('validates polygons with codes: too few points, too many, bad points, non-finite numbers', async () => {
    const tooMany = Array.from({ length: POLYGON_MAX_POINTS + 1 }, (_, i) => `${i},${i % 7}`).join(' ');
    const cases: [unknown, string][] = [
      ['0,0 1,1', 'polygon_too_few_points'],
      ['0,0', 'polygon_too_few_points'],
      [tooMany, 'polygon_too_many_points'],
      ['0,0 1,1 x,2', 'polygon_bad_point'],
      ['0,0 1,1 2;2', 'polygon_bad_point'],
      ['0,0 1,1 NaN,2', 'polygon_bad_point'],
      ['0,0 1,1 Infinity,2', 'polygon_bad_point'],
      ['0,0 1,1 1e400,2', 'polygon_bad_point'],
      ['0,0 1,1 99999999999,2', 'polygon_bad_point'],
      [42, 'field_not_text'],
      [['0,0'], 'field_not_text'],
      [`${'9'.repeat(200_000)},0 1,1 2,2`, 'polygon_too_many_points'],
    ];
    const location = await createLocation(t, w.floors.ground, 'Validated');
    for (const [polygon, code] of cases) {
      const response = await t.call('PUT', '/api/site/locations', {
        token: w.tokens.contributor,
        body: { id: location.id, polygon },
      });
      expect(response.statusCode, String(polygon).slice(0, 40)).toBe(400);
      expect([response.json().code].flat(), String(polygon).slice(0, 40)).toContain(code);
    }
    expect((await locationRow(location.id))!.polygon).toBeNull();
    const badType = await t.call('POST', '/api/site/locations', {
      token: w.tokens.contributor,
      body: { floor_id: w.floors.ground.id, name: 'X', location_type: 'kitchen' },
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ code: 'field_one_of', params: { field: 'location_type' } });
  });

  it('PUT changes name, code, type and polygon, clears the polygon with "" and logs the fields; other tenants 404 unchanged', async () => {
    const location = await createLocation(t, w.floors.ground, 'Storage');
    const response = await t.call('PUT', '/api/site/locations', {
      token: w.tokens.contributor,
      ...form({ id: String(location.id), name: 'Store', location_type: 'Workspace', polygon: SQUARE }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().location).toMatchObject({
      name: 'Store',
      location_type: 'Workspace',
      polygon: SQUARE,
    });
    const cleared = await t.call('PUT', '/api/site/locations', {
      token: w.tokens.contributor,
      body: { id: location.id, polygon: '' },
    });
    expect(cleared.json().location.polygon).toBeNull();
    expect((await logsOf(t, 'Location', location.id)).map((l) => [l.note, l.changes])).toEqual([
      [
        'Location updated (Name, Location Type, Polygon)',
        {
          name: { from: 'Storage', to: 'Store' },
          location_type: { from: 'room', to: 'Workspace' },
          polygon: { from: null, to: SQUARE },
        },
      ],
      ['Location updated (Polygon)', { polygon: { from: SQUARE, to: null } }],
    ]);

    const before = await locationRow(location.id);
    for (const token of [w.tokens.other, w.tokens.noAccess]) {
      const foreign = await t.call('PUT', '/api/site/locations', {
        token,
        body: { id: location.id, name: 'x' },
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('location_not_found');
    }
    const reader = await t.call('PUT', '/api/site/locations', {
      token: w.tokens.reader,
      body: { id: location.id, polygon: SQUARE },
    });
    expect(reader.statusCode).toBe(403);
    expect(await locationRow(location.id)).toEqual(before);
  });

  it('PUT floor_id moves the location with its devices: their floor follows, a zone of another floor goes, they leave the plan', async () => {
    const location = await createLocation(t, w.floors.ground, 'Moving room');
    const device = await newDevice({
      floor_id: w.floors.ground.id,
      location_id: location.id,
      zone_id: w.zones.groundZone.id,
      on_plan: true,
      plan_x: 5,
      plan_y: 5,
    });
    const siteWide = await newDevice({
      floor_id: w.floors.ground.id,
      location_id: location.id,
      zone_id: w.zones.siteZone.id,
    });
    const response = await t.call('PUT', '/api/site/locations', {
      token: w.tokens.contributor,
      body: { id: location.id, floor_id: w.floors.first.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().location.floor_id).toBe(w.floors.first.id);
    expect(await deviceRow(device.id)).toMatchObject({
      floor_id: w.floors.first.id,
      location_id: location.id,
      zone_id: null,
      on_plan: false,
      plan_x: null,
    });
    expect(await deviceRow(siteWide.id)).toMatchObject({
      floor_id: w.floors.first.id,
      zone_id: w.zones.siteZone.id,
    });
    expect((await logsOf(t, 'Location', location.id)).at(-1)).toMatchObject({
      note: 'Location updated (Floor); 2 devices moved along',
      parent_model: 'Floor',
      parent_name: 'First',
      changes: { floor_id: { from: w.floors.ground.id, to: w.floors.first.id } },
    });
    expect(
      (await logsOf(t, 'Device', siteWide.id)).map((l) => [l.parent_model, l.parent_name, l.changes]),
    ).toEqual([
      ['Location', location.name, { floor_id: { from: w.floors.ground.id, to: w.floors.first.id } }],
    ]);
    const otherSite = await t.call('PUT', '/api/site/locations', {
      token: w.tokens.contributor,
      body: { id: location.id, floor_id: w.elsewhere.floor.id },
    });
    expect(otherSite.statusCode).toBe(400);
    expect(otherSite.json()).toMatchObject({
      code: 'floor_not_on_site',
      params: { id: w.elsewhere.floor.id },
    });
  });

  it('DELETE is refused with 409 and the count, or moves the devices out; files go to the floor', async () => {
    const location = await createLocation(t, w.floors.ground, 'Doomed room');
    const device = await newDevice({
      floor_id: w.floors.ground.id,
      location_id: location.id,
      on_plan: true,
      plan_x: 1,
      plan_y: 1,
    });
    const [file] = await t.db
      .insert(attachments)
      .values({
        site_id: w.sites.main.id,
        url: 'attachments/1/a.pdf',
        filename: 'a.pdf',
        file_type: 'pdf',
        attachable_type: 'Location',
        attachable_id: location.id,
      })
      .returning();

    const refused = await t.call('DELETE', `/api/site/locations?id=${location.id}`, {
      token: w.tokens.contributor,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'location_has_devices',
      params: { count: 1 },
      error: '1 device is still in this location; move it out to delete the location',
    });
    expect(
      (
        await t.call('DELETE', `/api/site/locations?id=${location.id}&move_devices=true`, {
          token: w.tokens.reader,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call('DELETE', `/api/site/locations?id=${location.id}&move_devices=true`, {
          token: w.tokens.other,
        })
      ).statusCode,
    ).toBe(404);
    expect(await locationRow(location.id)).toBeDefined();

    const response = await t.call('DELETE', `/api/site/locations?id=${location.id}&move_devices=1`, {
      token: w.tokens.contributor,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ location: { id: location.id }, moved_devices: 1 });
    expect(await locationRow(location.id)).toBeUndefined();
    // Only the location is cleared: the device stays on its floor and on the plan.
    expect(await deviceRow(device.id)).toMatchObject({
      floor_id: w.floors.ground.id,
      location_id: null,
      on_plan: true,
    });
    const [fileAfter] = await t.db.select().from(attachments).where(eq(attachments.id, file!.id));
    expect(fileAfter).toMatchObject({ attachable_type: 'Floor', attachable_id: w.floors.ground.id });
    expect((await logsOf(t, 'Location', location.id)).at(-1)).toMatchObject({
      note: 'Location deleted (1 device moved out)',
      parent_model: 'Floor',
      parent_name: 'Ground',
      changes: { name: { from: 'Doomed room' }, code: { from: 'Doo' }, location_type: { from: 'room' } },
    });
    // The device now hangs on its floor.
    expect((await logsOf(t, 'Device', device.id)).at(-1)).toMatchObject({
      parent_model: 'Floor',
      parent_name: 'Ground',
      changes: { location_id: { from: location.id, to: null } },
    });
  });
});

describe('zones', () => {
  it('POST on a floor or site-wide; Contributors and above; other tenants 404', async () => {
    const answers = await expectAccessMatrix(w, 2, (token, user) =>
      t.call('POST', '/api/site/zones', {
        token,
        body: {
          floor_id: w.floors.ground.id,
          site_id: w.sites.main.id,
          name: `Zone of ${user}`,
          polygon: SQUARE,
        },
      }),
    );
    expect(answers.contributor.json().zone).toMatchObject({
      floor_id: w.floors.ground.id,
      site_id: w.sites.main.id,
      polygon: SQUARE,
    });
    const siteWide = await t.call('POST', '/api/site/zones', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, name: 'Everywhere', code: 'ALL' },
    });
    expect(siteWide.statusCode, siteWide.body).toBe(200);
    expect(siteWide.json().zone).toMatchObject({
      floor_id: null,
      name: 'Everywhere',
      code: 'ALL',
      polygon: null,
    });
    expect(
      (await logsOf(t, 'Zone', siteWide.json().zone.id)).map((l) => [l.note, l.parent_model, l.changes]),
    ).toEqual([['Zone created', 'Site', { name: { to: 'Everywhere' }, code: { to: 'ALL' } }]]);
  });

  it('POST refuses a zone without floor or site, a floor of another site, and a polygon without floor', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'Nowhere' }, 400, 'zone_floor_or_site'],
      [{ floor_id: w.floors.ground.id, site_id: w.sites.second.id, name: 'Mixed' }, 400, 'floor_not_on_site'],
      [{ site_id: w.sites.main.id, name: 'Drawn', polygon: SQUARE }, 400, 'zone_polygon_needs_floor'],
      [{ site_id: w.sites.main.id, name: 'Bad', polygon: '1,1 2,2' }, 400, 'polygon_too_few_points'],
      [{ site_id: w.sites.foreign.id, name: 'Theirs' }, 404, 'site_not_found'],
      [{ floor_id: w.elsewhere.floor.id, name: 'Not shared' }, 404, 'floor_not_found'],
    ];
    for (const [body, status, code] of cases) {
      const token = code === 'floor_not_found' ? w.tokens.reader : w.tokens.contributor;
      const response = await t.call('POST', '/api/site/zones', { token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect([response.json().code].flat()).toContain(code);
    }
  });

  it('PUT moves a zone to another floor (devices of other floors leave it) or makes it site-wide (its polygon goes)', async () => {
    const zone = await createZone(t, w.sites.main.id, w.floors.ground.id, 'Wandering zone');
    await t.db.update(zones).set({ polygon: SQUARE }).where(eq(zones.id, zone.id));
    const onGround = await newDevice({ floor_id: w.floors.ground.id, zone_id: zone.id });
    const moved = await t.call('PUT', '/api/site/zones', {
      token: w.tokens.contributor,
      body: { id: zone.id, floor_id: w.floors.first.id, name: 'Upstairs zone' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().zone).toMatchObject({
      floor_id: w.floors.first.id,
      name: 'Upstairs zone',
      polygon: SQUARE,
    });
    expect((await deviceRow(onGround.id)).zone_id).toBeNull();
    expect((await logsOf(t, 'Device', onGround.id)).map((l) => l.note)).toEqual([
      'Device updated (Zone; zone Wandering zone moved to floor First)',
    ]);

    const wide = await t.call('PUT', '/api/site/zones', {
      token: w.tokens.contributor,
      body: { id: zone.id, floor_id: '' },
    });
    expect(wide.json().zone).toMatchObject({ floor_id: null, polygon: null });
    const drawn = await t.call('PUT', '/api/site/zones', {
      token: w.tokens.contributor,
      body: { id: zone.id, polygon: SQUARE },
    });
    expect(drawn.statusCode).toBe(400);
    expect(drawn.json().code).toBe('zone_polygon_needs_floor');
    expect((await logsOf(t, 'Zone', zone.id)).map((l) => [l.note, l.parent_name, l.changes])).toEqual([
      [
        'Zone updated (Name, Floor); 1 device left it',
        'First',
        {
          name: { from: 'Wandering zone', to: 'Upstairs zone' },
          floor_id: { from: w.floors.ground.id, to: w.floors.first.id },
        },
      ],
      [
        'Zone updated (Polygon, Floor)',
        'Main',
        { polygon: { from: SQUARE, to: null }, floor_id: { from: w.floors.first.id, to: null } },
      ],
    ]);
    expect((await logsOf(t, 'Device', onGround.id))[0]!.changes).toEqual({
      zone_id: { from: zone.id, to: null },
    });

    const before = await zoneRow(zone.id);
    expect(
      (await t.call('PUT', '/api/site/zones', { token: w.tokens.other, body: { id: zone.id, name: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('PUT', '/api/site/zones', { token: w.tokens.reader, body: { id: zone.id, name: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect(await zoneRow(zone.id)).toEqual(before);
  });

  it('DELETE is refused with 409 and the count, or clears the zone of its devices', async () => {
    const zone = await createZone(t, w.sites.main.id, w.floors.ground.id, 'Short-lived zone');
    const device = await newDevice({ floor_id: w.floors.ground.id, zone_id: zone.id });
    const refused = await t.call('DELETE', `/api/site/zones?id=${zone.id}`, { token: w.tokens.contributor });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'zone_has_devices', params: { count: 1 } });
    expect(
      (await t.call('DELETE', `/api/site/zones?id=${zone.id}`, { token: w.tokens.other })).statusCode,
    ).toBe(404);
    const response = await t.call('DELETE', `/api/site/zones?id=${zone.id}&move_devices=true`, {
      token: w.tokens.contributor,
    });
    expect(response.json()).toMatchObject({ zone: { id: zone.id }, moved_devices: 1 });
    expect(await deviceRow(device.id)).toMatchObject({ zone_id: null, floor_id: w.floors.ground.id });
    expect(await zoneRow(zone.id)).toBeUndefined();
  });
});

describe('layers', () => {
  it('POST and PUT for Contributors and above, with logs; other tenants 404 and unchanged', async () => {
    await expectAccessMatrix(w, 2, (token, user) =>
      t.call('POST', '/api/site/layers', {
        token,
        body: { site_id: w.sites.main.id, name: `Layer ${user}` },
      }),
    );
    const created = await t.call('POST', '/api/site/layers', {
      token: w.tokens.contributor,
      ...form({ site_id: String(w.sites.main.id), name: 'Security', code: 'SEC' }),
    });
    const layer = created.json().layer;
    expect(layer).toEqual({
      id: expect.any(Number),
      site_id: w.sites.main.id,
      name: 'Security',
      code: 'SEC',
    });
    const updated = await t.call('PUT', '/api/site/layers', {
      token: w.tokens.contributor,
      body: { id: layer.id, name: 'Safety', code: null },
    });
    expect(updated.json().layer).toMatchObject({ name: 'Safety', code: null });
    const unchanged = await t.call('PUT', '/api/site/layers', {
      token: w.tokens.contributor,
      body: { id: layer.id, name: 'Safety' },
    });
    expect(unchanged.statusCode).toBe(200);
    expect((await logsOf(t, 'Layer', layer.id)).map((l) => [l.note, l.changes])).toEqual([
      ['Layer created', { name: { to: 'Security' }, code: { to: 'SEC' } }],
      [
        'Layer updated (Name, Code)',
        { name: { from: 'Security', to: 'Safety' }, code: { from: 'SEC', to: null } },
      ],
    ]);
    const [before] = await t.db.select().from(layers).where(eq(layers.id, layer.id));
    const foreign = await t.call('PUT', '/api/site/layers', {
      token: w.tokens.other,
      body: { id: layer.id, name: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('layer_not_found');
    expect((await t.db.select().from(layers).where(eq(layers.id, layer.id)))[0]).toEqual(before);
    const bad = await t.call('POST', '/api/site/layers', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'field_required', params: { field: 'name' } });
  });

  it('DELETE is refused with 409 and the count, or takes the devices off the layer', async () => {
    const layer = await createLayer(t, w.sites.main.id, 'Temporary');
    const device = await newDevice({ layer_id: layer.id, floor_id: w.floors.ground.id });
    const refused = await t.call('DELETE', `/api/site/layers?id=${layer.id}`, {
      token: w.tokens.contributor,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'layer_has_devices', params: { count: 1 } });
    expect(
      (await t.call('DELETE', `/api/site/layers?id=${layer.id}`, { token: w.tokens.reader })).statusCode,
    ).toBe(403);
    const response = await t.call('DELETE', `/api/site/layers?id=${layer.id}&move_devices=true`, {
      token: w.tokens.contributor,
    });
    expect(response.json()).toMatchObject({ layer: { id: layer.id, name: 'Temporary' }, moved_devices: 1 });
    expect(await deviceRow(device.id)).toMatchObject({ layer_id: null, floor_id: w.floors.ground.id });
    expect((await logsOf(t, 'Layer', layer.id)).at(-1)).toMatchObject({
      note: 'Layer deleted (1 device taken off it)',
      changes: { name: { from: 'Temporary' }, code: { from: 'Tem' } },
    });
    expect((await logsOf(t, 'Device', device.id)).at(-1)).toMatchObject({
      parent_model: 'Floor',
      parent_name: 'Ground',
      changes: { layer_id: { from: layer.id, to: null } },
    });
    const emptyLayer = await createLayer(t, w.sites.main.id, 'Empty');
    const plain = await t.call('DELETE', `/api/site/layers?id=${emptyLayer.id}`, {
      token: w.tokens.contributor,
    });
    expect(plain.json().moved_devices).toBe(0);
  });
});

describe('the OpenAPI description', () => {
  it('lists every spatial call', async () => {
    const paths = (await t.call('GET', '/api/docs/json')).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    for (const [path, methods] of Object.entries({
      '/api/site/floors': ['post', 'put', 'delete'],
      '/api/site/floors/export': ['get'],
      '/api/site/locations': ['post', 'put', 'delete'],
      '/api/site/zones': ['post', 'put', 'delete'],
      '/api/site/layers': ['post', 'put', 'delete'],
      '/api/site/devices': ['get', 'post', 'put'],
    })) {
      expect(Object.keys(paths[path] ?? {}).sort(), path).toEqual([...methods].sort());
    }
    const put = paths['/api/site/devices']!.put as {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(Object.keys(put.requestBody.content['application/json']!.schema.properties)).toEqual(
      expect.arrayContaining(['plan_x', 'plan_y', 'on_plan']),
    );
  });
});

describe('the activity log', () => {
  it('never writes a password, token or secret into an entry', async () => {
    const rows = await t.db.select().from(activityLogs);
    expect(rows.some((row) => row.changes !== null)).toBe(true);
    for (const row of rows) {
      expect(Object.keys(row.changes ?? {}).filter((key) => /password|token|secret/i.test(key))).toEqual([]);
    }
  });
});
