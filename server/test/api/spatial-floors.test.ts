import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FloorDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachments,
  devices,
  floors,
  locations,
  secrets,
  sites,
  uploads,
  zones,
} from '../../src/db/schema.ts';
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

beforeAll(async () => ({ t, w } = await startWorld(siteWorld)));
afterAll(() => t?.close());

const PLAN = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect x="10" y="10" width="380" height="280" fill="none" stroke="#000"/></svg>',
);

const floorRow = (id: number) => rowById(t, floors, id);

/** Uploads a plan for `floorId` as the web app does and returns its key. */
async function uploadPlan(floorId: number, token = w.tokens.contributor, siteId = w.sites.main.id) {
  const slot = await t.call('POST', '/api/global/uploads', {
    token,
    body: {
      folder: 'floorplans',
      filename: 'Plan.SVG',
      size: PLAN.length,
      content_type: 'image/svg+xml',
      site_id: siteId,
      floor_id: floorId,
    },
  });
  expect(slot.statusCode, slot.body).toBe(200);
  const target = slot.json();
  const put = await t.call('PUT', target.upload_url, { body: PLAN, headers: target.headers });
  expect(put.statusCode, put.body).toBe(200);
  return target.key as string;
}

const stored = (key: string) => existsSync(path.join(t.dataDir, 'files', key));

