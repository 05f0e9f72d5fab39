import { Role, SitePermission, type UserDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, contacts, siteAccesses, users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createCompany, createUser, grantAccess, signIn } from '../support/factories.ts';
import { errorList, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

/** The tenant's people (core.md sections 2, 4, 5, 6): /api/tenant/users and /api/global/user_list. */

let t: TestApp;
let w: SiteWorld;
let libraryAdmin: { id: number; email: string };
let libraryAdminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  libraryAdmin = await createUser(t, { tenantId: w.a.id, role: Role.LibraryAdmin });
  libraryAdminToken = await signIn(t, libraryAdmin.email);
});
afterAll(() => t?.close());

let sequence = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `person.${++sequence}.${Math.random().toString(36).slice(2, 6)}@example.test`,
  password: 'secret-123',
  fname: 'Pat',
  lname: 'Claes',
  role: 1,
  ...overrides,
});

async function create(body: Record<string, unknown>, token = w.tokens.owner) {
  const response = await t.call('POST', '/api/tenant/users', { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { user: UserDto }).user;
}

const codeOf = (response: { json: () => unknown }) => (response.json() as { code: unknown }).code;

describe('GET /api/tenant/users and /api/global/user_list', () => {
  it('roles 2 and above list their own tenant’s users by id, never a password hash; role 1 is refused', async () => {
    const expected: Array<[string, number]> = [
      [w.tokens.reader, 403],
      [w.tokens.full, 403],
      [w.tokens.owner, 200],
      [w.tokens.integrator, 200],
      [libraryAdminToken, 200],
      [w.tokens.superAdmin, 200],
    ];
    for (const [token, status] of expected) {
      expect((await t.call('GET', '/api/tenant/users', { token })).statusCode).toBe(status);
    }
    const response = await t.call('GET', '/api/tenant/users', { token: w.tokens.owner });
    const list = (response.json() as { users: UserDto[] }).users;
    expect(list.every((u) => u.tenant_id === w.a.id)).toBe(true);
    expect(list.map((u) => u.id)).toEqual([...list.map((u) => u.id)].sort((x, y) => x - y));
    expect(list.map((u) => u.id)).toEqual(expect.arrayContaining([w.users.reader.id, w.users.owner.id]));
    expect(list.map((u) => u.id)).not.toContain(w.users.other.id);
    expect(response.body).not.toMatch(/password/);
  });

  it('user_list answers id, name and e-mail of the own tenant to those who may share; all tenants to the Super Admin', async () => {
    // Role 1 without Full Access anywhere shares nothing, so gets no directory of colleagues.
    const reader = await t.call('GET', '/api/global/user_list', { token: w.tokens.reader });
    expect(reader.statusCode).toBe(403);
    // Role 1 with Full Access on a site of the own tenant shares that site.
    const mine = await t.call('GET', '/api/global/user_list', { token: w.tokens.full });
    expect(mine.statusCode).toBe(200);
    const listed = (mine.json() as { users: Array<Record<string, unknown>> }).users;
    expect(listed.map((u) => u.id)).toContain(w.users.owner.id);
    expect(listed.map((u) => u.id)).not.toContain(w.users.other.id);
    for (const entry of listed) expect(Object.keys(entry).sort()).toEqual(['email', 'fname', 'id', 'lname']);
    const theirs = await t.call('GET', '/api/global/user_list', { token: w.tokens.other });
    const theirIds = (theirs.json() as { users: UserDto[] }).users.map((u) => u.id);
    expect(theirIds).toContain(w.users.other.id);
    expect(theirIds).not.toContain(w.users.owner.id);
    const all = await t.call('GET', '/api/global/user_list', { token: w.tokens.superAdmin });
    const allIds = (all.json() as { users: UserDto[] }).users.map((u) => u.id);
    expect(allIds).toEqual(
      expect.arrayContaining([w.users.owner.id, w.users.other.id, w.users.superAdmin.id]),
    );
    expect((await t.call('GET', '/api/global/user_list')).statusCode).toBe(401);
  });
});

describe('POST /api/tenant/users', () => {
  it('creates a user of the own tenant (roles 1 to 3; another tenant_id is ignored); the username follows the e-mail; they sign in', async () => {
    const body = newUser({ email: 'New.Colleague@Example.test', role: Role.Integrator, tenant_id: w.b.id });
    const user = await create(body, w.tokens.integrator);
    expect(user).toMatchObject({
      role: Role.Integrator,
      tenant_id: w.a.id,
      user_status: true,
      email: 'new.colleague@example.test',
      username: 'new.colleague@example.test',
    });
    expect(JSON.stringify(user)).not.toMatch(/password/);
    expect(await signIn(t, 'new.colleague@example.test', 'secret-123')).toBeTruthy();
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const [entry] = await logsOf(t, 'User', user.id);
    expect(entry).toMatchObject({ note: 'User Created', tenant_id: w.a.id, user_id: w.users.integrator.id });
    expect(entry!.changes).toMatchObject({ role: { to: Role.Integrator }, email: { to: user.email } });
    expect(JSON.stringify(entry)).not.toContain('secret-123');
  });

  it('refuses roles above 3 (403 role_too_high), role 1 callers (403), a taken e-mail in any case (409), bad input (400 with codes)', async () => {
    for (const role of [Role.LibraryAdmin, Role.SuperAdmin]) {
      const response = await t.call('POST', '/api/tenant/users', {
        token: w.tokens.integrator,
        body: newUser({ role }),
      });
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('role_too_high');
    }
    // Not even the Super Admin through the tenant form.
    const viaTenant = await t.call('POST', '/api/tenant/users', {
      token: w.tokens.superAdmin,
      body: newUser({ role: Role.LibraryAdmin }),
    });
    expect(viaTenant.statusCode).toBe(403);
    const byUser = await t.call('POST', '/api/tenant/users', { token: w.tokens.full, body: newUser() });
    expect(byUser.statusCode).toBe(403);
    const taken = await t.call('POST', '/api/tenant/users', {
      token: w.tokens.owner,
      body: newUser({ email: w.users.other.email.toUpperCase() }),
    });
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken)).toBe('email_taken');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: '123' }, 'password_min'],
      [{ password: undefined }, 'password_required'],
      [{ email: 'not-an-email' }, 'email_invalid'],
      [{ fname: '' }, 'field_required'],
      [{ role: 9 }, 'field_one_of'],
      [{ user_status: 'maybe' }, 'field_not_boolean'],
    ];
    for (const [overrides, code] of cases) {
      const response = await t.call('POST', '/api/tenant/users', {
        token: w.tokens.owner,
        body: newUser(overrides),
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(codeOf(response)), JSON.stringify(overrides)).toContain(code);
    }
  });
});

