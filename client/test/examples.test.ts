/**
 * The typed client's two examples (issue 45) run against a real server, over HTTP, with a
 * personal API token: what a script of an integrator would do.
 */
import type { AddressInfo } from 'node:net';
import { DEFAULT_DEVICE_STATUSES, Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../server/src/db/schema.ts';
import { startTestApp, type TestApp } from '../../server/test/support/app.ts';
import {
  createDevice,
  createProduct,
  createSite,
  createTenant,
  createUser,
  signIn,
} from '../../server/test/support/factories.ts';
import { setStatusBySerial } from '../examples/status-from-alert.ts';
import { warrantiesEnding } from '../examples/warranties-this-year.ts';
import { AsbuiltError, asbuiltClient } from '../src/index.ts';

let t: TestApp;
let baseUrl: string;
let token: string;
let readToken: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const tenant = await createTenant(t, 'Client Examples');
  const other = await createTenant(t, 'Someone Else');
  const user = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
  const hq = await createSite(t, tenant.id, 'Harbour Tower');
  const depot = await createSite(t, tenant.id, 'Depot North');
  const theirs = await createSite(t, other.id, 'Their Plant');
  await t.db.update(sites).set({ device_statuses: DEFAULT_DEVICE_STATUSES }).where(eq(sites.id, hq.id));
  const product = await createProduct(t, tenant.id, { name: 'Dome camera' });
  const theirProduct = await createProduct(t, other.id, { name: 'Their camera' });
  const ending = await createDevice(t, {
    siteId: hq.id,
    productId: product.id,
    code: 'CAM-001',
    sn: 'ACCC8E123456',
    warranty_expiration_date: '2026-03-31',
  });
  await createDevice(t, { siteId: hq.id, productId: product.id, code: 'CAM-002', sn: 'ACCC8E1234567' });
  await createDevice(t, {
    siteId: depot.id,
    productId: product.id,
    code: 'SW-001',
    warranty_expiration_date: '2026-11-02',
  });
  await createDevice(t, {
    siteId: depot.id,
    productId: product.id,
    code: 'SW-002',
    warranty_expiration_date: '2027-01-15',
  });
  await createDevice(t, {
    siteId: theirs.id,
    productId: theirProduct.id,
    code: 'THEIRS-1',
    sn: 'ACCC8E123456X',
    warranty_expiration_date: '2026-05-01',
  });
  ids.ending = ending.id;
  const session = await signIn(t, user.email);
  const mint = async (scope: string) => {
    const response = await t.call('POST', '/api/global/me/tokens', {
      token: session,
      body: { name: `examples ${scope}`, scope, expires_in_days: 30 },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { token: string }).token;
  };
  token = await mint('read_write');
  readToken = await mint('read');
  // A server on a fresh database, in the unit project's default time: an API test's allowance.
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the typed client’s examples, over HTTP with an API token', () => {
  it('lists the devices whose warranty ends in a year, across the sites the token sees, never another tenant’s', async () => {
    const rows = await warrantiesEnding(asbuiltClient({ baseUrl, token }), 2026);
    expect(rows.map((row) => [row.site, row.code, row.warranty_expiration_date])).toEqual([
      ['Harbour Tower', 'CAM-001', '2026-03-31'],
      ['Depot North', 'SW-001', '2026-11-02'],
    ]);
  });

  it('sets the status of the device a monitoring alert names by its exact serial', async () => {
    const api = asbuiltClient({ baseUrl, token });
    const device = await setStatusBySerial(api, 'accc8e123456', 'Faulty');
    expect(device).toMatchObject({ id: ids.ending, code: 'CAM-001', status: 'Faulty' });
    expect(await setStatusBySerial(api, 'NO-SUCH-SERIAL', 'Faulty')).toBeNull();
  });

  it('answers a refusal as an AsbuiltError with the server’s status and code', async () => {
    const readOnly = asbuiltClient({ baseUrl, token: readToken });
    const refused = await setStatusBySerial(readOnly, 'ACCC8E123456', 'Installed').catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AsbuiltError);
    expect((refused as AsbuiltError).status).toBe(403);
    const nobody = asbuiltClient({ baseUrl, token: 'asb_not-a-token' });
    const unsigned = await warrantiesEnding(nobody, 2026).catch((error: unknown) => error);
    expect((unsigned as AsbuiltError).status).toBe(401);
  });
});