describe('POST /api/site/floors', () => {
  it('is for Contributors and above; Readers get 403, who cannot reach the site 404', async () => {
    const answers = await expectAccessMatrix(w, 2, (token, user) =>
      t.call('POST', '/api/site/floors', { token, body: { site_id: w.sites.main.id, name: `By ${user}` } }),
    );
    expect(errorList(answers.reader)).toEqual(['Your access to this site does not allow this']);
    expect(errorList(answers.other)).toEqual(['Site not found']);
  });

  it('creates a floor with name and code (form body too), answers it with empty lists and logs it', async () => {
    const response = await t.call('POST', '/api/site/floors', {
      token: w.tokens.contributor,
      ...form({ site_id: String(w.sites.main.id), name: '  Basement ', code: 'B1' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const floor = response.json().floor as FloorDto;
    expect(floor).toEqual({
      id: expect.any(Number),
      site_id: w.sites.main.id,
      name: 'Basement',
      code: 'B1',
      svg: null,
      svg_key: null,
      location_transform: null,
      locations: [],
      zones: [],
    });
    expect(
      (await logsOf(t, 'Floor', floor.id)).map((l) => [
        l.note,
        l.site_id,
        l.tenant_id,
        l.parent_name,
        l.changes,
      ]),
    ).toEqual([
      ['Floor created', w.sites.main.id, w.a.id, 'Main', { name: { to: 'Basement' }, code: { to: 'B1' } }],
    ]);
  });

  it('refuses a missing name, a bad site id and an unknown field shape with codes, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ site_id: w.sites.main.id }, 'field_required'],
      [{ site_id: w.sites.main.id, name: '   ' }, 'field_required'],
      [{ name: 'X' }, 'field_required'],
      [{ site_id: 'abc', name: 'X' }, 'field_not_number'],
      [{ site_id: w.sites.main.id, name: 'x'.repeat(300) }, 'field_too_long'],
    ];
    for (const [body, code] of cases) {
      const response = await t.call('POST', '/api/site/floors', { token: w.tokens.contributor, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect([response.json().code].flat()).toContain(code);
    }
  });
});

describe('PUT /api/site/floors', () => {
  it('renames, recodes and sets the transform (normalised), with one log entry; Readers 403, other tenants 404 and unchanged', async () => {
    const floor = await createFloor(t, w.sites.main.id, 'Mezzanine');
    const answers = await expectAccessMatrix(w, 2, (token, user) =>
      t.call('PUT', '/api/site/floors', { token, body: { id: floor.id, name: `Mezz ${user}` } }),
    );
    expect(errorList(answers.other)).toEqual(['Floor not found']);
    const response = await t.call('PUT', '/api/site/floors', {
      token: w.tokens.contributor,
      body: {
        id: floor.id,
        name: 'Mezzanine',
        code: '',
        location_transform: 'translate(10, -20.5) scale(1.05)',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().floor).toMatchObject({
      name: 'Mezzanine',
      code: null,
      location_transform: 'translate(10,-20.5) scale(1.05)',
    });
    const updated = (await logsOf(t, 'Floor', floor.id)).at(-1)!;
    expect(updated.note).toBe('Floor updated (Name, Code, Transform)');
    // Only the changed fields, each before and after.
    expect(updated.changes).toEqual({
      name: { from: expect.stringMatching(/^Mezz /), to: 'Mezzanine' },
      code: { from: 'Mez', to: null },
      location_transform: { from: null, to: 'translate(10,-20.5) scale(1.05)' },
    });

    const cleared = await t.call('PUT', '/api/site/floors', {
      token: w.tokens.contributor,
      body: { id: floor.id, location_transform: null },
    });
    expect(cleared.json().floor.location_transform).toBeNull();

    const before = await floorRow(floor.id);
    const foreign = await t.call('PUT', '/api/site/floors', {
      token: w.tokens.other,
      body: { id: floor.id, name: 'Stolen' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await floorRow(floor.id)).toEqual(before);
  });

  it('refuses a bad transform, an empty change and a bad id with codes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ id: w.floors.ground.id, location_transform: 'rotate(45)' }, 'transform_invalid'],
      [{ id: w.floors.ground.id, location_transform: 'translate(1,2) scale(0)' }, 'transform_invalid'],
      [{ id: w.floors.ground.id, location_transform: 'translate(1e400,2) scale(1)' }, 'transform_invalid'],
      [{ id: w.floors.ground.id, location_transform: 42 }, 'transform_invalid'],
      [{ id: w.floors.ground.id }, 'nothing_to_change'],
      [{ id: -3, name: 'x' }, 'field_not_positive'],
      [{ id: w.floors.ground.id, name: '' }, 'field_required'],
    ];
    for (const [body, code] of cases) {
      const response = await t.call('PUT', '/api/site/floors', { token: w.tokens.contributor, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect([response.json().code].flat()).toContain(code);
    }
    const missing = await t.call('PUT', '/api/site/floors', {
      token: w.tokens.contributor,
      body: { id: 999_999, name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('floor_not_found');
  });

  it('attaches a plan uploaded for this floor, replaces it (the old file goes) and deletes it', async () => {
    const floor = await createFloor(t, w.sites.main.id, 'Planned floor');
    const first = await uploadPlan(floor.id);
    const attached = await t.call('PUT', '/api/site/floors', {
      token: w.tokens.contributor,
      body: { id: floor.id, svg: first },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const dto = attached.json().floor as FloorDto;
    expect(dto.svg_key).toBe(first);
    expect(dto.svg).toMatch(/^\/api\/files\/floorplans\//);
    const served = await t.call('GET', dto.svg!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.body).toContain('<rect');

    const again = await t.call('PUT', '/api/site/floors', {
      token: w.tokens.contributor,
      body: { id: floor.id, svg: first },
    });
    expect(again.statusCode).toBe(200);

    const second = await uploadPlan(floor.id);
    const replaced = await t.call('PUT', '/api/site/floors', {
      token: w.tokens.contributor,
      body: { id: floor.id, svg: second },
    });
    expect(replaced.json().floor.svg_key).toBe(second);
    expect(stored(first)).toBe(false);
    expect(stored(second)).toBe(true);
    expect(await t.db.select().from(uploads).where(eq(uploads.key, first))).toHaveLength(0);

    const deleted = await t.call('PUT', '/api/site/floors', {
      token: w.tokens.contributor,
      body: { id: floor.id, svg: '' },
    });
    expect(deleted.json().floor).toMatchObject({ svg: null, svg_key: null });
    expect(stored(second)).toBe(false);
    expect((await logsOf(t, 'Floor', floor.id)).map((l) => [l.note, l.changes])).toEqual([
      ['FloorPlan uploaded', { svg: { from: null, to: first } }],
      ['FloorPlan replaced', { svg: { from: first, to: second } }],
      ['FloorPlan deleted', { svg: { from: second, to: null } }],
    ]);
  });

  it("refuses a plan of another floor, another tenant's key, a key never uploaded and a path trick", async () => {
    const floor = await createFloor(t, w.sites.main.id, 'Strict floor');
    const otherFloorsPlan = await uploadPlan(w.floors.first.id);
    const foreignFloor = await createFloor(t, w.sites.foreign.id, 'Foreign floor');
    const foreignPlan = await uploadPlan(foreignFloor.id, w.tokens.other, w.sites.foreign.id);
    const pending = (
      await t.call('POST', '/api/global/uploads', {
        token: w.tokens.contributor,
        body: {
          folder: 'floorplans',
          filename: 'p.svg',
          size: 10,
          site_id: w.sites.main.id,
          floor_id: floor.id,
        },
      })
    ).json().key as string;
    const cases: [string, string][] = [
      [otherFloorsPlan, 'upload_wrong_place'],
      [foreignPlan, 'upload_wrong_place'],
      [`floorplans/${w.sites.main.id}/${floor.id}/../../../etc/passwd`, 'upload_wrong_place'],
      ['https://evil.example/plan.svg', 'upload_wrong_place'],
      [pending, 'upload_incomplete'],
    ];
    for (const [svg, code] of cases) {
      const response = await t.call('PUT', '/api/site/floors', {
        token: w.tokens.contributor,
        body: { id: floor.id, svg },
      });
      expect(response.statusCode, svg).toBe(400);
      expect(response.json().code).toBe(code);
    }
    expect((await floorRow(floor.id))!.svg).toBeNull();
  });
});

describe('DELETE /api/site/floors', () => {
  async function floorWithDevices(name: string) {
    const floor = await createFloor(t, w.sites.main.id, name);
    const room = await createLocation(t, floor, `${name} room`);
    const zone = await createZone(t, w.sites.main.id, floor.id, `${name} zone`);
    const placed = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: `${name}-1`,
      floor_id: floor.id,
      location_id: room.id,
      zone_id: zone.id,
      on_plan: true,
      plan_x: 10,
      plan_y: 20,
    });
    const archived = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: `${name}-2`,
      floor_id: floor.id,
      archived: true,
    });
    return { floor, room, zone, placed, archived };
  }

  it('is refused with 409 and the count while devices are on the floor; nothing changes', async () => {
    const { floor, placed } = await floorWithDevices('Busy');
    const response = await t.call('DELETE', `/api/site/floors?id=${floor.id}`, {
      token: w.tokens.contributor,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'floor_has_devices',
      params: { count: 2 },
      error: '2 devices are still on this floor; move them to unplaced to delete the floor',
    });
    expect(await floorRow(floor.id)).toBeDefined();
    const [device] = await t.db.select().from(devices).where(eq(devices.id, placed.id));
    expect(device!.floor_id).toBe(floor.id);
  });

  it('with move_devices unplaces the devices, deletes locations and zones, relinks files to the site and removes the plan', async () => {
    const { floor, room, zone, placed, archived } = await floorWithDevices('Gone');
    const plan = await uploadPlan(floor.id);
    await t.call('PUT', '/api/site/floors', {
      token: w.tokens.contributor,
      body: { id: floor.id, svg: plan },
    });
    const [file] = await t.db
      .insert(attachments)
      .values({
        site_id: w.sites.main.id,
        url: 'attachments/x/y.pdf',
        filename: 'y.pdf',
        file_type: 'pdf',
        attachable_type: 'Location',
        attachable_id: room.id,
      })
      .returning();
    const [secret] = await t.db
      .insert(secrets)
      .values({
        site_id: w.sites.main.id,
        name: 'Door code',
        secretable_type: 'Floor',
        secretable_id: floor.id,
      })
      .returning();

    const reader = await t.call('DELETE', `/api/site/floors?id=${floor.id}&move_devices=true`, {
      token: w.tokens.reader,
    });
    expect(reader.statusCode).toBe(403);
    const other = await t.call('DELETE', `/api/site/floors?id=${floor.id}&move_devices=true`, {
      token: w.tokens.other,
    });
    expect(other.statusCode).toBe(404);
    expect(await floorRow(floor.id)).toBeDefined();

    const response = await t.call('DELETE', `/api/site/floors?id=${floor.id}&move_devices=true`, {
      token: w.tokens.contributor,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.moved_devices).toBe(2);
    expect(body.floor).toMatchObject({
      id: floor.id,
      name: 'Gone',
      locations: [{ id: room.id }],
      zones: [{ id: zone.id }],
    });
    expect(await floorRow(floor.id)).toBeUndefined();
    expect(await t.db.select().from(locations).where(eq(locations.id, room.id))).toHaveLength(0);
    expect(await t.db.select().from(zones).where(eq(zones.id, zone.id))).toHaveLength(0);
    for (const id of [placed.id, archived.id]) {
      const [device] = await t.db.select().from(devices).where(eq(devices.id, id));
      expect(device).toMatchObject({
        floor_id: null,
        location_id: null,
        zone_id: null,
        on_plan: false,
        plan_x: null,
        plan_y: null,
      });
      expect((await logsOf(t, 'Device', id)).map((l) => [l.note, l.parent_model, l.parent_name])).toEqual([
        ['Device unplaced (floor Gone deleted)', 'Site', 'Main'],
      ]);
    }
    expect((await logsOf(t, 'Device', placed.id))[0]!.changes).toEqual({
      floor_id: { from: floor.id, to: null },
      location_id: { from: room.id, to: null },
      zone_id: { from: zone.id, to: null },
      on_plan: { from: true, to: false },
      plan_x: { from: 10, to: null },
      plan_y: { from: 20, to: null },
    });
    expect((await logsOf(t, 'Device', archived.id))[0]!.changes).toEqual({
      floor_id: { from: floor.id, to: null },
    });
    const [fileAfter] = await t.db.select().from(attachments).where(eq(attachments.id, file!.id));
    expect(fileAfter).toMatchObject({ attachable_type: null, attachable_id: null });
    const [secretAfter] = await t.db.select().from(secrets).where(eq(secrets.id, secret!.id));
    expect(secretAfter).toMatchObject({ secretable_type: null, secretable_id: null });
    expect(stored(plan)).toBe(false);
    const removed = (await logsOf(t, 'Floor', floor.id)).at(-1)!;
    expect(removed).toMatchObject({
      note: 'Floor deleted (1 locations, 1 zones, 2 devices unplaced)',
      site_id: w.sites.main.id,
      tenant_id: w.a.id,
      changes: { name: { from: 'Gone' }, code: { from: 'Gon' } },
    });
  });

  it('deletes a floor without devices at once; a bad id is 400, an unknown one 404', async () => {
    const floor = await createFloor(t, w.sites.main.id, 'Empty');
    const response = await t.call('DELETE', `/api/site/floors?id=${floor.id}`, {
      token: w.tokens.contributor,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().moved_devices).toBe(0);
    expect(
      (await t.call('DELETE', '/api/site/floors?id=abc', { token: w.tokens.contributor })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call('DELETE', '/api/site/floors?id=1&move_devices=maybe', { token: w.tokens.contributor })
      ).json().code,
    ).toBe('field_not_boolean');
    expect(
      (await t.call('DELETE', `/api/site/floors?id=${floor.id}`, { token: w.tokens.contributor })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/site/floors/export', () => {
  it('answers an .xlsx with a sheet "floors" named after the site, to Contributors and above', async () => {
    const floor = await createFloor(t, w.sites.second.id, 'Export floor');
    await createLocation(t, floor, 'Export room');
    await createZone(t, w.sites.second.id, floor.id, 'Export zone');
    await t.db
      .update(floors)
      .set({ svg: 'floorplans/x/y/plan.svg', location_transform: 'translate(1,2) scale(1)' })
      .where(eq(floors.id, floor.id));
    await createDevice(t, { siteId: w.sites.second.id, productId: w.products.own.id, floor_id: floor.id });
    await createDevice(t, {
      siteId: w.sites.second.id,
      productId: w.products.own.id,
      floor_id: floor.id,
      archived: true,
    });

    const response = await t.call('GET', `/api/site/floors/export?site_id=${w.sites.second.id}`, {
      token: w.tokens.owner,
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Second floors.xlsx"; filename*=UTF-8''Second%20floors.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('floors');
    expect(sheet).toBeDefined();
    const rows = sheet!
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['ID', 'Name', 'Code', 'Locations', 'Zones', 'Devices', 'Plan', 'Transform']);
    expect(rows.slice(1)).toEqual([
      [w.elsewhere.floor.id, 'Second Ground', 'Sec', 1, 1, 0, 'no', ''],
      [floor.id, 'Export floor', 'Exp', 1, 1, 1, 'yes', 'translate(1,2) scale(1)'],
    ]);
  });

  it('names a file with accents and quotes safely, and is refused to Readers (403) and other tenants (404)', async () => {
    await expectAccessMatrix(w, 2, (token) =>
      t.call('GET', `/api/site/floors/export?site_id=${w.sites.main.id}`, { token }),
    );
    await t.db.update(sites).set({ name: 'Hôtel "Étoile"' }).where(eq(sites.id, w.sites.second.id));
    const response = await t.call('GET', `/api/site/floors/export?site_id=${w.sites.second.id}`, {
      token: w.tokens.owner,
    });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="H_tel __toile_ floors.xlsx"; filename*=UTF-8''H%C3%B4tel%20%22%C3%89toile%22%20floors.xlsx`,
    );
    const bad = await t.call('GET', '/api/site/floors/export?site_id=x', { token: w.tokens.owner });
    expect(bad.statusCode).toBe(400);
  });
});