describe('PUT /api/tenant/users (the user card)', () => {
  it('a blank password keeps the current one; a new one ends the user’s sessions and replaces the old', async () => {
    const body = newUser();
    const user = await create(body);
    const token = await signIn(t, body.email, 'secret-123');
    const blank = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: user.id, fname: 'Patricia', password: '', role: Role.BuildingOwner },
    });
    expect(blank.statusCode, blank.body).toBe(200);
    expect((blank.json() as { user: UserDto }).user).toMatchObject({ fname: 'Patricia', role: 2 });
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(200);
    expect(await signIn(t, body.email, 'secret-123')).toBeTruthy();

    // Now a Building Owner: only a higher role (the Integrator) sets the password.
    const changed = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.integrator,
      body: { id: user.id, password: 'brand-new-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(401);
    await expect(signIn(t, body.email, 'secret-123')).rejects.toThrow(/401|400/);
    expect(await signIn(t, body.email, 'brand-new-1')).toBeTruthy();

    const entries = await logsOf(t, 'User', user.id);
    expect(entries.map((e) => e.note)).toEqual(['User Created', 'User Updated', 'Password set']);
    expect(entries[1]!.changes).toEqual({
      fname: { from: 'Pat', to: 'Patricia' },
      role: { from: 1, to: 2 },
    });
    expect(entries[2]!.changes).toEqual({ password_changed: { to: true } });
    expect(JSON.stringify(entries)).not.toMatch(/secret-123|brand-new-1|argon2/);
  });

  it('the username follows a new e-mail; another account’s e-mail answers 409; switching a user off ends their sessions', async () => {
    const body = newUser();
    const user = await create(body);
    const token = await signIn(t, body.email, 'secret-123');
    const renamed = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.integrator,
      body: { id: user.id, email: 'Renamed.Person@Example.test' },
    });
    expect((renamed.json() as { user: UserDto }).user).toMatchObject({
      email: 'renamed.person@example.test',
      username: 'renamed.person@example.test',
    });
    const taken = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.integrator,
      body: { id: user.id, email: w.users.reader.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken)).toBe('email_taken');
    const off = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.integrator,
      body: { id: user.id, user_status: false },
    });
    expect((off.json() as { user: UserDto }).user.user_status).toBe(false);
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(401);
  });

  it('refuses raising a role above 3, a user above the form’s roles (403), another tenant’s user (404), role 1 callers (403)', async () => {
    const user = await create(newUser());
    const raise = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.integrator,
      body: { id: user.id, role: Role.LibraryAdmin },
    });
    expect(raise.statusCode).toBe(403);
    expect(codeOf(raise)).toBe('role_too_high');
    const high = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: libraryAdmin.id, fname: 'X' },
    });
    expect(high.statusCode).toBe(403);
    expect(codeOf(high)).toBe('role_too_high');
    // A Library Admin of the library tenant can't reach its Super Admin through the tenant form.
    const libraryUser = await createUser(t, {
      tenantId: w.users.superAdmin.tenant_id,
      role: Role.LibraryAdmin,
    });
    const libraryToken = await signIn(t, libraryUser.email);
    const admin = await t.call('PUT', '/api/tenant/users', {
      token: libraryToken,
      body: { id: w.users.superAdmin.id, fname: 'X' },
    });
    expect(admin.statusCode).toBe(403);
    for (const [method, url, body] of [
      ['PUT', '/api/tenant/users', { id: w.users.other.id, fname: 'X' }],
      ['GET', `/api/tenant/users?id=${w.users.other.id}`, undefined],
      ['DELETE', `/api/tenant/users?id=${w.users.other.id}`, undefined],
    ] as const) {
      const response = await t.call(method, url, { token: w.tokens.owner, body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(errorList(response)).toEqual(['User not found']);
      expect(codeOf(response)).toBe('user_not_found');
    }
    const byUser = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.full,
      body: { id: user.id, fname: 'X' },
    });
    expect(byUser.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, w.users.other.id));
    expect(row!.fname).not.toBe('X');
  });

  it('on oneself: the profile form keeps working; the card sets neither one’s own password nor role nor state', async () => {
    const me = await createUser(t, { tenantId: w.a.id, role: Role.Integrator });
    await t.db.update(users).set({ phone1: '+32 9 000 00 01' }).where(eq(users.id, me.id));
    const token = await signIn(t, me.email);
    const profile = await t.call('PUT', '/api/tenant/users', {
      token,
      body: {
        id: me.id,
        email: me.email,
        fname: 'Ines',
        lname: 'Self',
        phone1: '+32 9 000 00 02',
        phone2: '',
      },
    });
    expect((profile.json() as { user: UserDto }).user).toMatchObject({
      fname: 'Ines',
      phone1: '+32 9 000 00 02',
      phone2: null,
    });
    const ownRole = await t.call('PUT', '/api/tenant/users', {
      token,
      body: { id: me.id, email: me.email, fname: 'Ines', lname: 'Self', role: Role.BuildingOwner },
    });
    expect(ownRole.statusCode).toBe(403);
    expect(codeOf(ownRole)).toBe('own_role_unchangeable');
    const ownState = await t.call('PUT', '/api/tenant/users', {
      token,
      body: { id: me.id, email: me.email, fname: 'Ines', lname: 'Self', user_status: false },
    });
    expect(ownState.statusCode).toBe(403);
    expect(codeOf(ownState)).toBe('own_status_unchangeable');
    // The card sends the unchanged role and state, no phones (kept), and the blank password (kept).
    const card = await t.call('PUT', '/api/tenant/users', {
      token,
      body: {
        id: me.id,
        email: me.email,
        fname: 'Inès',
        lname: 'Self',
        role: Role.Integrator,
        user_status: true,
        password: '',
      },
    });
    expect((card.json() as { user: UserDto }).user).toMatchObject({
      fname: 'Inès',
      phone1: '+32 9 000 00 02',
    });
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(200);
    // One's own password only through Change Password, which asks for the old one.
    const password = await t.call('PUT', '/api/tenant/users', {
      token,
      body: { id: me.id, email: me.email, fname: 'Inès', lname: 'Self', password: 'my-own-new-1' },
    });
    expect(password.statusCode).toBe(403);
    expect(codeOf(password)).toBe('use_change_password');
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(200);
    expect(await signIn(t, me.email)).toBeTruthy();
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ role: Role.Integrator, user_status: true });
  });

  it('a role 1 user changes their password with Change Password only', async () => {
    const response = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.reader,
      body: {
        id: w.users.reader.id,
        email: w.users.reader.email,
        fname: 'Test',
        lname: 'Reader',
        password: 'no-old-password',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('use_change_password');
  });
});

