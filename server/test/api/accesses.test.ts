import type { SiteAccessDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAccesses, users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser, grantAccess, signIn } from '../support/factories.ts';
import { errorList, expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';
import { linkIn } from '../support/smtp.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const showSite = (token: string, siteId = w.sites.main.id) =>
  t.call('GET', `/api/site/sites?id=${siteId}`, { token });
const accessOf = (response: { json: () => unknown }) =>
  (response.json() as { site_access: SiteAccessDto }).site_access;

async function newInternal() {
  const user = await createUser(t, { tenantId: w.a.id });
  return { user, token: await signIn(t, user.email) };
}

describe('listing', () => {
  it('GET is for Full Access only', async () => {
    await expectAccessMatrix(w, 3, (token) =>
      t.call('GET', `/api/site/site_accesses?site_id=${w.sites.main.id}`, { token }),
    );
  });

  it('lists accesses by id with user, internal/external and in-force flags', async () => {
    const response = await t.call('GET', `/api/site/site_accesses?site_id=${w.sites.main.id}`, {
      token: w.tokens.integrator,
    });
    const list = (response.json() as { site_accesses: SiteAccessDto[] }).site_accesses;
    expect(list.map((a) => a.id)).toEqual([...list.map((a) => a.id)].sort((a, b) => a - b));
    const external = list.find((a) => a.user_id === w.users.external.id)!;
    expect(external).toMatchObject({ internal: false, in_force: true, user_role: 2, unlimited: true });
    expect(external.user).toMatchObject({ email: w.users.external.email });
    expect(external.user).not.toHaveProperty('password_hash');
    expect(list.find((a) => a.user_id === w.users.reader.id)).toMatchObject({ internal: true });
  });
});

describe('creating, editing, revoking and granting', () => {
  it('POST is for Full Access only; Contributors 403; other tenants 404', async () => {
    const targets = await Promise.all(Array.from({ length: 9 }, () => createUser(t, { tenantId: w.a.id })));
    let i = 0;
    await expectAccessMatrix(w, 3, (token) =>
      t.call('POST', '/api/site/site_accesses', {
        token,
        body: { site_id: w.sites.main.id, user_id: targets[i++]!.id, user_role: 1 },
      }),
    );
  });

  it('creates a Reader access with an expiry; the user then sees the site as Reader; inviter is the caller', async () => {
    const { user, token } = await newInternal();
    expect((await showSite(token)).statusCode).toBe(404);
    const response = await t.call('POST', '/api/site/site_accesses', {
      token: w.tokens.full,
      body: {
        site_id: w.sites.main.id,
        user_id: user.id,
        user_role: '1',
        validity: isoDay(5),
        inviter_id: 999,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(accessOf(response)).toMatchObject({
      user_role: 1,
      validity: isoDay(5),
      unlimited: false,
      active: true,
      inviter_id: w.users.full.id,
    });
    const site = await showSite(token);
    expect((site.json() as { site: { permission: number } }).site.permission).toBe(1);
    const [entry] = await logsOf(t, 'SiteAccess', accessOf(response).id);
    expect(entry).toMatchObject({ note: 'Site Access Created', object_name: user.email });
    expect(entry!.changes).toMatchObject({ user_role: { to: 1 } });
  });

  it('refuses a role above Full Access, a second access, and one’s own access', async () => {
    const { user } = await newInternal();
    const tooHigh = await t.call('POST', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, user_id: user.id, user_role: 4 },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(errorList(tooHigh)).toEqual(['A site role goes up to Full Access (3)']);
    await t.call('POST', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, user_id: user.id, user_role: 1 },
    });
    const twice = await t.call('POST', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, user_id: user.id, user_role: 2 },
    });
    expect(twice.statusCode).toBe(409);
    const own = await t.call('POST', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, user_id: w.users.integrator.id, user_role: 3 },
    });
    expect(own.statusCode).toBe(403);
    const [fullAccess] = await t.db
      .select()
      .from(siteAccesses)
      .where(eq(siteAccesses.user_id, w.users.full.id));
    const ownEdit = await t.call('PUT', '/api/site/site_accesses', {
      token: w.tokens.full,
      body: { id: fullAccess!.id, user_role: 1 },
    });
    expect(ownEdit.statusCode).toBe(403);
    expect((ownEdit.json() as { code: string }).code).toBe('own_access_unchangeable');
    const ownRevoke = await t.call('DELETE', `/api/site/site_accesses?id=${fullAccess!.id}`, {
      token: w.tokens.full,
    });
    expect(ownRevoke.statusCode).toBe(403);
  });

  it('reaches a user of another tenant only with their e-mail, never by id alone', async () => {
    const stranger = await createUser(t, { tenantId: w.b.id });
    const byId = await t.call('POST', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, user_id: stranger.id, user_role: 1 },
    });
    expect(byId.statusCode).toBe(404);
    const byEmail = await t.call('POST', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, email: stranger.email.toUpperCase(), user_role: 1 },
    });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(accessOf(byEmail)).toMatchObject({ user_id: stranger.id, internal: false });
    const strangerToken = await signIn(t, stranger.email);
    expect((await showSite(strangerToken)).statusCode).toBe(200);
    expect((await showSite(strangerToken, w.sites.second.id)).statusCode).toBe(404);
  });

  it('revocation and expiry take effect on the very next request, without a new sign-in; Grant reopens', async () => {
    const { user, token } = await newInternal();
    const created = accessOf(
      await t.call('POST', '/api/site/site_accesses', {
        token: w.tokens.integrator,
        body: { site_id: w.sites.main.id, user_id: user.id, user_role: 2 },
      }),
    );
    expect((await showSite(token)).statusCode).toBe(200);
    const revoked = await t.call('DELETE', `/api/site/site_accesses?id=${created.id}`, {
      token: w.tokens.integrator,
    });
    expect(accessOf(revoked)).toMatchObject({ active: false, in_force: false });
    expect((await showSite(token)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/site/secrets?site_id=${w.sites.main.id}`, { token })).statusCode).toBe(
      404,
    );

    const granted = await t.call('PUT', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { id: created.id, active: true, user_role: 1 },
    });
    expect(accessOf(granted)).toMatchObject({ active: true, user_role: 1 });
    expect((await showSite(token)).statusCode).toBe(200);

    // Expiry: yesterday is past, today is still in force.
    await t.call('PUT', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { id: created.id, validity: isoDay(0) },
    });
    expect((await showSite(token)).statusCode).toBe(200);
    const expired = await t.call('PUT', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { id: created.id, validity: isoDay(-1) },
    });
    expect(accessOf(expired)).toMatchObject({ active: true, in_force: false });
    expect((await showSite(token)).statusCode).toBe(404);
    // A blank expiry (or unlimited) means unlimited again; a new POST reopens an expired access too.
    const unlimited = await t.call('PUT', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { id: created.id, validity: '', unlimited: 'true' },
    });
    expect(accessOf(unlimited)).toMatchObject({ validity: null, unlimited: true, in_force: true });
    const logs = await logsOf(t, 'SiteAccess', created.id);
    expect(logs.map((l) => l.note)).toEqual([
      'Site Access Created',
      'Access Revoked',
      'Access Granted',
      'Site Access Updated',
      'Site Access Updated',
      'Site Access Updated',
    ]);
    expect(logs[1]!.changes).toEqual({ active: { from: true, to: false } });
  });

  it('PUT and DELETE answer 404 for an access of another tenant and 403 below Full Access', async () => {
    const [foreignAccess] = await t.db
      .insert(siteAccesses)
      .values({ site_id: w.sites.foreign.id, user_id: w.users.other.id, user_role: 3 })
      .returning();
    const put = await t.call('PUT', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { id: foreignAccess!.id, user_role: 1 },
    });
    expect(put.statusCode).toBe(404);
    expect(errorList(put)).toEqual(['Site access not found']);
    const readerAccess = await grantAccess(t, {
      siteId: w.sites.main.id,
      userId: (await createUser(t, { tenantId: w.a.id })).id,
      role: 1,
    });
    const byContributor = await t.call('DELETE', `/api/site/site_accesses?id=${readerAccess.id}`, {
      token: w.tokens.contributor,
    });
    expect(byContributor.statusCode).toBe(403);
  });

  it('refuses bad input with codes', async () => {
    const cases = [
      { site_id: w.sites.main.id, user_role: 1 },
      { site_id: w.sites.main.id, user_id: w.users.reader.id, user_role: 'x' },
      { site_id: w.sites.main.id, user_id: w.users.reader.id, user_role: 1, validity: '2026-02-30' },
    ];
    for (const body of cases) {
      const response = await t.call('POST', '/api/site/site_accesses', { token: w.tokens.integrator, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { code: unknown }).code).toBeTruthy();
    }
  });

  it('last_visit is set when the user enters the site (the permission call of each site page)', async () => {
    const [before] = await t.db
      .select()
      .from(siteAccesses)
      .where(eq(siteAccesses.user_id, w.users.reader.id));
    await t.call('POST', '/api/site/permission', { token: w.tokens.reader, body: { id: w.sites.main.id } });
    const [after] = await t.db.select().from(siteAccesses).where(eq(siteAccesses.user_id, w.users.reader.id));
    expect(after!.last_visit).not.toBeNull();
    expect(after!.last_visit!.getTime()).toBeGreaterThan(before!.last_visit?.getTime() ?? 0);
  });
});

describe('find_user and find_users', () => {
  it('names a user of the own tenant, answers only id, e-mail and state for another tenant, and "not found"', async () => {
    const own = await t.call('POST', '/api/global/find_user', {
      token: w.tokens.integrator,
      body: { email: w.users.reader.email.toUpperCase(), site_id: w.sites.main.id },
    });
    expect(own.json()).toMatchObject({ user: { id: w.users.reader.id, fname: 'Test', internal: true } });
    const stranger = await createUser(t, { tenantId: w.b.id });
    const other = await t.call('POST', '/api/global/find_user', {
      token: w.tokens.integrator,
      body: { email: stranger.email, site_id: w.sites.main.id },
    });
    expect(other.json()).toEqual({
      user: {
        id: stranger.id,
        email: stranger.email,
        fname: null,
        lname: null,
        user_status: true,
        internal: false,
      },
    });
    const none = await t.call('POST', '/api/global/find_user', {
      token: w.tokens.integrator,
      body: { email: 'nobody@nowhere.test' },
    });
    expect(none.json()).toEqual({ user: null, message: 'not found' });
  });

  it('is refused to a Reader of the site and to a role-1 user without a site; bad e-mail is 400', async () => {
    const reader = await t.call('POST', '/api/global/find_user', {
      token: w.tokens.reader,
      body: { email: w.users.full.email, site_id: w.sites.main.id },
    });
    expect(reader.statusCode).toBe(403);
    const noSite = await t.call('POST', '/api/global/find_user', {
      token: w.tokens.contributor,
      body: { email: w.users.full.email },
    });
    expect(noSite.statusCode).toBe(403);
    const otherTenantSite = await t.call('POST', '/api/global/find_user', {
      token: w.tokens.integrator,
      body: { email: w.users.full.email, site_id: w.sites.foreign.id },
    });
    expect(otherTenantSite.statusCode).toBe(404);
    const bad = await t.call('POST', '/api/global/find_user', {
      token: w.tokens.integrator,
      body: { email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('find_users answers only the users the caller may see', async () => {
    const stranger = await createUser(t, { tenantId: w.b.id });
    const response = await t.call('POST', '/api/global/find_users', {
      token: w.tokens.integrator,
      body: { users: [w.users.reader.id, w.users.external.id, stranger.id, w.users.other.id] },
    });
    const ids = (response.json() as { users: Array<{ id: number }> }).users.map((u) => u.id);
    // The external user holds an access on a site of tenant A; the others of tenant B don't.
    expect(ids).toEqual([w.users.reader.id, w.users.external.id].sort((a, b) => a - b));
    expect(response.body).not.toContain('password');
  });
});

describe('invitations', () => {
  it('invite_user creates an inactive user and mails a single-use link; sign-up completes it and shows only the shared site', async () => {
    const email = 'new.person@example.test';
    const before = t.smtp.messages.length;
    const invited = await t.call('POST', '/api/tenant/users/invite_user', {
      token: w.tokens.integrator,
      body: { email: 'New.Person@Example.test', site_id: w.sites.main.id, site_name: 'ignored' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const user = (
      invited.json() as { user: { id: number; user_status: boolean; email: string; role: number } }
    ).user;
    expect(user).toMatchObject({ email, user_status: false, role: 1 });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.password_hash).toBeNull();

    const access = await t.call('POST', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, user_id: user.id, email, user_role: 1 },
    });
    expect(access.statusCode).toBe(200);

    const mail = await t.smtp.waitFor(email, before);
    expect(mail.raw).toMatch(/Subject: .*Main/);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/invite_sign_up');
    const token = link.searchParams.get('token')!;
    const signUp = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: { email, token, fname: 'New', lname: 'Person', password: 'a-good-password' },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const session = (signUp.json() as { token: string }).token;
    const list = await t.call('GET', '/api/site/index', { token: session });
    expect(JSON.stringify(list.json())).toContain('"Main"');
    expect(JSON.stringify(list.json())).not.toContain('"Second"');
    const site = await showSite(session);
    expect((site.json() as { site: { permission: number } }).site.permission).toBe(1);

    const again = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: { email, token, fname: 'New', lname: 'Person', password: 'another-password' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('refuses an e-mail in use, and a caller below Full Access', async () => {
    const taken = await t.call('POST', '/api/tenant/users/invite_user', {
      token: w.tokens.integrator,
      body: { email: w.users.reader.email, site_id: w.sites.main.id },
    });
    expect(taken.statusCode).toBe(409);
    const contributor = await t.call('POST', '/api/tenant/users/invite_user', {
      token: w.tokens.contributor,
      body: { email: 'someone.else@example.test', site_id: w.sites.main.id },
    });
    expect(contributor.statusCode).toBe(403);
    const foreign = await t.call('POST', '/api/tenant/users/invite_user', {
      token: w.tokens.integrator,
      body: { email: 'someone.else@example.test', site_id: w.sites.foreign.id },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('reinvite_user sends a new link and voids the old one; refused for an active user', async () => {
    const email = 'late.invitee@example.test';
    const before = t.smtp.messages.length;
    const invited = await t.call('POST', '/api/tenant/users/invite_user', {
      token: w.tokens.integrator,
      body: { email, site_id: w.sites.main.id },
    });
    const userId = (invited.json() as { user: { id: number } }).user.id;
    await t.call('POST', '/api/site/site_accesses', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, user_id: userId, user_role: 2 },
    });
    const first = linkIn(await t.smtp.waitFor(email, before)).searchParams.get('token')!;
    const count = t.smtp.messages.length;
    const resent = await t.call('POST', '/api/tenant/users/reinvite_user', {
      token: w.tokens.integrator,
      body: { user_id: userId, site_id: w.sites.main.id },
    });
    expect(resent.json()).toEqual({ message: "User's invitation resent" });
    const second = linkIn(await t.smtp.waitFor(email, count)).searchParams.get('token')!;
    expect(second).not.toBe(first);
    const old = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: { email, token: first, fname: 'L', lname: 'I', password: 'password-1' },
    });
    expect(old.statusCode).toBe(400);
    const ok = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: { email, token: second, fname: 'L', lname: 'I', password: 'password-1' },
    });
    expect(ok.statusCode).toBe(200);
    const active = await t.call('POST', '/api/tenant/users/reinvite_user', {
      token: w.tokens.integrator,
      body: { user_id: userId, site_id: w.sites.main.id },
    });
    expect(active.statusCode).toBe(409);
  });

  it('an invitation expires', async () => {
    const email = 'expiring@example.test';
    const before = t.smtp.messages.length;
    await t.call('POST', '/api/tenant/users/invite_user', {
      token: w.tokens.integrator,
      body: { email, site_id: w.sites.main.id },
    });
    const token = linkIn(await t.smtp.waitFor(email, before)).searchParams.get('token')!;
    const { userTokens } = await import('../../src/db/schema.ts');
    await t.db.update(userTokens).set({ expires_at: new Date(Date.now() - 1000) });
    const late = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: { email, token, fname: 'E', lname: 'X', password: 'password-1' },
    });
    expect(late.statusCode).toBe(400);
  });
});
