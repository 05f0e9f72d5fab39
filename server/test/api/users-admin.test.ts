import { Role, SitePermission, type UserDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser, grantAccess, signIn } from '../support/factories.ts';
import { logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

/** /api/admin/users: the Super Admin manages everyone, roles 1 to 5, any tenant. */

let t: TestApp;
let w: SiteWorld;
let libraryAdminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  const libraryAdmin = await createUser(t, { tenantId: w.a.id, role: Role.LibraryAdmin });
  libraryAdminToken = await signIn(t, libraryAdmin.email);
});
afterAll(() => t?.close());

let sequence = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `admin.made.${++sequence}.${Math.random().toString(36).slice(2, 6)}@example.test`,
  password: 'secret-123',
  fname: 'Ada',
  lname: 'Maes',
  role: 1,
  ...overrides,
});

const codeOf = (response: { json: () => unknown }) => (response.json() as { code: unknown }).code;

async function create(body: Record<string, unknown>) {
  const response = await t.call('POST', '/api/admin/users', { token: w.tokens.superAdmin, body });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { user: UserDto }).user;
}

describe('/api/admin/users', () => {
  it('are for the Super Admin only, whatever the call', async () => {
    const target = await create(newUser({ tenant_id: w.a.id }));
    for (const token of [w.tokens.reader, w.tokens.owner, w.tokens.integrator, libraryAdminToken]) {
      const calls = [
        () => t.call('GET', '/api/admin/users', { token }),
        () => t.call('GET', `/api/admin/users?id=${target.id}`, { token }),
        () => t.call('POST', '/api/admin/users', { token, body: newUser() }),
        () => t.call('PUT', '/api/admin/users', { token, body: { id: target.id, fname: 'X' } }),
        () => t.call('DELETE', `/api/admin/users?id=${target.id}`, { token }),
      ];
      for (const call of calls) expect((await call()).statusCode).toBe(403);
    }
    const list = await t.call('GET', '/api/admin/users', { token: w.tokens.superAdmin });
    const ids = (list.json() as { users: UserDto[] }).users.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([w.users.owner.id, w.users.other.id, w.users.superAdmin.id]));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(list.body).not.toMatch(/password/);
    expect((list.json() as { users: UserDto[] }).users.find((u) => u.id === w.users.other.id)).toMatchObject({
      tenant_name: 'Tenant B',
    });
  });

  it('creates users of any tenant with roles up to 5, moves them, edits a Library Admin; an unknown tenant answers 400', async () => {
    const user = await create(newUser({ role: Role.LibraryAdmin, tenant_id: w.b.id }));
    expect(user).toMatchObject({ role: Role.LibraryAdmin, tenant_id: w.b.id, tenant_name: 'Tenant B' });
    const admin = await create(newUser({ role: Role.SuperAdmin, tenant_id: w.a.id }));
    expect(admin.role).toBe(Role.SuperAdmin);
    const moved = await t.call('PUT', '/api/admin/users', {
      token: w.tokens.superAdmin,
      body: { id: user.id, tenant_id: w.a.id, role: Role.Integrator, password: '' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as { user: UserDto }).user).toMatchObject({
      tenant_id: w.a.id,
      role: Role.Integrator,
    });
    expect((await logsOf(t, 'User', user.id)).at(-1)!.changes).toEqual({
      tenant_id: { from: w.b.id, to: w.a.id },
      role: { from: Role.LibraryAdmin, to: Role.Integrator },
    });
    for (const body of [newUser({ tenant_id: 999999 })]) {
      const response = await t.call('POST', '/api/admin/users', { token: w.tokens.superAdmin, body });
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('tenant_not_found');
    }
    const badRole = await t.call('POST', '/api/admin/users', {
      token: w.tokens.superAdmin,
      body: newUser({ role: 6 }),
    });
    expect(badRole.statusCode).toBe(400);
    const missing = await t.call('PUT', '/api/admin/users', {
      token: w.tokens.superAdmin,
      body: { id: 999999, fname: 'X' },
    });
    expect(missing.statusCode).toBe(404);
    expect(codeOf(missing)).toBe('user_not_found');
  });

  it('the Super Admin keeps their own role and state and can’t delete themselves', async () => {
    const me = w.users.superAdmin;
    const role = await t.call('PUT', '/api/admin/users', {
      token: w.tokens.superAdmin,
      body: { id: me.id, role: Role.User },
    });
    expect(role.statusCode).toBe(403);
    expect(codeOf(role)).toBe('own_role_unchangeable');
    const state = await t.call('PUT', '/api/admin/users', {
      token: w.tokens.superAdmin,
      body: { id: me.id, user_status: false },
    });
    expect(state.statusCode).toBe(403);
    expect(codeOf(state)).toBe('own_status_unchangeable');
    const self = await t.call('DELETE', `/api/admin/users?id=${me.id}`, { token: w.tokens.superAdmin });
    expect(self.statusCode).toBe(403);
    expect(codeOf(self)).toBe('cannot_delete_self');
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ role: Role.SuperAdmin, user_status: true });
  });

  it('a password set by the Super Admin ends the user’s sessions; a blank one keeps it', async () => {
    const body = newUser({ tenant_id: w.b.id });
    const user = await create(body);
    const token = await signIn(t, body.email, 'secret-123');
    await t.call('PUT', '/api/admin/users', {
      token: w.tokens.superAdmin,
      body: { id: user.id, fname: 'Adaline', password: '' },
    });
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(200);
    await t.call('PUT', '/api/admin/users', {
      token: w.tokens.superAdmin,
      body: { id: user.id, password: 'set-by-admin-1' },
    });
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(401);
    expect(await signIn(t, body.email, 'set-by-admin-1')).toBeTruthy();
  });

  it('the user card shows every site of the user’s tenant and each site shared with them; users of any tenant are deleted', async () => {
    const user = await create(newUser({ tenant_id: w.b.id }));
    await grantAccess(t, { siteId: w.sites.main.id, userId: user.id, role: SitePermission.FullAccess });
    const detail = await t.call('GET', `/api/admin/users?id=${user.id}`, { token: w.tokens.superAdmin });
    expect(detail.statusCode, detail.body).toBe(200);
    const { sites } = detail.json() as {
      sites: Array<{ site: { name: string }; access: { internal: boolean } | null; permission: number }>;
    };
    expect(sites.map((s) => s.site.name)).toEqual(['Foreign', 'Main']);
    expect(sites[1]).toMatchObject({ access: { internal: false }, permission: 3 });
    const removed = await t.call('DELETE', `/api/admin/users?id=${user.id}`, { token: w.tokens.superAdmin });
    expect(removed.json()).toEqual({ message: `User ${user.id} Deleted` });
    expect((await logsOf(t, 'User', user.id)).at(-1)).toMatchObject({
      note: 'User Deleted',
      tenant_id: w.b.id,
    });
  });
});
