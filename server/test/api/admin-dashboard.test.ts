import type { AdminDashboardDto } from '@asbuilt/domain';
import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, sessions } from '../../src/db/schema.ts';
import { adminActors, expectAdminOnly } from '../support/admin.ts';
import { MASTER_PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { createProduct, createSite, createTenant, createUser, signIn } from '../support/factories.ts';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;

beforeAll(async () => {
  t = await startTestApp();
  actors = await adminActors(t);
});
afterAll(() => t?.close());

const dashboard = async () => {
  const response = await t.call('GET', '/api/admin/dashboard', { token: actors.admin });
  expect(response.statusCode).toBe(200);
  return response.json() as AdminDashboardDto;
};

describe('GET /api/admin/dashboard', () => {
  it('counts tenants, users, sites and devices', async () => {
    const before = await dashboard();
    const tenant = await createTenant(t, 'Counted');
    await t.call('PUT', '/api/admin/tenants', {
      token: actors.admin,
      body: { id: tenant.id, tenant_status: false },
    });
    await createUser(t, { tenantId: tenant.id, active: false });
    const site = await createSite(t, tenant.id);
    const product = await createProduct(t, 1);
    await t.db.insert(devices).values([
      { site_id: site.id, product_id: product.id },
      { site_id: site.id, product_id: product.id },
    ]);
    const after = await dashboard();
    expect(after.counts).toEqual({
      tenants: before.counts.tenants + 1,
      active_tenants: before.counts.active_tenants,
      users: before.counts.users + 1,
      active_users: before.counts.active_users,
      sites: before.counts.sites + 1,
      devices: before.counts.devices + 2,
    });
  });

  it('counts the sign-ins of the last 7 days, without Login as and older ones', async () => {
    const before = (await dashboard()).sign_ins;
    expect(before.days).toBe(7);
    const user = await createUser(t, { tenantId: 1, role: Role.User });
    await signIn(t, user.email);
    await signIn(t, user.email);
    const loginAs = await t.call('POST', '/api/admin/users/loginas', {
      token: actors.admin,
      body: { id: user.id, password: MASTER_PASSWORD },
    });
    expect(loginAs.statusCode).toBe(200);
    const old = await createUser(t, { tenantId: 1 });
    await signIn(t, old.email);
    await t.db
      .update(sessions)
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sessions.user_id, old.id));
    const after = (await dashboard()).sign_ins;
    expect(after.count).toBe(before.count + 2);
    expect(after.users).toBe(before.users + 1);
  });

  it('lists the latest activity entries of every tenant, newest first', async () => {
    const created = await t.call('POST', '/api/admin/tenants', {
      token: actors.admin,
      body: { name: 'Latest Co' },
    });
    const body = await dashboard();
    expect(body.logs.length).toBeGreaterThan(0);
    expect(body.logs.length).toBeLessThanOrEqual(10);
    expect(body.logs[0]).toMatchObject({
      object_model: 'Tenant',
      object_id: created.json().tenant.id,
      object_name: 'Latest Co',
      action: 'created',
    });
  });

  it('is for the Super Admin only', async () => {
    await expectAdminOnly(t, actors.refused, 'GET', '/api/admin/dashboard');
  });
});
