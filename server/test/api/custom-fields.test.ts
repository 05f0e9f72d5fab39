/**
 * Custom fields (issue 43): the tenant's definitions (who manages them, who reads them, bad
 * input, renames, type changes, deletes) and their values on devices, sites and locations (every
 * type checked, required enforced, another tenant's field refused with nothing written).
 */
import { expandSiteDevices, type SiteDevicesResponse } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLogs, customFields, devices, locations, sites } from '../../src/db/schema.ts';
import { scheduleDevices } from '../../src/modules/handover/pdf/data.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { errorList, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

const FIELDS = '/api/tenant/custom_fields';

async function define(body: Record<string, unknown>, token = w.tokens.integrator) {
  const response = await t.call('POST', FIELDS, { token, body: { applies_to: 'devices', ...body } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().custom_field as { id: number; name: string; position: number };
}

async function valuesOf(id: number) {
  const [row] = await t.db.select({ v: devices.custom_fields }).from(devices).where(eq(devices.id, id));
  return row!.v;
}

const setValues = (id: number, values: Record<string, unknown>, token = w.tokens.contributor) =>
  t.call('PUT', '/api/site/devices', { token, body: { id, custom_fields: values } });

const codes = (response: { json: () => unknown }) => {
  const { code } = response.json() as { code: string | string[] };
  return Array.isArray(code) ? code : [code];
};

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.db.delete(customFields);
  await t.db.update(devices).set({ custom_fields: {} });
  await t.db.update(sites).set({ custom_fields: {} });
  await t.db.update(locations).set({ custom_fields: {} });
});

