import type { LogEntryDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice, createProduct } from '../support/factories.ts';
import { errorList, expectAccessMatrix, form, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const newDevice = (values: Partial<typeof devices.$inferInsert> = {}) =>
  createDevice(t, { siteId: w.sites.main.id, productId: w.products.library.id, code: 'ACT', ...values });

async function row(id: number) {
  const [device] = await t.db.select().from(devices).where(eq(devices.id, id));
  return device!;
}

describe('GET /api/site/devices?id', () => {
  const show = (id: unknown, token = w.tokens.reader) =>
    t.call('GET', `/api/site/devices?id=${id}`, { token });

  it('answers one device in full, with its product and public hash, to Readers and above', async () => {
    const device = await newDevice({ sn: 'SN-1' });
    const answers = await expectAccessMatrix(w, 1, (token) => show(device.id, token));
    expect(answers.reader.json().device).toMatchObject({
      id: device.id,
      site_id: w.sites.main.id,
      sn: 'SN-1',
      mac: null,
      archived: false,
      product: { id: w.products.library.id, name: 'Library Switch' },
    });
    expect(answers.reader.json().device.public_hash).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
  });

  it("answers 404 for a device of another tenant's site or none at all, 400 for a bad id, 401 without a session", async () => {
    const foreign = await createDevice(t, { siteId: w.sites.foreign.id, productId: w.products.library.id });
    expect((await show(foreign.id, w.tokens.owner)).statusCode).toBe(404);
    expect((await show(999_999)).statusCode).toBe(404);
    const bad = await show('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
    expect((await t.call('GET', `/api/site/devices?id=${foreign.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/site/devices/update_status', () => {
  const call = (body: Record<string, unknown>, token = w.tokens.contributor) =>
    t.call('POST', '/api/site/devices/update_status', { token, body });

  it('is for Contributors and above; Readers get 403, who cannot reach the site 404', async () => {
    const device = await newDevice();
    const statuses = ['Planned', 'Installed', 'Commissioned', 'Faulty'];
    let n = 0;
    await expectAccessMatrix(w, 2, (token) => call({ id: device.id, status: statuses[n++ % 4] }, token));
  });

  it("sets one of the site's statuses, or clears it, and logs each change", async () => {
    const device = await newDevice({ status: null });
    const set = await t.call('POST', '/api/site/devices/update_status', {
      token: w.tokens.contributor,
      ...form({ id: String(device.id), status: 'Commissioned' }),
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().device).toMatchObject({ id: device.id, status: 'Commissioned' });
    const cleared = await call({ id: device.id, status: '' });
    expect(cleared.json().device.status).toBeNull();
    const absent = await call({ id: device.id });
    expect(absent.statusCode).toBe(200);
    expect((await logsOf(t, 'Device', device.id)).map((l) => [l.note, l.user_id, l.changes])).toEqual([
      [
        'Status changed to Commissioned',
        w.users.contributor.id,
        { status: { from: null, to: 'Commissioned' } },
      ],
      ['Status cleared', w.users.contributor.id, { status: { from: 'Commissioned', to: null } }],
    ]);
  });

  it("refuses a status that is not one of the site's", async () => {
    const device = await newDevice({ status: 'Planned' });
    const response = await call({ id: device.id, status: 'Lost' });
    expect(response.statusCode).toBe(400);
    expect(errorList(response)[0]).toMatch(/^Status "Lost" is not one of this site's statuses: Planned, /);
    expect((await row(device.id)).status).toBe('Planned');
    expect((await call({ id: w.foreignDevice.id, status: 'Planned' })).statusCode).toBe(404);
  });
});

describe('POST /api/site/devices/archive', () => {
  const call = (body: Record<string, unknown>, token = w.tokens.contributor) =>
    t.call('POST', '/api/site/devices/archive', { token, body });

  it('is for Contributors and above; Readers get 403, who cannot reach the site 404', async () => {
    const device = await newDevice();
    let archived = false;
    await expectAccessMatrix(w, 2, (token) => {
      archived = !archived;
      return call({ id: device.id, archived }, token);
    });
  });

  it('archives and restores (form values too), logging "Device archived" and "Device removed from archive"', async () => {
    const device = await newDevice();
    const archived = await t.call('POST', '/api/site/devices/archive', {
      token: w.tokens.external,
      ...form({ id: String(device.id), archived: 'true' }),
    });
    expect(archived.json().device.archived).toBe(true);
    const restored = await call({ id: device.id, archived: false });
    expect(restored.json().device.archived).toBe(false);
    expect((await logsOf(t, 'Device', device.id)).map((l) => l.note)).toEqual([
      'Device archived',
      'Device removed from archive',
    ]);
  });

  it('needs archived as true or false', async () => {
    const device = await newDevice();
    const response = await call({ id: device.id, archived: 'maybe' });
    expect(response.statusCode).toBe(400);
    expect(errorList(response)).toEqual(['Archived must be true or false']);
    expect(errorList(await call({ id: device.id }))).toEqual(['Archived must be true or false']);
  });
});

describe('POST /api/site/devices/change_product', () => {
  const call = (body: Record<string, unknown>, token = w.tokens.contributor) =>
    t.call('POST', '/api/site/devices/change_product', { token, body });

  it('is for Contributors and above; Readers get 403, who cannot reach the site 404', async () => {
    const device = await newDevice();
    let n = 0;
    await expectAccessMatrix(w, 2, (token) =>
      call({ id: device.id, product_id: n++ % 2 ? w.products.library.id : w.products.own.id }, token),
    );
  });

  it('replaces the product, answers the new product summary and logs the change', async () => {
    const device = await newDevice();
    const response = await call({ id: device.id, product_id: w.products.own.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().device).toMatchObject({
      id: device.id,
      site_id: w.sites.main.id,
      product_id: w.products.own.id,
      product: { name: 'Own Camera', brand: { name: 'A Brand' } },
    });
    expect((await logsOf(t, 'Device', device.id)).map((l) => [l.note, l.changes])).toEqual([
      [
        'Product changed from Library Switch to Own Camera',
        { product_id: { from: w.products.library.id, to: w.products.own.id } },
      ],
    ]);
    // The same product again changes nothing.
    await call({ id: device.id, product_id: w.products.own.id });
    expect(await logsOf(t, 'Device', device.id)).toHaveLength(1);
  });

  it("refuses a missing product and products the site's tenant can't use", async () => {
    const device = await newDevice();
    expect(errorList(await call({ id: device.id }))).toEqual(['Please select a product']);
    const gone = await createProduct(t, w.a.id, { name: 'Gone', discarded_at: new Date() });
    for (const productId of [w.products.theirs.id, gone.id]) {
      const response = await call({ id: device.id, product_id: productId });
      expect(response.statusCode).toBe(400);
      expect(errorList(response)).toEqual(['Product not found']);
    }
    expect((await row(device.id)).product_id).toBe(w.products.library.id);
  });
});

describe('POST /api/site/devices/logs', () => {
  it("gives the device's activity, newest first, to Contributors and above (the Logs page's level)", async () => {
    const device = await newDevice();
    await t.call('POST', '/api/site/devices/update_status', {
      token: w.tokens.contributor,
      body: { id: device.id, status: 'Installed' },
    });
    await t.call('POST', '/api/site/devices/archive', {
      token: w.tokens.full,
      body: { id: device.id, archived: true },
    });
    const answers = await expectAccessMatrix(w, 2, (token) =>
      t.call('POST', '/api/site/devices/logs', {
        token,
        ...form({ model: 'devices', id: String(device.id) }),
      }),
    );
    const logs = answers.contributor.json().logs as LogEntryDto[];
    expect(logs.map((l) => l.note)).toEqual(['Device archived', 'Status changed to Installed']);
    expect(logs[0]).toMatchObject({
      object_model: 'Device',
      object_id: device.id,
      object_name: 'ACT',
      user_id: w.users.full.id,
      parent_model: 'Site',
      parent_name: 'Main',
      site_id: w.sites.main.id,
      changes: { archived: { from: false, to: true } },
    });
  });

  it('refuses another model and answers 404 for a device of another tenant', async () => {
    const response = await t.call('POST', '/api/site/devices/logs', {
      token: w.tokens.reader,
      body: { model: 'users', id: w.device.id },
    });
    expect(response.statusCode).toBe(400);
    expect(errorList(response)).toEqual(["model must be 'devices'"]);
    const foreign = await t.call('POST', '/api/site/devices/logs', {
      token: w.tokens.owner,
      body: { model: 'devices', id: w.foreignDevice.id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
