import type { AdminTenantDto } from '@asbuilt/domain';
import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, tenants } from '../../src/db/schema.ts';
import { MASTER_PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { expectLogged } from '../support/catalogue.ts';
import { createSite, createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';

let t: TestApp;
let admin: string;
let refused: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  const superAdmin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
  admin = await signIn(t, superAdmin.email);
  const other = await createTenant(t, 'Roles tenant');
  refused = {};
  for (const role of [Role.User, Role.BuildingOwner, Role.Integrator, Role.LibraryAdmin]) {
    const user = await createUser(t, { tenantId: role === Role.LibraryAdmin ? 1 : other.id, role });
    refused[`role ${role}`] = await signIn(t, user.email);
  }
});
afterAll(() => t?.close());

const list = async () =>
  (await t.call('GET', '/api/admin/tenants', { token: admin })).json().tenants as AdminTenantDto[];

describe('GET /api/admin/tenants', () => {
  it('lists every tenant with its user and site counts and lists', async () => {
    const tenant = await createTenant(t, 'Acme Integrators');
    const user = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
    const site = await createSite(t, tenant.id, 'Acme HQ');
    const response = await t.call('GET', '/api/admin/tenants', { token: admin });
    expect(response.statusCode).toBe(200);
    const acme = (response.json().tenants as AdminTenantDto[]).find((x) => x.id === tenant.id);
    expect(acme).toMatchObject({
      name: 'Acme Integrators',
      tenant_status: true,
      user_count: 1,
      site_count: 1,
      users: [{ id: user.id, username: user.username, name: `${user.fname} ${user.lname}` }],
      sites: [{ id: site.id, name: 'Acme HQ' }],
    });
    expect(Object.keys(acme!.users[0]!).sort()).toEqual(['id', 'name', 'username']);
  });
});

describe('POST and PUT /api/admin/tenants', () => {
  it('creates a tenant, active by default or as the switch says, and logs it', async () => {
    const response = await t.call('POST', '/api/admin/tenants', {
      token: admin,
      body: { name: '  New Co ' },
    });
    expect(response.statusCode).toBe(200);
    const tenant = response.json().tenant as AdminTenantDto;
    expect(tenant).toMatchObject({
      name: 'New Co',
      tenant_status: true,
      user_count: 0,
      users: [],
      sites: [],
    });
    const [log] = await expectLogged(t, 'Tenant', tenant.id, 'Tenant created');
    expect(log!.changes).toEqual({ name: { to: 'New Co' }, tenant_status: { to: true } });

    const off = await t.call('POST', '/api/admin/tenants', {
      token: admin,
      body: 'name=Dormant&tenant_status=false',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(off.json().tenant).toMatchObject({ name: 'Dormant', tenant_status: false });
  });

  it('renames a tenant and logs what changed', async () => {
    const tenant = await createTenant(t, 'Old name');
    const response = await t.call('PUT', '/api/admin/tenants', {
      token: admin,
      body: { id: tenant.id, name: 'New name' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().tenant).toMatchObject({ id: tenant.id, name: 'New name', tenant_status: true });
    const [log] = await expectLogged(t, 'Tenant', tenant.id, 'Tenant updated');
    expect(log!.changes).toEqual({ name: { from: 'Old name', to: 'New name' } });
    expect((await list()).find((x) => x.id === tenant.id)?.name).toBe('New name');
  });

  it('answers 400 with codes for bad input, 404 for an unknown tenant', async () => {
    const cases: Array<[string, 'POST' | 'PUT', unknown, string]> = [
      ['no name', 'POST', {}, 'field_required'],
      ['blank name', 'POST', { name: '   ' }, 'field_required'],
      ['bad switch', 'POST', { name: 'X', tenant_status: 'maybe' }, 'field_not_boolean'],
      ['no id', 'PUT', { name: 'X' }, 'field_not_number'],
      ['bad id', 'PUT', { id: 'abc', name: 'X' }, 'field_not_number'],
      ['blank name on update', 'PUT', { id: 1, name: '' }, 'field_required'],
    ];
    for (const [label, method, body, code] of cases) {
      const response = await t.call(method, '/api/admin/tenants', { token: admin, body });
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error, label).toBeTruthy();
      expect([response.json().code].flat(), label).toContain(code);
    }
    const missing = await t.call('PUT', '/api/admin/tenants', {
      token: admin,
      body: { id: 99999, name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('tenant_not_found');
  });

  it('refuses to switch off the Super Admin’s own tenant', async () => {
    const response = await t.call('PUT', '/api/admin/tenants', {
      token: admin,
      body: { id: 1, tenant_status: false },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('own_tenant_unchangeable');
    const [library] = await t.db.select().from(tenants).where(eq(tenants.id, 1));
    expect(library!.tenant_status).toBe(true);
  });
});

describe('deactivating a tenant', () => {
  it('ends its users’ sessions at once, refuses their sign-in, and lets them in again when reactivated', async () => {
    const tenant = await createTenant(t, 'Switched off');
    const bystanderTenant = await createTenant(t, 'Bystander');
    const user = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
    const bystander = await createUser(t, { tenantId: bystanderTenant.id, role: Role.Integrator });
    const token = await signIn(t, user.email);
    const second = await signIn(t, user.email);
    const other = await signIn(t, bystander.email);
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(200);

    const off = await t.call('PUT', '/api/admin/tenants', {
      token: admin,
      body: { id: tenant.id, tenant_status: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().tenant.tenant_status).toBe(false);
    for (const ended of [token, second]) {
      expect((await t.call('GET', '/api/global/me', { token: ended })).statusCode).toBe(401);
    }
    const open = await t.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(open.every((s) => s.revoked_at !== null)).toBe(true);
    expect((await t.call('GET', '/api/global/me', { token: other })).statusCode).toBe(200);

    const refusedSignIn = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
    });
    // Answered as a wrong password is: a sign-in tells nothing of the account (sign-in-answers.test.ts).
    expect(refusedSignIn.statusCode).toBe(401);
    expect(refusedSignIn.json().code).toBe('bad_credentials');
    const loginAs = await t.call('POST', '/api/admin/users/loginas', {
      token: admin,
      body: { id: user.id, password: MASTER_PASSWORD },
    });
    expect(loginAs.statusCode).toBe(403);

    const on = await t.call('PUT', '/api/admin/tenants', {
      token: admin,
      body: { id: tenant.id, tenant_status: true },
    });
    expect(on.json().tenant.tenant_status).toBe(true);
    // Ended sessions stay ended; a new sign-in works.
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(401);
    const again = await signIn(t, user.email);
    expect((await t.call('GET', '/api/global/me', { token: again })).statusCode).toBe(200);
  });
});

describe('access', () => {
  const calls: Array<['GET' | 'POST' | 'PUT', unknown]> = [
    ['GET', undefined],
    ['POST', { name: 'Sneaky' }],
    ['PUT', { id: 1, name: 'Sneaky' }],
  ];

  it('refuses roles 1 to 4 (403) and callers without a session (401)', async () => {
    for (const [method, body] of calls) {
      for (const [label, token] of Object.entries(refused)) {
        const response = await t.call(method, '/api/admin/tenants', { token, body });
        expect(response.statusCode, `${method} ${label}`).toBe(403);
        expect(response.json().code).toBe('not_allowed');
      }
      expect((await t.call(method, '/api/admin/tenants', { body })).statusCode, method).toBe(401);
    }
    expect((await list()).some((x) => x.name === 'Sneaky')).toBe(false);
  });
});
