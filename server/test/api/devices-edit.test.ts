import type { DeviceDto, DeviceNewResponse } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, devices, products, sites } from '../../src/db/schema.ts';
import { startWorld, type TestApp } from '../support/app.ts';
import { createDevice, createProduct } from '../support/factories.ts';
import { rowById } from '../support/rows.ts';
import { errorList, expectAccessMatrix, form, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => ({ t, w } = await startWorld(siteWorld)));
afterAll(() => t?.close());

/** A fresh device of "Main" on the ground floor, in the lobby and the ground zone. */
const newDevice = (values: Partial<typeof devices.$inferInsert> = {}) =>
  createDevice(t, {
    siteId: w.sites.main.id,
    productId: w.products.own.id,
    code: `DEV-${Math.random().toString(36).slice(2, 8)}`,
    floor_id: w.floors.ground.id,
    location_id: w.locations.lobby.id,
    zone_id: w.zones.groundZone.id,
    ...values,
  });

const put = (body: Record<string, unknown>, token = w.tokens.contributor) =>
  t.call('PUT', '/api/site/devices', { token, body });

const row = async (id: number) => (await rowById(t, devices, id))!;

describe('PUT /api/site/devices', () => {
  it('is for Contributors and above (external ones too); Readers get 403, who cannot reach the site 404', async () => {
    const device = await newDevice();
    const answers = await expectAccessMatrix(w, 2, (token, user) =>
      put({ id: device.id, note: `by ${user}` }, token),
    );
    expect(answers.external.json().device.note).toBe('by external');
    expect(errorList(answers.reader)).toEqual(['Your access to this site does not allow this']);
    expect(errorList(answers.other)).toEqual(['Device not found']);
  });

  it('changes every property in one call, answers the device and logs the change against its location', async () => {
    const device = await newDevice({ status: 'Planned' });
    await t.db
      .update(sites)
      .set({ updated_at: new Date('2024-01-01T00:00:00Z'), activity_at: new Date('2024-01-01T00:00:00Z') })
      .where(eq(sites.id, w.sites.main.id));
    const edits = {
      name: 'Entrance camera',
      code: 'CAM-001',
      type: 'Dome',
      sn: 'SN123',
      mac: '00:1a:2b:3c:4d:5e',
      ip: '192.168.1.20',
      port: 'Gi1/0/1',
      patch: 'PP-01',
      note: 'Above the door',
      purchase_date: '2024-02-29',
      warranty_expiration_date: '2027-02-28',
      supplier_id: w.companies.supplier.id,
      contractor_id: w.companies.contractor.id,
      layer_id: w.layers.network.id,
    };
    const response = await put({ id: device.id, ...edits, status: 'installed' }, w.tokens.external);
    expect(response.statusCode).toBe(200);
    const answer = response.json().device as DeviceDto;
    expect(answer).toMatchObject({
      id: device.id,
      ...edits,
      status: 'Installed',
      floor_id: w.floors.ground.id,
      location_id: w.locations.lobby.id,
      product: {
        id: w.products.own.id,
        name: 'Own Camera',
        brand: { id: w.companies.brand.id, name: 'A Brand' },
      },
    });
    expect(answer.public_hash).toBeTruthy();
    const [log] = await logsOf(t, 'Device', device.id);
    expect(log).toMatchObject({
      note:
        'Status changed to Installed; Device updated (Layer, Supplier, Contractor, Name, Device Code, Type, ' +
        'Serial Number, Mac Address, IP address, Port, Patch, Note, Purchase Date, Warranty Expires)',
      object_name: 'CAM-001',
      user_id: w.users.external.id,
      site_id: w.sites.main.id,
      tenant_id: w.a.id,
      parent_model: 'Location',
      parent_id: w.locations.lobby.id,
      parent_name: 'Lobby',
    });
    expect(log!.changes).toEqual({
      status: { from: 'Planned', to: 'Installed' },
      layer_id: { from: null, to: w.layers.network.id },
      supplier_id: { from: null, to: w.companies.supplier.id },
      contractor_id: { from: null, to: w.companies.contractor.id },
      name: { from: device.name, to: 'Entrance camera' },
      code: { from: device.code, to: 'CAM-001' },
      type: { from: null, to: 'Dome' },
      sn: { from: null, to: 'SN123' },
      mac: { from: null, to: '00:1a:2b:3c:4d:5e' },
      ip: { from: null, to: '192.168.1.20' },
      port: { from: null, to: 'Gi1/0/1' },
      patch: { from: null, to: 'PP-01' },
      note: { from: null, to: 'Above the door' },
      purchase_date: { from: null, to: '2024-02-29' },
      warranty_expiration_date: { from: null, to: '2027-02-28' },
    });
    const [site] = await t.db.select().from(sites).where(eq(sites.id, w.sites.main.id));
    // The site's activity moved (its list order), not its own version.
    expect(site!.activity_at.getTime()).toBeGreaterThan(new Date('2024-06-01').getTime());
    expect(site!.updated_at.getTime()).toBeLessThan(new Date('2024-06-01').getTime());
  });

  it('writes nothing and logs nothing when the values are unchanged; clears a value sent empty', async () => {
    const device = await newDevice({ sn: 'SAME', note: 'keep' });
    const same = await put({ id: device.id, sn: 'SAME' });
    expect(same.statusCode).toBe(200);
    expect(await logsOf(t, 'Device', device.id)).toHaveLength(0);
    const cleared = await t.call('PUT', '/api/site/devices', {
      token: w.tokens.contributor,
      ...form({ id: String(device.id), note: '' }),
    });
    expect(cleared.json().device.note).toBeNull();
    expect((await logsOf(t, 'Device', device.id)).map((l) => [l.note, l.changes])).toEqual([
      ['Device updated (Note)', { note: { from: 'keep', to: null } }],
    ]);
  });

  describe('placement', () => {
    it('takes the floor of a location sent alone', async () => {
      const device = await newDevice({ floor_id: null, location_id: null, zone_id: null });
      const response = await put({ id: device.id, location_id: w.locations.office.id });
      expect(response.json().device).toMatchObject({
        floor_id: w.floors.first.id,
        location_id: w.locations.office.id,
      });
    });

    it('clears a location and zone of another floor when the floor changes; a zone without a floor stays', async () => {
      const device = await newDevice();
      const moved = await put({ id: device.id, floor_id: w.floors.first.id });
      expect(moved.json().device).toMatchObject({
        floor_id: w.floors.first.id,
        location_id: null,
        zone_id: null,
      });
      expect((await logsOf(t, 'Device', device.id)).at(-1)!.note).toBe(
        'Device updated (Floor, Location, Zone; location cleared, zone cleared)',
      );
      const wide = await newDevice({ zone_id: w.zones.siteZone.id });
      const kept = await put({
        id: wide.id,
        floor_id: w.floors.first.id,
        location_id: w.locations.office.id,
      });
      expect(kept.json().device).toMatchObject({
        location_id: w.locations.office.id,
        zone_id: w.zones.siteZone.id,
      });
    });

    it('refuses a location or zone sent with a floor it is not on', async () => {
      const device = await newDevice();
      const location = await put({
        id: device.id,
        floor_id: w.floors.ground.id,
        location_id: w.locations.office.id,
      });
      expect(location.statusCode).toBe(400);
      expect(errorList(location)).toEqual(['Location "Office" is not on floor "Ground"']);
      const zone = await put({ id: device.id, zone_id: w.zones.firstZone.id });
      expect(errorList(zone)).toEqual(['Zone "First Zone" is not on floor "Ground"']);
      const unplaced = await put({ id: device.id, floor_id: -1, location_id: w.locations.lobby.id });
      expect(errorList(unplaced)).toEqual(['Location "Lobby" is on floor "Ground"; the device has no floor']);
      expect(await row(device.id)).toMatchObject({
        floor_id: w.floors.ground.id,
        location_id: w.locations.lobby.id,
      });
    });

    it('refuses a floor, location, zone or layer of another site, naming each', async () => {
      const device = await newDevice();
      const { elsewhere } = w;
      const response = await put({
        id: device.id,
        floor_id: elsewhere.floor.id,
        location_id: elsewhere.location.id,
        zone_id: elsewhere.zone.id,
        layer_id: elsewhere.layer.id,
      });
      expect(response.statusCode).toBe(400);
      expect(errorList(response)).toEqual([
        `Floor ${elsewhere.floor.id} is not on this site`,
        `Location ${elsewhere.location.id} is not on this site`,
        `Zone ${elsewhere.zone.id} is not on this site`,
        `Layer ${elsewhere.layer.id} is not on this site`,
      ]);
      const missing = await put({ id: device.id, floor_id: 999_999 });
      expect(errorList(missing)).toEqual(['Floor 999999 is not on this site']);
    });

    it('takes a negative floor or location id (the old client’s -1) as unplaced', async () => {
      const device = await newDevice();
      const location = await t.call('PUT', '/api/site/devices', {
        token: w.tokens.contributor,
        ...form({ id: String(device.id), location_id: '-1' }),
      });
      expect(location.json().device).toMatchObject({ floor_id: w.floors.ground.id, location_id: null });
      const floor = await put({ id: device.id, floor_id: -1 });
      expect(floor.json().device).toMatchObject({ floor_id: null, location_id: null, zone_id: null });
    });
  });

  it('allows only supplier companies of the site’s tenant as supplier and the site’s contractors as contractor', async () => {
    const device = await newDevice();
    for (const company of [w.companies.theirSupplier, w.companies.librarySupplier, w.companies.brand]) {
      const response = await put({ id: device.id, supplier_id: company.id });
      expect(response.statusCode, company.name).toBe(400);
      expect(errorList(response)).toEqual([
        "Supplier must be one of the supplier companies of the site's tenant",
      ]);
    }
    for (const company of [w.companies.spareContractor, w.companies.theirContractor]) {
      const response = await put({ id: device.id, contractor_id: company.id });
      expect(response.statusCode, company.name).toBe(400);
      expect(errorList(response)).toEqual(["Contractor must be one of the site's contractors"]);
    }
    expect(await row(device.id)).toMatchObject({ supplier_id: null, contractor_id: null });
  });

  it("takes a status of the site's list (ignoring case) or empty to clear it", async () => {
    const device = await newDevice({ status: 'Planned' });
    const bad = await put({ id: device.id, status: 'Bogus' });
    expect(bad.statusCode).toBe(400);
    expect(errorList(bad)).toEqual([
      `Status "Bogus" is not one of this site's statuses: Planned, Installed, Commissioned, Faulty, Removed`,
    ]);
    expect((await put({ id: device.id, status: 'FAULTY' })).json().device.status).toBe('Faulty');
    expect((await put({ id: device.id, status: '' })).json().device.status).toBeNull();
    expect((await logsOf(t, 'Device', device.id)).map((l) => l.note)).toEqual([
      'Status changed to Faulty',
      'Status cleared',
    ]);
  });

  it('checks dates, MAC and IP addresses, with clear messages', async () => {
    const device = await newDevice();
    const cases: [Record<string, unknown>, string][] = [
      [{ purchase_date: '2024-02-30' }, 'Purchase Date must be a date as YYYY-MM-DD'],
      [{ warranty_expiration_date: '31/12/2024' }, 'Warranty Expires must be a date as YYYY-MM-DD'],
      [{ mac: '00:1A:2B:3C:4D' }, 'Mac Address must be 6 pairs of hex digits, e.g. 00:1A:2B:3C:4D:5E'],
      [{ mac: '00:1A-2B:3C:4D:5E' }, 'Mac Address must be 6 pairs of hex digits, e.g. 00:1A:2B:3C:4D:5E'],
      [{ ip: '192.168.1.256' }, 'IP address must be an IPv4 or IPv6 address (e.g. 192.168.1.20), or DHCP'],
      [{ ip: 'printer.local' }, 'IP address must be an IPv4 or IPv6 address (e.g. 192.168.1.20), or DHCP'],
    ];
    for (const [values, message] of cases) {
      const response = await put({ id: device.id, ...values });
      expect(response.statusCode, JSON.stringify(values)).toBe(400);
      expect(errorList(response)).toEqual([message]);
    }
    for (const [mac, ip] of [
      ['001A2B3C4D5E', '10.0.0.0/24'],
      ['001a.2b3c.4d5e', '2001:db8::1'],
      ['00-1A-2B-3C-4D-5E', 'DHCP'],
    ]) {
      const response = await put({ id: device.id, mac, ip });
      expect(response.statusCode, `${mac} ${ip}`).toBe(200);
    }
  });

  it('refuses unknown fields, an empty change, another site’s id and devices it cannot see', async () => {
    const device = await newDevice();
    const unknown = await put({ id: device.id, colour: 'red', note: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(errorList(unknown)).toEqual(['Unknown field: colour']);
    const onlyId = await put({ id: device.id });
    expect(errorList(onlyId)).toEqual(['Send at least one field to change']);
    const wrongSite = await put({ id: device.id, site_id: w.sites.second.id, note: 'x' });
    expect(errorList(wrongSite)).toEqual(['This device is not on this site']);
    const foreign = await put({ id: w.foreignDevice.id, note: 'x' }, w.tokens.owner);
    expect(foreign.statusCode).toBe(404);
    expect(errorList(foreign)).toEqual(['Device not found']);
    expect((await put({ id: 999_999, note: 'x' })).statusCode).toBe(404);
    expect((await put({ id: 'abc', note: 'x' })).statusCode).toBe(400);
    expect(
      (await t.call('PUT', '/api/site/devices', { body: { id: device.id, note: 'x' } })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/site/devices', () => {
  const post = (body: Record<string, unknown>, token = w.tokens.contributor) =>
    t.call('POST', '/api/site/devices', { token, body });

  it('is for Contributors and above; Readers get 403, who cannot reach the site 404', async () => {
    await expectAccessMatrix(w, 2, (token) =>
      post({ product_id: w.products.library.id, site_id: w.sites.main.id }, token),
    );
  });

  it('creates a device of a product on the site, placed on a floor and location, and logs it', async () => {
    const response = await post({
      product_id: w.products.own.id,
      site_id: w.sites.main.id,
      floor_id: w.floors.first.id,
      location_id: w.locations.office.id,
    });
    expect(response.statusCode).toBe(200);
    const device = response.json().device as DeviceDto;
    expect(device).toMatchObject({
      site_id: w.sites.main.id,
      product_id: w.products.own.id,
      floor_id: w.floors.first.id,
      location_id: w.locations.office.id,
      archived: false,
      status: null,
      product: { name: 'Own Camera', product_model: 'OC-1' },
    });
    expect(device.public_hash).toBeTruthy();
    expect(await logsOf(t, 'Device', device.id)).toEqual([
      expect.objectContaining({
        note: 'Device created',
        object_name: 'Own Camera',
        site_id: w.sites.main.id,
        tenant_id: w.a.id,
        parent_model: 'Location',
        parent_id: w.locations.office.id,
        parent_name: 'Office',
        changes: {
          product_id: { to: w.products.own.id },
          floor_id: { to: w.floors.first.id },
          location_id: { to: w.locations.office.id },
        },
      }),
    ]);
  });

  it('takes a form body, -1 as unplaced and a location alone with its floor', async () => {
    const unplaced = await t.call('POST', '/api/site/devices', {
      token: w.tokens.contributor,
      ...form({
        product_id: String(w.products.library.id),
        site_id: String(w.sites.main.id),
        floor_id: '-1',
        location_id: '-1',
      }),
    });
    expect(unplaced.json().device).toMatchObject({ floor_id: null, location_id: null });
    const located = await post({
      product_id: w.products.library.id,
      site_id: w.sites.main.id,
      location_id: w.locations.lobby.id,
    });
    expect(located.json().device).toMatchObject({
      floor_id: w.floors.ground.id,
      location_id: w.locations.lobby.id,
    });
  });

  it('says "Please select a product" without one, and refuses products the site’s tenant can’t use', async () => {
    for (const body of [{ site_id: w.sites.main.id }, { site_id: w.sites.main.id, product_id: '' }]) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(errorList(response)).toEqual(['Please select a product']);
    }
    const gone = await createProduct(t, w.a.id, { name: 'Deleted', discarded_at: new Date() });
    for (const productId of [w.products.theirs.id, gone.id, 999_999]) {
      const response = await post({ product_id: productId, site_id: w.sites.main.id });
      expect(response.statusCode).toBe(400);
      expect(errorList(response)).toEqual(['Product not found']);
    }
  });

  it('refuses places of another site, unknown fields and another tenant’s site', async () => {
    const floor = await post({
      product_id: w.products.own.id,
      site_id: w.sites.main.id,
      floor_id: w.elsewhere.floor.id,
    });
    expect(errorList(floor)).toEqual([`Floor ${w.elsewhere.floor.id} is not on this site`]);
    const unknown = await post({ product_id: w.products.own.id, site_id: w.sites.main.id, colour: 'red' });
    expect(errorList(unknown)).toEqual(['Unknown field: colour']);
    const foreign = await post(
      { product_id: w.products.theirs.id, site_id: w.sites.foreign.id },
      w.tokens.owner,
    );
    expect(foreign.statusCode).toBe(404);
    const noSite = await post({ product_id: w.products.own.id });
    expect(errorList(noSite)).toEqual(['Site is required']);
  });
});

describe('GET /api/site/devices/new', () => {
  it("gives the products and brands the site's tenant may use, to Contributors and above", async () => {
    const answers = await expectAccessMatrix(w, 2, (token) =>
      t.call('GET', `/api/site/devices/new?site_id=${w.sites.main.id}`, { token }),
    );
    const body = answers.external.json() as DeviceNewResponse;
    expect(body.products.map((p) => p.name).sort()).toEqual(['Library Switch', 'Own Camera']);
    expect(body.brands.map((b) => b.name).sort()).toEqual(['A Brand', 'Library Brand']);
  });

  it("without a site gives the caller's own tenant's choice", async () => {
    const response = await t.call('GET', '/api/site/devices/new', { token: w.tokens.other });
    expect(response.statusCode).toBe(200);
    const body = response.json() as DeviceNewResponse;
    expect(body.products.map((p) => p.name).sort()).toEqual(['B Product', 'Library Switch']);
    expect(body.brands.map((b) => b.name)).toEqual(['Library Brand']);
    const [product] = await t.db.select().from(products).where(eq(products.id, w.products.own.id));
    expect(body.products.some((p) => p.id === product!.id)).toBe(false);
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