describe('GET /api/tenant/users?id= (the Access rights tab)', () => {
  it('lists each site of the tenant with the user’s access and permission; other tenants’ sites are theirs to manage', async () => {
    const response = await t.call('GET', `/api/tenant/users?id=${w.users.external.id}`, {
      token: w.tokens.owner,
    });
    // The external user is tenant B's: not the owner's to manage.
    expect(response.statusCode).toBe(404);

    const colleague = await create(newUser());
    await grantAccess(t, { siteId: w.sites.main.id, userId: colleague.id, role: SitePermission.Contributor });
    await grantAccess(t, { siteId: w.sites.foreign.id, userId: colleague.id, role: SitePermission.Reader });
    type Detail = {
      user: UserDto;
      sites: Array<{
        site: { name: string };
        access: { user_role: number } | null;
        permission: number;
        manageable: boolean;
      }>;
    };
    const detail = async (token: string) => {
      const answer = await t.call('GET', `/api/tenant/users?id=${colleague.id}`, { token });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as Detail;
    };
    const seen = await detail(w.tokens.owner);
    expect(seen.user.id).toBe(colleague.id);
    expect(seen.sites.map((s) => s.site.name)).toEqual(['Main', 'Second']);
    expect(seen.sites[0]).toMatchObject({ access: { user_role: 2 }, permission: 2, manageable: true });
    expect(seen.sites[1]).toMatchObject({ access: null, permission: 0, manageable: true });

    const sharedOwner = await createUser(t, { tenantId: w.a.id, role: Role.BuildingOwner });
    await grantAccess(t, {
      siteId: w.sites.foreign.id,
      userId: sharedOwner.id,
      role: SitePermission.FullAccess,
    });
    // Full Access on another tenant's site makes the owner external there: that tenant manages
    // who may see it, so the colleague's access to it stays off this card.
    const shared = await detail(await signIn(t, sharedOwner.email));
    expect(shared.sites.map((s) => s.site.name)).toEqual(['Main', 'Second']);

    // The Super Admin's card shows every site the user reaches.
    const admin = await t.call('GET', `/api/admin/users?id=${colleague.id}`, { token: w.tokens.superAdmin });
    expect(admin.statusCode, admin.body).toBe(200);
    const all = (admin.json() as Detail).sites;
    expect(all.map((s) => s.site.name)).toEqual(['Foreign', 'Main', 'Second']);
    expect(all[0]).toMatchObject({ access: { user_role: 1 }, permission: 1, manageable: true });

    // A Building Owner's accesses are changed by an Integrator of the tenant, not by an equal.
    const boss = await create(newUser({ role: Role.BuildingOwner }));
    const bossCard = async (token: string) => {
      const answer = await t.call('GET', `/api/tenant/users?id=${boss.id}`, { token });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as Detail).sites.map((s) => s.manageable);
    };
    expect(await bossCard(w.tokens.owner)).toEqual([false, false]);
    expect(await bossCard(w.tokens.integrator)).toEqual([true, true]);
  });
});