describe('definitions', () => {
  it('adds, lists in order with value counts, renames keeping the values, reorders and deletes', async () => {
    const firmware = await define({
      name: 'Firmware',
      type: 'text',
      labels: { fr: 'Micrologiciel', nl: '' },
    });
    const zone = await define({ name: 'Fire zone', type: 'choice', options: ['A', 'B'] });
    expect(zone.position).toBe(firmware.position + 1);
    expect((await setValues(w.device.id, { [firmware.id]: '1.2.3' })).statusCode).toBe(200);

    const list = await t.call('GET', FIELDS, { token: w.tokens.integrator });
    expect(list.statusCode).toBe(200);
    expect(list.json().can_manage).toBe(true);
    const answered = list.json().custom_fields as Array<Record<string, unknown>>;
    expect(answered.map((f) => f.name)).toEqual(['Firmware', 'Fire zone']);
    expect(answered[0]).toMatchObject({ labels: { fr: 'Micrologiciel' }, value_count: 1, required: false });

    const renamed = await t.call('PUT', FIELDS, {
      token: w.tokens.integrator,
      body: { id: firmware.id, name: 'Firmware version' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().custom_field).toMatchObject({ name: 'Firmware version', value_count: 1 });
    expect(await valuesOf(w.device.id)).toEqual({ [firmware.id]: '1.2.3' });

    const ordered = await t.call('PUT', `${FIELDS}/order`, {
      token: w.tokens.integrator,
      body: { ids: [zone.id, firmware.id] },
    });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().custom_fields.map((f: { id: number }) => f.id)).toEqual([zone.id, firmware.id]);
    const partial = await t.call('PUT', `${FIELDS}/order`, {
      token: w.tokens.integrator,
      body: { ids: [zone.id] },
    });
    expect(partial.statusCode).toBe(400);

    const removed = await t.call('DELETE', `${FIELDS}?id=${zone.id}`, { token: w.tokens.integrator });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: zone.id, values_removed: 0 });
  });

  it('refuses a name used twice for one kind of object, whatever its case', async () => {
    await define({ name: 'Licence', type: 'text' });
    const again = await t.call('POST', FIELDS, {
      token: w.tokens.integrator,
      body: { name: 'LICENCE', type: 'date', applies_to: 'devices' },
    });
    expect(again.statusCode).toBe(409);
    expect(codes(again)).toEqual(['custom_field_name_taken']);
    await define({ name: 'Licence', type: 'text', applies_to: 'sites' });
  });

  it('refuses bad definitions with one message per problem', async () => {
    const bad = async (body: Record<string, unknown>, code: string) => {
      const response = await t.call('POST', FIELDS, { token: w.tokens.integrator, body });
      expect(response.statusCode, response.body).toBe(400);
      expect(codes(response)).toContain(code);
    };
    await bad({ name: 'X', type: 'colour', applies_to: 'devices' }, 'field_one_of');
    await bad({ name: 'X', type: 'text', applies_to: 'floors' }, 'field_one_of');
    await bad({ name: '', type: 'text', applies_to: 'devices' }, 'field_required');
    await bad({ name: 'X', type: 'choice', applies_to: 'devices' }, 'custom_field_options_required');
    await bad(
      { name: 'X', type: 'choice', applies_to: 'devices', options: ['a', 'A'] },
      'custom_field_options_repeat',
    );
    await bad(
      { name: 'X', type: 'number', applies_to: 'devices', default: 'many' },
      'custom_field_default_invalid',
    );
    await bad(
      { name: 'X', type: 'url', applies_to: 'devices', default: 'javascript:alert(1)' },
      'custom_field_default_invalid',
    );
    await bad(
      { name: 'X', type: 'text', applies_to: 'sites', procat_ids: [w.procat.id] },
      'custom_field_categories_devices_only',
    );
    await bad({ name: 'X', type: 'text', applies_to: 'devices', colour: 'red' }, 'unknown_field');
    await bad(
      { name: 'X', type: 'text', applies_to: 'devices', procat_ids: [999_999] },
      'custom_field_category_unknown',
    );
    expect(await t.db.select().from(customFields)).toEqual([]);
  });

  it('is managed by Integrators, the Building Owner and Full Access users of the tenant; not below', async () => {
    for (const user of ['integrator', 'owner', 'full', 'superAdmin'] as const) {
      const created = await t.call('POST', FIELDS, {
        token: w.tokens[user],
        body: { name: `By ${user}`, type: 'text', applies_to: 'devices', tenant_id: w.a.id },
      });
      expect(created.statusCode, `${user}: ${created.body}`).toBe(200);
      expect(created.json().custom_field.tenant_id).toBe(w.a.id);
    }
    const field = await define({ name: 'Guarded', type: 'text' });
    for (const user of ['contributor', 'reader', 'noAccess'] as const) {
      const token = w.tokens[user];
      const post = await t.call('POST', FIELDS, {
        token,
        body: { name: 'Nope', type: 'text', applies_to: 'devices' },
      });
      expect(post.statusCode, user).toBe(403);
      expect(
        (await t.call('PUT', FIELDS, { token, body: { id: field.id, name: 'Nope' } })).statusCode,
        user,
      ).toBe(403);
      expect((await t.call('DELETE', `${FIELDS}?id=${field.id}`, { token })).statusCode, user).toBe(403);
      const list = await t.call('GET', FIELDS, { token });
      expect(list.statusCode).toBe(200);
      expect(list.json().can_manage).toBe(false);
    }
    const names = (await t.db.select({ name: customFields.name }).from(customFields)).map((r) => r.name);
    expect(names).not.toContain('Nope');
  });

  it("answers 404 for another tenant's field and never lists it", async () => {
    const field = await define({ name: 'Tenant A only', type: 'text' });
    for (const user of ['other', 'external'] as const) {
      const token = w.tokens[user];
      expect((await t.call('PUT', FIELDS, { token, body: { id: field.id, name: 'Taken' } })).statusCode).toBe(
        404,
      );
      expect((await t.call('DELETE', `${FIELDS}?id=${field.id}&force=true`, { token })).statusCode).toBe(404);
      expect((await t.call('GET', FIELDS, { token })).json().custom_fields).toEqual([]);
      const named = await t.call('GET', `${FIELDS}?tenant_id=${w.a.id}`, { token });
      expect(named.statusCode).toBe(404);
    }
    const order = await t.call('PUT', `${FIELDS}/order`, {
      token: w.tokens.other,
      body: { ids: [field.id] },
    });
    expect(order.statusCode).toBe(404);
    const [row] = await t.db.select().from(customFields).where(eq(customFields.id, field.id));
    expect(row!.name).toBe('Tenant A only');
  });

  it("gives a site's definitions to anyone who reads the site (an external user) with ?site_id", async () => {
    await define({ name: 'Shown to guests', type: 'text' });
    const external = await t.call('GET', `${FIELDS}?site_id=${w.sites.main.id}`, {
      token: w.tokens.external,
    });
    expect(external.statusCode).toBe(200);
    expect(external.json().custom_fields.map((f: { name: string }) => f.name)).toEqual(['Shown to guests']);
    expect(external.json().can_manage).toBe(false);
    const stranger = await t.call('GET', `${FIELDS}?site_id=${w.sites.main.id}`, { token: w.tokens.other });
    expect(stranger.statusCode).toBe(404);
    const noAccess = await t.call('GET', `${FIELDS}?site_id=${w.sites.main.id}`, {
      token: w.tokens.noAccess,
    });
    expect(noAccess.statusCode).toBe(404);
  });

  it('asks before deleting a field with values, then deletes them and logs the removal', async () => {
    const field = await define({ name: 'Certificate', type: 'text' });
    await setValues(w.device.id, { [field.id]: 'CERT-1' });
    const refused = await t.call('DELETE', `${FIELDS}?id=${field.id}`, { token: w.tokens.integrator });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'custom_field_has_values', params: { count: 1 } });
    expect(await valuesOf(w.device.id)).toEqual({ [field.id]: 'CERT-1' });

    const forced = await t.call('DELETE', `${FIELDS}?id=${field.id}&force=true`, {
      token: w.tokens.integrator,
    });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toEqual({ deleted: field.id, values_removed: 1 });
    expect(await valuesOf(w.device.id)).toEqual({});
    const [log] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.object_model, 'CustomField'),
          eq(activityLogs.object_id, field.id),
          eq(activityLogs.action, 'deleted'),
        ),
      );
    expect(log).toMatchObject({ tenant_id: w.a.id, params: { values: 1 } });
    expect(log!.note).toContain('Certificate');
  });

  it('converts the values that fit a new type, and refuses with a report when some do not', async () => {
    const field = await define({ name: 'Floor load', type: 'text' });
    const second = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: 'LOAD-2',
    });
    await setValues(w.device.id, { [field.id]: '12,5' });
    await setValues(second.id, { [field.id]: 'heavy' });

    const refused = await t.call('PUT', FIELDS, {
      token: w.tokens.integrator,
      body: { id: field.id, type: 'number' },
    });
    expect(refused.statusCode).toBe(422);
    expect(codes(refused)).toEqual(['custom_field_type_unfit', 'custom_field_value_unfit']);
    expect(errorList(refused)[1]).toBe('LOAD-2: heavy');
    const [unchanged] = await t.db.select().from(customFields).where(eq(customFields.id, field.id));
    expect(unchanged!.type).toBe('text');
    expect(await valuesOf(w.device.id)).toEqual({ [field.id]: '12,5' });

    await setValues(second.id, { [field.id]: '7' });
    const converted = await t.call('PUT', FIELDS, {
      token: w.tokens.integrator,
      body: { id: field.id, type: 'number' },
    });
    expect(converted.statusCode, converted.body).toBe(200);
    expect(await valuesOf(w.device.id)).toEqual({ [field.id]: 12.5 });
    expect(await valuesOf(second.id)).toEqual({ [field.id]: 7 });

    const choice = await t.call('PUT', FIELDS, {
      token: w.tokens.integrator,
      body: { id: field.id, type: 'choice', options: ['7'] },
    });
    expect(choice.statusCode).toBe(422);
    expect(errorList(choice)[1]).toBe('MAIN-001: 12.5');
  });
});

