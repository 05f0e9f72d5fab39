import { type AdminTenantDto, Role } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, signIn } from '../support/factories.ts';
import { PDF, uploadFile } from '../support/files.ts';

const MB = 1024 * 1024;

let t: TestApp;
let tenantId: number;
let otherTenantId: number;
let ownerToken: string;
let otherToken: string;
let superToken: string;
let site: { id: number };

beforeAll(async () => {
  // A server default of 1 MB: a few slots fill it.
  t = await startTestApp({ STORAGE_QUOTA_MB: '1' });
  tenantId = (await createTenant(t)).id;
  otherTenantId = (await createTenant(t)).id;
  ownerToken = await signIn(t, (await createUser(t, { tenantId, role: Role.BuildingOwner })).email);
  otherToken = await signIn(
    t,
    (await createUser(t, { tenantId: otherTenantId, role: Role.Integrator })).email,
  );
  superToken = await signIn(t, (await createUser(t, { tenantId: 1, role: Role.SuperAdmin })).email);
  site = await createSite(t, tenantId);
});
afterAll(() => t?.close());

const slot = (size: number, token = ownerToken, siteId = site.id) =>
  t.call('POST', '/api/global/uploads', {
    token,
    body: { folder: 'attachments', filename: 'big.pdf', size, site_id: siteId },
  });

async function tenantCard(id: number): Promise<AdminTenantDto> {
  const response = await t.call('GET', '/api/admin/tenants', { token: superToken });
  expect(response.statusCode).toBe(200);
  return (response.json() as { tenants: AdminTenantDto[] }).tenants.find((x) => x.id === id)!;
}

const setQuota = (id: number, storage_quota_mb: unknown, token = superToken) =>
  t.call('PUT', '/api/admin/tenants', { token, body: { id, storage_quota_mb } });

describe('the storage quota', () => {
  it("refuses a slot that would pass the tenant's quota with 413, counting slots never sent", async () => {
    // Announced but never sent: it takes its room until cleaned away.
    expect((await slot(600 * 1024)).statusCode).toBe(200);
    const refused = await slot(600 * 1024);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'storage_quota_exceeded', params: { quota: 1 } });
    expect(refused.json().error).toMatch(/1 MB/);
    // A file that still fits is taken.
    expect((await slot(300 * 1024)).statusCode).toBe(200);
  });

  it("counts each tenant's own files only", async () => {
    const otherSite = await createSite(t, otherTenantId);
    expect((await slot(900 * 1024, otherToken, otherSite.id)).statusCode).toBe(200);
  });

  it('is shown to the Super Admin with the usage, and a tenant quota set there overrides the default', async () => {
    const before = await tenantCard(tenantId);
    expect(before).toMatchObject({ storage_quota_mb: null, storage_default_quota_mb: 1 });
    expect(before.storage_used_bytes).toBe(900 * 1024);

    const raised = await setQuota(tenantId, 3);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().tenant).toMatchObject({ storage_quota_mb: 3, storage_used_bytes: 900 * 1024 });
    expect((await slot(2 * MB)).statusCode).toBe(200);
    expect((await slot(MB)).json()).toMatchObject({ code: 'storage_quota_exceeded', params: { quota: 3 } });

    // Blank returns the tenant to the server's default.
    const reset = await setQuota(tenantId, '');
    expect(reset.json().tenant.storage_quota_mb).toBeNull();
    expect((await slot(1)).statusCode).toBe(413);
  });

  it('frees the room of a deleted attachment', async () => {
    const tenant = (await createTenant(t)).id;
    const token = await signIn(
      t,
      (await createUser(t, { tenantId: tenant, role: Role.BuildingOwner })).email,
    );
    const own = await createSite(t, tenant);
    expect((await setQuota(tenant, 1)).statusCode).toBe(200);
    const big = Buffer.concat([PDF, Buffer.alloc(700 * 1024, 32)]);
    const key = await uploadFile(
      t,
      token,
      { folder: 'attachments', filename: 'big.pdf', site_id: own.id },
      big,
    );
    const attached = await t.call('POST', '/api/global/attachments', {
      token,
      body: { site_id: own.id, url: key },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect((await slot(big.length, token, own.id)).statusCode).toBe(413);
    const removed = await t.call('DELETE', `/api/global/attachments?id=${attached.json().attachment.id}`, {
      token,
    });
    expect(removed.statusCode).toBe(200);
    expect((await slot(big.length, token, own.id)).statusCode).toBe(200);
  });

  it('is set by the Super Admin only, in whole MB', async () => {
    expect((await setQuota(tenantId, 50, ownerToken)).statusCode).toBe(403);
    for (const bad of [0, -5, 1.5, 'lots'])
      expect((await setQuota(tenantId, bad)).statusCode, String(bad)).toBe(400);
    const created = await t.call('POST', '/api/admin/tenants', {
      token: superToken,
      body: { name: 'Quota Tenant', storage_quota_mb: 250 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().tenant).toMatchObject({ storage_quota_mb: 250, storage_used_bytes: 0 });
  });

  it('counts what was stored once the bytes arrive, not what was announced', async () => {
    const tenant = (await createTenant(t)).id;
    const token = await signIn(
      t,
      (await createUser(t, { tenantId: tenant, role: Role.BuildingOwner })).email,
    );
    const own = await createSite(t, tenant);
    const announced = await slot(900 * 1024, token, own.id);
    expect(announced.statusCode).toBe(200);
    expect((await tenantCard(tenant)).storage_used_bytes).toBe(900 * 1024);
    const target = announced.json();
    const put = await t.call('PUT', target.upload_url, { body: PDF, headers: target.headers });
    expect(put.statusCode, put.body).toBe(200);
    expect((await tenantCard(tenant)).storage_used_bytes).toBe(PDF.length);
    expect((await slot(900 * 1024, token, own.id)).statusCode).toBe(200);
  });

  it('keeps two slots at once from both squeezing into the last room', async () => {
    const tenant = (await createTenant(t)).id;
    const token = await signIn(
      t,
      (await createUser(t, { tenantId: tenant, role: Role.BuildingOwner })).email,
    );
    const own = await createSite(t, tenant);
    const answers = await Promise.all([slot(700 * 1024, token, own.id), slot(700 * 1024, token, own.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 413]);
  });
});
