import type { ApiErrorBody } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client.ts';
import { devices, tenants } from '../../src/db/schema.ts';
import { errorPlugin } from '../../src/platform/error-plugin.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * Every error answer carries, beside the English words, a stable code per message and the
 * message's parameters, in the same shape as `error` (ARCHITECTURE.md, API conventions).
 */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const body = (response: { json: () => unknown }) => response.json() as ApiErrorBody;

describe('error answers', () => {
  it('name the code and the field of a validation message', async () => {
    const response = await t.call('PUT', '/api/site/devices', {
      token: w.tokens.contributor,
      body: { id: w.device.id, purchase_date: 'soon' },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      error: 'Purchase Date must be a date as YYYY-MM-DD',
      code: 'field_not_date',
      params: { field: 'purchase_date' },
    });
  });

  it('align the lists of words, codes and parameters, with {} for a message without', async () => {
    const response = await t.call('POST', '/api/admin/users/login', {
      body: { username: ' ', password: '12' },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      error: ['Username is required', 'Min 6 characters'],
      code: ['username_required', 'password_min'],
      params: [{}, { min: 6 }],
    });
  });

  it('give each problem a service finds its code and parameters', async () => {
    const response = await t.call('PUT', '/api/site/devices', {
      token: w.tokens.contributor,
      body: { id: w.device.id, floor_id: w.elsewhere.floor.id, layer_id: w.elsewhere.layer.id },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      error: [
        `Floor ${w.elsewhere.floor.id} is not on this site`,
        `Layer ${w.elsewhere.layer.id} is not on this site`,
      ],
      code: ['floor_not_on_site', 'layer_not_on_site'],
      params: [{ id: w.elsewhere.floor.id }, { id: w.elsewhere.layer.id }],
    });
  });

  it('nest each device’s problem of a bulk change in one message per device', async () => {
    const device = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: 'CODES-1',
      floor_id: w.floors.ground.id,
    });
    const response = await t.call('PUT', '/api/site/devices/bulk', {
      token: w.tokens.contributor,
      body: {
        ids: [device.id],
        changes: { floor_id: w.floors.ground.id, location_id: w.locations.office.id },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      error: 'Device CODES-1: Location "Office" is not on floor "Ground"',
      code: 'device_problem',
      params: { device: 'CODES-1', problem: 'location_not_on_floor', location: 'Office', floor: 'Ground' },
    });
  });

  it('answer the code of a refusal, without parameters when it has none', async () => {
    const response = await t.call('PUT', '/api/site/devices', {
      token: w.tokens.contributor,
      body: { id: w.foreignDevice.id, note: 'not mine' },
    });
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({ error: 'Device not found', code: 'device_not_found' });
  });

  it('count the uses of a company for the reader’s language to list', async () => {
    const response = await t.call('DELETE', `/api/tenant/companies?id=${w.companies.contractor.id}`, {
      token: w.tokens.owner,
    });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toEqual({
      error: 'A Contractor is still used by 1 site as contractor; remove these links before deleting it',
      code: 'company_in_use_delete',
      params: { name: 'A Contractor', uses: 'usage_list_1', use1: 'usage_contractor_sites', count1: 1 },
    });
  });

  it("keep zod's own wording, with the field, under a code of its own", async () => {
    const named = await t.call('POST', '/api/global/uploads', {
      token: w.tokens.owner,
      body: { folder: 'products', filename: 'a.png', size: 10, content_type: '' },
    });
    expect(named.statusCode).toBe(400);
    const detail = 'Too small: expected string to have >=1 characters';
    expect(body(named)).toEqual({
      error: `content_type: ${detail}`,
      code: 'invalid_value',
      params: { path: 'content_type', detail },
    });
    const whole = await t.call('POST', '/api/admin/users/login', {
      body: '[1]',
      headers: { 'content-type': 'application/json' },
    });
    expect(body(whole)).toEqual({
      error: 'Invalid input: expected object, received array',
      code: 'invalid_input',
      params: { detail: 'Invalid input: expected object, received array' },
    });
  });

  it('give bodies the server cannot read a code, and never a 500', async () => {
    const send = (payload: string, contentType: string) =>
      t.call('POST', '/api/admin/users/login', { body: payload, headers: { 'content-type': contentType } });
    const cases = [
      [await send('{"username": ', 'application/json'), 400, 'invalid_json'],
      [await send('', 'application/json'), 400, 'empty_json'],
      [await send('<login/>', 'application/xml'), 415, 'unsupported_media_type'],
      [await send('x'.repeat(3 * 1024 * 1024), 'application/json'), 413, 'body_too_large'],
      [await send('garbage', 'multipart/form-data; boundary=xx'), 400, 'invalid_multipart'],
      [await send('garbage', 'multipart/form-data'), 400, 'invalid_multipart'],
    ] as const;
    for (const [response, status, code] of cases) {
      expect([response.statusCode, body(response).code]).toEqual([status, code]);
      expect(typeof body(response).error).toBe('string');
    }
    expect(body(cases[0][0]).error).toBe(
      "Body is not valid JSON but content-type is set to 'application/json'",
    );
  });

  it('name an unknown call', async () => {
    const response = await t.call('GET', '/api/nothing/here?x=1', { token: w.tokens.owner });
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({
      error: 'No such call: GET /api/nothing/here',
      code: 'no_such_call',
      params: { method: 'GET', path: '/api/nothing/here' },
    });
  });

  it('answer a unique violation of the database with 409 value_taken', async () => {
    // No call of the API lets a duplicate reach the database (each checks first), so a bare app
    // with the same error plugin inserts one, against the same database.
    const app = Fastify({ logger: false });
    await app.register(errorPlugin);
    app.post('/duplicate', async () => {
      const [tenant] = await t.db.insert(tenants).values({ name: 'Unique Co' }).returning();
      await t.db.insert(tenants).values({ id: tenant!.id, name: 'Unique Co again' });
      return { ok: true };
    });
    const response = await app.inject({ method: 'POST', url: '/duplicate' });
    await app.close();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'This value is already taken', code: 'value_taken' });
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'answer two transactions that waited on each other (PostgreSQL gives one up) with 409 write_conflict',
    async () => {
      const other = await createDevice(t, { siteId: w.sites.main.id, productId: w.products.library.id });
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const rename = (id: number, name: string) => (tx: Tx) =>
        tx.update(devices).set({ name }).where(eq(devices.id, id));
      const app = Fastify({ logger: false });
      await app.register(errorPlugin);
      app.post('/crossed', async () => {
        // Each holds one device and then asks for the other's.
        const results = await Promise.allSettled([
          t.db.transaction(async (tx) => {
            await rename(w.device.id, 'crossed A')(tx);
            await pause(300);
            await rename(other.id, 'crossed A')(tx);
          }),
          t.db.transaction(async (tx) => {
            await pause(100);
            await rename(other.id, 'crossed B')(tx);
            await rename(w.device.id, 'crossed B')(tx);
          }),
        ]);
        const failed = results.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
        return { ok: true };
      });
      const response = await app.inject({ method: 'POST', url: '/crossed' });
      await app.close();
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'Someone else changed the same records at the same moment; try again',
        code: 'write_conflict',
      });
    },
  );
});