describe('DELETE /api/tenant/users', () => {
  it('nobody deletes themselves (403 cannot_delete_self); role 1 callers are refused', async () => {
    for (const [token, id] of [
      [w.tokens.owner, w.users.owner.id],
      [w.tokens.integrator, w.users.integrator.id],
    ] as const) {
      const response = await t.call('DELETE', `/api/tenant/users?id=${id}`, { token });
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('cannot_delete_self');
    }
    const byUser = await t.call('DELETE', `/api/tenant/users?id=${w.users.noAccess.id}`, {
      token: w.tokens.full,
    });
    expect(byUser.statusCode).toBe(403);
    const high = await t.call('DELETE', `/api/tenant/users?id=${libraryAdmin.id}`, { token: w.tokens.owner });
    expect(high.statusCode).toBe(403);
    const bad = await t.call('DELETE', '/api/tenant/users?id=abc', { token: w.tokens.owner });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the history: log entries keep the name, contacts keep the details; accesses and sessions go', async () => {
    const body = newUser({ fname: 'Gone', lname: 'Soon', phone1: '+32 3 111 22 33' });
    const user = await create(body);
    const company = await createCompany(t, w.a.id, { name: 'Gone & Co' });
    await t.db.update(users).set({ company_id: company.id }).where(eq(users.id, user.id));
    await grantAccess(t, { siteId: w.sites.main.id, userId: user.id, role: SitePermission.Contributor });
    const token = await signIn(t, body.email, 'secret-123');
    // A change of theirs, logged under their name.
    const made = await t.call('POST', '/api/site/contacts', {
      token,
      body: { site_id: w.sites.main.id, user_id: user.id, job_description: 'Electrician' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const contactId = (made.json() as { contact: { id: number } }).contact.id;

    const response = await t.call('DELETE', `/api/tenant/users?id=${user.id}`, { token: w.tokens.owner });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: `User ${user.id} Deleted` });

    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await t.db.select().from(siteAccesses).where(eq(siteAccesses.user_id, user.id))).toEqual([]);
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(401);

    const [kept] = await t.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect(kept).toMatchObject({
      user_id: null,
      fname: 'Gone',
      lname: 'Soon',
      email: body.email,
      phone1: '+32 3 111 22 33',
      company_name: 'Gone & Co',
      job_description: 'Electrician',
    });
    const list = await t.call('GET', `/api/site/contacts?site_id=${w.sites.main.id}`, {
      token: w.tokens.reader,
    });
    expect(
      (list.json() as { contacts: Array<{ id: number; registered: boolean }> }).contacts.find(
        (c) => c.id === contactId,
      ),
    ).toMatchObject({ registered: false });

    const theirs = await t.db.select().from(activityLogs).where(eq(activityLogs.user_name, 'Gone Soon'));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((entry) => entry.user_id === null)).toBe(true);
    const deleted = (await logsOf(t, 'User', user.id)).at(-1);
    expect(deleted).toMatchObject({ note: 'User Deleted', tenant_id: w.a.id, object_name: body.email });
    const handedOver = (await logsOf(t, 'Contact', contactId)).at(-1);
    expect(handedOver).toMatchObject({
      note: 'Contact Updated',
      site_id: w.sites.main.id,
      changes: { user_id: { from: user.id, to: null } },
    });
  });

  it('a user who created a site and shared another is deleted without error; the shared access stays', async () => {
    const body = newUser({ role: Role.Integrator });
    const user = await create(body, w.tokens.integrator);
    const token = await signIn(t, body.email, 'secret-123');
    const site = await t.call('POST', '/api/site/sites', {
      token,
      body: { name: 'Built by the leaver', customer_id: w.companies.customer.id },
    });
    const share = await t.call('POST', '/api/site/site_accesses', {
      token,
      body: { site_id: w.sites.main.id, user_id: w.users.noAccess.id, user_role: 1 },
    });
    expect([site.statusCode, share.statusCode]).toEqual([200, 200]);
    const response = await t.call('DELETE', `/api/tenant/users?id=${user.id}`, {
      token: w.tokens.integrator,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [access] = await t.db
      .select()
      .from(siteAccesses)
      .where(eq(siteAccesses.user_id, w.users.noAccess.id));
    expect(access).toMatchObject({ inviter_id: null });
  });
});
