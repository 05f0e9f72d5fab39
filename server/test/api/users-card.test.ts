import { Role, type UserDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, contacts } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser, signIn } from '../support/factories.ts';
import { errorList, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `person.${Math.random().toString(36).slice(2, 8)}@example.test`,
  password: 'secret-123',
  fname: 'Pat',
  lname: 'Claes',
  role: 1,
  ...overrides,
});

async function create(token: string, body: Record<string, unknown>, scope = 'tenant') {
  const response = await t.call('POST', `/api/${scope}/users`, { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { user: UserDto }).user;
}

describe('tenant users', () => {
  it('roles 2 and above list their own tenant only; role 1 is refused', async () => {
    const list = await t.call('GET', '/api/tenant/users', { token: w.tokens.owner });
    const users = (list.json() as { users: UserDto[] }).users;
    expect(users.every((u) => u.tenant_id === w.a.id)).toBe(true);
    expect(users.map((u) => u.id)).toContain(w.users.reader.id);
    expect(list.body).not.toContain('password_hash');
    expect((await t.call('GET', '/api/tenant/users', { token: w.tokens.contributor })).statusCode).toBe(403);
    const mine = await t.call('GET', '/api/global/user_list', { token: w.tokens.contributor });
    expect((mine.json() as { users: UserDto[] }).users.every((u) => u.tenant_id === w.a.id)).toBe(true);
  });

  it('creates a user of the own tenant with roles 1 to 3 only; the new user signs in', async () => {
    const body = newUser({ role: 3, tenant_id: w.b.id });
    const user = await create(w.tokens.integrator, body);
    expect(user).toMatchObject({ role: 3, tenant_id: w.a.id, user_status: true, email: body.email });
    expect(await signIn(t, body.email as string, 'secret-123')).toBeTruthy();
    const tooHigh = await t.call('POST', '/api/tenant/users', {
      token: w.tokens.integrator,
      body: newUser({ role: 4 }),
    });
    expect(tooHigh.statusCode).toBe(403);
    const taken = await t.call('POST', '/api/tenant/users', {
      token: w.tokens.integrator,
      body: newUser({ email: w.users.reader.email.toUpperCase() }),
    });
    expect(taken.statusCode).toBe(409);
    const short = await t.call('POST', '/api/tenant/users', {
      token: w.tokens.integrator,
      body: newUser({ password: '123' }),
    });
    expect(short.statusCode).toBe(400);
    const byUser = await t.call('POST', '/api/tenant/users', {
      token: w.tokens.contributor,
      body: newUser(),
    });
    expect(byUser.statusCode).toBe(403);
  });

  it('edits another user through PUT /api/tenant/users; a blank password keeps it, a new one ends their sessions', async () => {
    const body = newUser();
    const user = await create(w.tokens.owner, body);
    const token = await signIn(t, body.email as string, 'secret-123');
    const blank = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: user.id, fname: 'Patricia', password: '', role: 2 },
    });
    expect((blank.json() as { user: UserDto }).user).toMatchObject({ fname: 'Patricia', role: 2 });
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(200);
    await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: user.id, password: 'brand-new-1' },
    });
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(401);
    expect(await signIn(t, body.email as string, 'brand-new-1')).toBeTruthy();
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.object_id, user.id))
      .orderBy(activityLogs.id)
      .offset(1)
      .limit(1);
    expect(entry!.changes).toMatchObject({
      fname: { from: 'Pat', to: 'Patricia' },
      role: { from: 1, to: 2 },
    });
    expect(JSON.stringify(entry)).not.toContain('secret-123');
  });

  it('the profile form still works through the same call (no id, or one’s own)', async () => {
    const response = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.reader,
      body: { email: w.users.reader.email, fname: 'Reader', lname: 'Self' },
    });
    expect((response.json() as { user: UserDto }).user).toMatchObject({ fname: 'Reader', lname: 'Self' });
  });

  it('refuses another tenant’s user (404), a role-4 user of the own tenant (403), deleting oneself (403)', async () => {
    const other = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: w.users.other.id, fname: 'X' },
    });
    expect(other.statusCode).toBe(404);
    expect(errorList(other)).toEqual(['User not found']);
    const admin = await createUser(t, { tenantId: w.a.id, role: Role.LibraryAdmin });
    const high = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: admin.id, fname: 'X' },
    });
    expect(high.statusCode).toBe(403);
    const self = await t.call('DELETE', `/api/tenant/users?id=${w.users.owner.id}`, {
      token: w.tokens.owner,
    });
    expect(self.statusCode).toBe(403);
    expect((self.json() as { code: string }).code).toBe('cannot_delete_self');
  });

  it('the user card lists the sites with the user’s access and resulting permission', async () => {
    const response = await t.call('GET', `/api/tenant/users?id=${w.users.reader.id}`, {
      token: w.tokens.integrator,
    });
    const { sites } = response.json() as {
      sites: Array<{ site: { name: string }; access: { user_role: number } | null; permission: number }>;
    };
    expect(sites.map((s) => s.site.name)).toEqual(['Main', 'Second']);
    expect(sites[0]).toMatchObject({ access: { user_role: 1 }, permission: 1 });
    expect(sites[1]).toMatchObject({ access: null, permission: 0 });
  });

  it('deleting a user keeps their log entries’ name and their contacts’ details', async () => {
    const body = newUser({ fname: 'Gone', lname: 'Soon' });
    const user = await create(w.tokens.owner, body);
    const token = await signIn(t, body.email as string, 'secret-123');
    expect(token).toBeTruthy();
    const [contact] = await t.db
      .insert(contacts)
      .values({ site_id: w.sites.main.id, user_id: user.id })
      .returning();
    const response = await t.call('DELETE', `/api/tenant/users?id=${user.id}`, { token: w.tokens.owner });
    expect(response.json()).toEqual({ message: `User ${user.id} Deleted` });
    const [kept] = await t.db.select().from(contacts).where(eq(contacts.id, contact!.id));
    expect(kept).toMatchObject({ user_id: null, fname: 'Gone', lname: 'Soon', email: body.email });
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.object_id, user.id));
    expect(logs.some((l) => l.note === 'User Deleted')).toBe(true);
  });
});

describe('admin users', () => {
  it('are for the Super Admin: any tenant and roles up to 5', async () => {
    expect((await t.call('GET', '/api/admin/users', { token: w.tokens.integrator })).statusCode).toBe(403);
    const user = await create(w.tokens.superAdmin, newUser({ role: 4, tenant_id: w.b.id }), 'admin');
    expect(user).toMatchObject({ role: 4, tenant_id: w.b.id });
    const moved = await t.call('PUT', '/api/admin/users', {
      token: w.tokens.superAdmin,
      body: { id: user.id, tenant_id: w.a.id },
    });
    expect((moved.json() as { user: UserDto }).user.tenant_id).toBe(w.a.id);
    const badTenant = await t.call('POST', '/api/admin/users', {
      token: w.tokens.superAdmin,
      body: newUser({ tenant_id: 999999 }),
    });
    expect(badTenant.statusCode).toBe(400);
  });
});