describe('values', () => {
  it('checks every type on the server', async () => {
    const ids = {
      text: (await define({ name: 'Text', type: 'text' })).id,
      number: (await define({ name: 'Number', type: 'number' })).id,
      date: (await define({ name: 'Date', type: 'date' })).id,
      boolean: (await define({ name: 'Yes no', type: 'boolean' })).id,
      choice: (await define({ name: 'Choice', type: 'choice', options: ['Red', 'Green'] })).id,
      url: (await define({ name: 'Link', type: 'url' })).id,
    };
    const bad: Array<[number, unknown, string]> = [
      [ids.text, 'x'.repeat(2001), 'custom_field_too_long'],
      [ids.number, 'twelve', 'custom_field_not_number'],
      [ids.date, '2026-02-30', 'custom_field_not_date'],
      [ids.date, '30/01/2026', 'custom_field_not_date'],
      [ids.boolean, 'maybe', 'custom_field_not_boolean'],
      [ids.choice, 'Blue', 'custom_field_not_option'],
      [ids.url, 'javascript:alert(1)', 'custom_field_not_url'],
      [ids.url, 'ftp://files.example', 'custom_field_not_url'],
    ];
    for (const [id, value, code] of bad) {
      const response = await setValues(w.device.id, { [id]: value });
      expect(response.statusCode, `${code}: ${response.body}`).toBe(400);
      expect(codes(response)).toEqual([code]);
    }
    expect(await valuesOf(w.device.id)).toEqual({});

    const good = await setValues(w.device.id, {
      [ids.text]: ' v2 ',
      [ids.number]: '42',
      [ids.date]: '2026-01-31',
      [ids.boolean]: 'true',
      [ids.choice]: 'green',
      [ids.url]: 'https://example.com/cert.pdf',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().device.custom_fields).toEqual({
      [ids.text]: 'v2',
      [ids.number]: 42,
      [ids.date]: '2026-01-31',
      [ids.boolean]: true,
      [ids.choice]: 'Green',
      [ids.url]: 'https://example.com/cert.pdf',
    });
    const cleared = await setValues(w.device.id, { [ids.text]: null, [ids.number]: '' });
    expect(Object.keys(cleared.json().device.custom_fields)).not.toContain(String(ids.text));
    expect(Object.keys(cleared.json().device.custom_fields)).not.toContain(String(ids.number));
    const notValue = await setValues(w.device.id, { [ids.text]: { nested: true } });
    expect(notValue.statusCode).toBe(400);
  });

  it('enforces a required field on create and update, a default filling it in', async () => {
    const asset = await define({ name: 'Asset tag', type: 'text', required: true });
    const create = (body: Record<string, unknown>) =>
      t.call('POST', '/api/site/devices', {
        token: w.tokens.contributor,
        body: { site_id: w.sites.main.id, product_id: w.products.own.id, ...body },
      });
    const missing = await create({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'custom_field_required', error: 'Asset tag is required' });
    const given = await create({ custom_fields: { [asset.id]: 'AT-1' } });
    expect(given.statusCode, given.body).toBe(200);
    const id = given.json().device.id as number;
    const clearing = await setValues(id, { [asset.id]: null });
    expect(clearing.statusCode).toBe(400);
    expect(codes(clearing)).toEqual(['custom_field_required']);
    expect(await valuesOf(id)).toEqual({ [asset.id]: 'AT-1' });

    await t.call('PUT', FIELDS, { token: w.tokens.integrator, body: { id: asset.id, default: 'TBD' } });
    const defaulted = await create({});
    expect(defaulted.statusCode, defaulted.body).toBe(200);
    expect(defaulted.json().device.custom_fields).toEqual({ [asset.id]: 'TBD' });
  });

  it('gives several new devices at once the values sent, checked and required like one device', async () => {
    const asset = await define({ name: 'Asset tag', type: 'text', required: true });
    const load = await define({ name: 'Floor load', type: 'number' });
    const theirs = await define({ name: 'B field', type: 'text' }, w.tokens.other);
    const many = (body: Record<string, unknown>, token = w.tokens.contributor) =>
      t.call('POST', '/api/site/devices/many', {
        token,
        body: { site_id: w.sites.main.id, product_id: w.products.own.id, quantity: 2, ...body },
      });
    const before = await t.db.select({ id: devices.id }).from(devices);
    const missing = await many({ code_pattern: 'CFM-{1}' });
    expect(missing.statusCode).toBe(400);
    expect(codes(missing)).toEqual(['custom_field_required']);
    const wrong = await many({ custom_fields: { [asset.id]: 'AT', [load.id]: 'heavy' } });
    expect(wrong.statusCode).toBe(400);
    expect(errorList(wrong)).toEqual(['Floor load must be a number']);
    const foreign = await many({ custom_fields: { [asset.id]: 'AT', [theirs.id]: 'x' } });
    expect(foreign.statusCode).toBe(400);
    expect(await t.db.select({ id: devices.id }).from(devices)).toHaveLength(before.length);
    const reader = await many({ custom_fields: { [asset.id]: 'AT' } }, w.tokens.reader);
    expect(reader.statusCode).toBe(403);

    const made = await many({
      code_pattern: 'CFM-{1}',
      custom_fields: { [asset.id]: 'AT-9', [load.id]: '2,5' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const rows = await t.db
      .select({ code: devices.code, v: devices.custom_fields })
      .from(devices)
      .where(and(eq(devices.site_id, w.sites.main.id)));
    const created = rows.filter((row) => row.code?.startsWith('CFM-'));
    expect(created.map((row) => row.v)).toEqual([
      { [asset.id]: 'AT-9', [load.id]: 2.5 },
      { [asset.id]: 'AT-9', [load.id]: 2.5 },
    ]);
  });

  it("refuses another tenant's field id, or a site field on a device, writing nothing", async () => {
    const theirs = await define({ name: 'B field', type: 'text' }, w.tokens.other);
    const siteField = await define({ name: 'Site only', type: 'text', applies_to: 'sites' });
    for (const id of [theirs.id, siteField.id, 999_999]) {
      const response = await setValues(w.device.id, { [id]: 'x' });
      expect(response.statusCode).toBe(400);
      expect(codes(response)).toEqual(['custom_field_unknown']);
    }
    const bulk = await t.call('PUT', '/api/site/devices/bulk', {
      token: w.tokens.contributor,
      body: { ids: [w.device.id], changes: { custom_fields: { [theirs.id]: 'x' } } },
    });
    expect(bulk.statusCode).toBe(400);
    const site = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.integrator,
      body: { id: w.sites.main.id, custom_fields: { [theirs.id]: 'x' } },
    });
    expect(site.statusCode).toBe(400);
    expect(await valuesOf(w.device.id)).toEqual({});
    const headers = await t.call('POST', '/api/site/headers', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, headers: ['code', `cf_${theirs.id}`] },
    });
    expect(headers.statusCode).toBe(400);
  });

  it('limits a device field to product categories', async () => {
    const field = await define({ name: 'Switch ports', type: 'number', procat_ids: [w.procat.id] });
    const onSwitch = await setValues(w.device.id, { [field.id]: 24 });
    expect(onSwitch.statusCode, onSwitch.body).toBe(200);
    const camera = await createDevice(t, { siteId: w.sites.main.id, productId: w.products.own.id });
    const onCamera = await setValues(camera.id, { [field.id]: 24 });
    expect(onCamera.statusCode).toBe(400);
    expect(codes(onCamera)).toEqual(['custom_field_not_for_category']);
  });

  it('sets values in bulk, each device keeping its other values, and lists them on the devices page', async () => {
    const a = await define({ name: 'Zone', type: 'text' });
    const b = await define({ name: 'Checked', type: 'boolean' });
    const second = await createDevice(t, { siteId: w.sites.main.id, productId: w.products.own.id });
    await setValues(second.id, { [b.id]: true });
    const bulk = await t.call('PUT', '/api/site/devices/bulk', {
      token: w.tokens.contributor,
      body: { ids: [w.device.id, second.id], changes: { custom_fields: { [a.id]: 'Z1' } } },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await valuesOf(w.device.id)).toEqual({ [a.id]: 'Z1' });
    expect(await valuesOf(second.id)).toEqual({ [a.id]: 'Z1', [b.id]: true });

    const badBulk = await t.call('PUT', '/api/site/devices/bulk', {
      token: w.tokens.contributor,
      body: { ids: [w.device.id, second.id], changes: { custom_fields: { [b.id]: 'perhaps' } } },
    });
    expect(badBulk.statusCode).toBe(400);
    expect(await valuesOf(w.device.id)).toEqual({ [a.id]: 'Z1' });
    const readerBulk = await t.call('PUT', '/api/site/devices/bulk', {
      token: w.tokens.reader,
      body: { ids: [w.device.id], changes: { custom_fields: { [a.id]: 'Z2' } } },
    });
    expect(readerBulk.statusCode).toBe(403);

    const list = await t.call('GET', `/api/site/refresh_devices?id=${w.sites.main.id}`, {
      token: w.tokens.reader,
    });
    const listed = expandSiteDevices(list.json() as SiteDevicesResponse, w.sites.main.id);
    expect(listed.find((d) => d.id === second.id)!.custom_fields).toEqual({ [a.id]: 'Z1', [b.id]: true });

    const headers = await t.call('POST', '/api/site/headers', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, headers: ['code', `cf_${a.id}`] },
    });
    expect(headers.statusCode, headers.body).toBe(200);
    expect(headers.json().access.device_headers).toEqual(['code', `cf_${a.id}`]);
  });

  it('keeps values on sites and locations, checked the same way', async () => {
    const contract = await define({ name: 'Contract end', type: 'date', applies_to: 'sites' });
    const zone = await define({
      name: 'Fire zone',
      type: 'choice',
      options: ['A', 'B'],
      applies_to: 'locations',
    });
    const site = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.integrator,
      body: { id: w.sites.main.id, custom_fields: { [contract.id]: '2027-12-31' } },
    });
    expect(site.statusCode, site.body).toBe(200);
    expect(site.json().site.custom_fields).toEqual({ [contract.id]: '2027-12-31' });
    const badSite = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.integrator,
      body: { id: w.sites.main.id, custom_fields: { [contract.id]: 'soon' } },
    });
    expect(badSite.statusCode).toBe(400);

    const location = await t.call('PUT', '/api/site/locations', {
      token: w.tokens.contributor,
      body: { id: w.locations.lobby.id, custom_fields: { [zone.id]: 'b' } },
    });
    expect(location.statusCode, location.body).toBe(200);
    expect(location.json().location.custom_fields).toEqual({ [zone.id]: 'B' });
    const created = await t.call('POST', '/api/site/locations', {
      token: w.tokens.contributor,
      body: { floor_id: w.floors.ground.id, name: 'Plant room', custom_fields: { [zone.id]: 'C' } },
    });
    expect(created.statusCode).toBe(400);
    expect(codes(created)).toEqual(['custom_field_not_option']);
  });

  it('are found by the global search, written to the export under the field name and in the handover schedule', async () => {
    const firmware = await define({ name: 'Firmware', type: 'text' });
    const checked = await define({ name: 'Checked', type: 'boolean' });
    await setValues(w.device.id, { [firmware.id]: 'FW-9.8.7-ZEBRA', [checked.id]: true });

    const found = await t.call('GET', '/api/global/search?q=zebra', { token: w.tokens.reader });
    expect(found.statusCode).toBe(200);
    expect(found.json().results.map((r: { type: string; id: number }) => [r.type, r.id])).toContainEqual([
      'device',
      w.device.id,
    ]);
    const stranger = await t.call('GET', '/api/global/search?q=zebra', { token: w.tokens.other });
    expect(stranger.json().results).toEqual([]);

    const exported = await t.call('POST', '/api/site/devices/export', {
      token: w.tokens.contributor,
      body: { site_id: w.sites.main.id, ids: [w.device.id] },
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const headers = rows[0] as string[];
    expect(headers.slice(-2)).toEqual(['Firmware', 'Checked']);
    expect(rows[1]!.slice(-2)).toEqual(['FW-9.8.7-ZEBRA', 'yes']);

    const [scheduled] = await scheduleDevices(t.db, [w.device.id]);
    expect(scheduled!.details).toBe('Firmware: FW-9.8.7-ZEBRA · Checked: true');
  });

  it('are imported from a column named after the field, each problem naming its row and column', async () => {
    const load = await define({ name: 'Floor load', type: 'number' });
    await define({ name: 'Asset tag', type: 'text', required: true, default: 'TBD' });
    const imported = (rows: unknown[], dry_run = false) =>
      t.call('POST', '/api/site/devices/import', {
        token: w.tokens.full,
        body: { site_id: w.sites.main.id, rows, dry_run },
      });
    const bad = await imported([
      { row: 2, values: { product_id: String(w.products.own.id) }, custom_fields: { 'floor LOAD': 'heavy' } },
      { row: 3, values: { id: String(w.device.id) }, custom_fields: { Colour: 'red' } },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(errorList(bad)).toEqual([
      'Row 2, floor LOAD: Floor load must be a number',
      'Row 3, Colour: Unknown custom field: Colour',
    ]);

    const good = await imported([
      {
        row: 2,
        values: { product_id: String(w.products.own.id), code: 'IMP-1' },
        custom_fields: { 'Floor load': '12,5' },
      },
      { row: 3, values: { id: String(w.device.id) }, custom_fields: { 'Floor load': '7' } },
    ]);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ created: 1, updated: 1 });
    const [created] = await t.db.select().from(devices).where(eq(devices.code, 'IMP-1'));
    expect(Object.values(created!.custom_fields).sort()).toEqual([12.5, 'TBD'].sort());
    expect((await valuesOf(w.device.id))[load.id]).toBe(7);
  });

  it("takes a column the wizard mapped to a field under the field's name, naming the file's column", async () => {
    const firmware = await define({ name: 'Firmware', type: 'text' });
    const load = await define({ name: 'Floor load', type: 'number' });
    const imported = (body: Record<string, unknown>) =>
      t.call('POST', '/api/site/devices/import', {
        token: w.tokens.full,
        body: { site_id: w.sites.main.id, ...body },
      });
    const row = (custom_fields: Record<string, string>) => ({
      row: 2,
      values: { id: String(w.device.id) },
      custom_fields,
    });
    const bad = await imported({
      rows: [row({ Firmware: '17.9', 'Floor load': 'heavy' })],
      custom_headers: { Firmware: 'FW version', 'Floor load': 'Load (kg)' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorList(bad)).toEqual(['Row 2, Load (kg): Floor load must be a number']);
    expect(await valuesOf(w.device.id)).toEqual({});

    const good = await imported({
      rows: [row({ Firmware: '17.9' })],
      custom_headers: { Firmware: 'FW version' },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ updated: 1 });
    expect(await valuesOf(w.device.id)).toEqual({ [firmware.id]: '17.9' });
    expect((await valuesOf(w.device.id))[load.id]).toBeUndefined();

    // Only text travels as a sheet's header.
    const refused = await imported({ rows: [row({ Firmware: '1' })], custom_headers: { Firmware: 7 } });
    expect(refused.statusCode).toBe(400);
  });
});
