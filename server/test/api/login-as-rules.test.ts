import { Role } from '@asbuilt/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.ts';
import { hashToken } from '../../src/platform/tokens.ts';
import { MASTER_PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';

/**
 * A login-as session answers to the Super Admin who opened it: it ends when that admin is
 * deactivated, demoted or changes password, and after an hour; the admin's own session is a
 * separate one that the impersonation never touches.
 */

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

const me = (token: string) => t.call('GET', '/api/global/me', { token });

/** A Super Admin signed in, and a login-as session of theirs as a user of the test tenant. */
async function impersonation(targetRole: number = Role.User) {
  const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
  const target = await createUser(t, { tenantId, role: targetRole });
  const adminToken = await signIn(t, admin.email);
  const response = await t.call('POST', '/api/admin/users/loginas', {
    token: adminToken,
    body: { id: target.id, password: MASTER_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const asToken = response.json().token as string;
  const check = await me(asToken);
  expect(check.statusCode, check.body).toBe(200);
  expect(check.json().user.id).toBe(target.id);
  return { admin, target, adminToken, asToken };
}

const sessionOf = async (token: string) =>
  (
    await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(token)))
  )[0]!;

describe('a login-as session ends with its Super Admin', () => {
  it('once the Super Admin is deactivated (by another Super Admin)', async () => {
    const { admin, asToken } = await impersonation();
    const other = await signIn(t, (await createUser(t, { tenantId: 1, role: Role.SuperAdmin })).email);
    const off = await t.call('PUT', '/api/admin/users', {
      token: other,
      body: { id: admin.id, user_status: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const answer = await me(asToken);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('session_ended');
  });

  it('once the Super Admin is deactivated, even with the session left unrevoked', async () => {
    const { admin, asToken } = await impersonation();
    await t.db.update(users).set({ user_status: false }).where(eq(users.id, admin.id));
    expect((await me(asToken)).statusCode).toBe(401);
    expect((await sessionOf(asToken)).revoked_at).toBeNull();
  });

  it('once the Super Admin is demoted below Super Admin', async () => {
    const { admin, adminToken, asToken } = await impersonation();
    const other = await signIn(t, (await createUser(t, { tenantId: 1, role: Role.SuperAdmin })).email);
    const demoted = await t.call('PUT', '/api/admin/users', {
      token: other,
      body: { id: admin.id, role: Role.LibraryAdmin },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await me(asToken)).statusCode).toBe(401);
    // The demoted admin's own session goes on, with the lower role.
    const own = await me(adminToken);
    expect(own.statusCode).toBe(200);
    expect(own.json().user.role).toBe(Role.LibraryAdmin);
    // Promoted again, the admin does not get the old login-as session back: it was ended.
    const promoted = await t.call('PUT', '/api/admin/users', {
      token: other,
      body: { id: admin.id, role: Role.SuperAdmin },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await me(asToken)).statusCode).toBe(401);
  });

  it('once the Super Admin changes password; their own new sign-in works', async () => {
    const { admin, asToken } = await impersonation();
    const adminToken = await signIn(t, admin.email);
    const changed = await t.call('POST', '/api/tenant/users/change_password', {
      token: adminToken,
      body: { id: admin.id, oldPass: PASSWORD, newPass: 'another-secret' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(asToken)).statusCode).toBe(401);
    expect((await me(await signIn(t, admin.email, 'another-secret'))).statusCode).toBe(200);
  });

  it('once a password change is recorded after the session opened, even with the session unrevoked', async () => {
    const { admin, target, adminToken, asToken } = await impersonation();
    const opened = (await sessionOf(asToken)).created_at;
    await t.db
      .update(users)
      .set({ password_changed_at: new Date(opened.getTime() + 1000) })
      .where(eq(users.id, admin.id));
    expect((await me(asToken)).statusCode).toBe(401);
    // The column speaks of the admin's password: the admin's own session and the impersonated
    // user's own sessions are not login-as sessions and go on.
    expect((await me(adminToken)).statusCode).toBe(200);
    expect((await me(await signIn(t, target.email))).statusCode).toBe(200);
  });

  it('a password change recorded before the session opened does not end it', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    await t.db
      .update(users)
      .set({ password_changed_at: new Date(Date.now() - 60_000) })
      .where(eq(users.id, admin.id));
    const target = await createUser(t, { tenantId });
    const response = await t.call('POST', '/api/admin/users/loginas', {
      token: await signIn(t, admin.email),
      body: { id: target.id, password: MASTER_PASSWORD },
    });
    expect((await me(response.json().token)).statusCode).toBe(200);
  });
});

describe('a login-as session lasts an hour at most', () => {
  it('expires within the hour, well before a normal session', async () => {
    const { adminToken, asToken } = await impersonation();
    const session = await sessionOf(asToken);
    const lasts = session.expires_at.getTime() - session.created_at.getTime();
    expect(lasts).toBeLessThanOrEqual(3_600_000 + 5_000);
    expect(lasts).toBeGreaterThan(3_500_000);
    const own = await sessionOf(adminToken);
    expect(own.expires_at.getTime() - own.created_at.getTime()).toBeGreaterThan(2 * 3_600_000);
  });

  it('answers 401 once opened more than an hour ago, whatever its expiry says', async () => {
    const { adminToken, asToken } = await impersonation();
    await t.db
      .update(sessions)
      .set({ created_at: sql`now() - interval '61 minutes'`, expires_at: sql`now() + interval '1 day'` })
      .where(eq(sessions.token_hash, hashToken(asToken)));
    expect((await me(asToken)).statusCode).toBe(401);
    // A normal session of the same age goes on.
    await t.db
      .update(sessions)
      .set({ created_at: sql`now() - interval '61 minutes'` })
      .where(eq(sessions.token_hash, hashToken(adminToken)));
    expect((await me(adminToken)).statusCode).toBe(200);
  });

  it('answers 401 once its expiry has passed', async () => {
    const { asToken } = await impersonation();
    await t.db
      .update(sessions)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(sessions.token_hash, hashToken(asToken)));
    expect((await me(asToken)).statusCode).toBe(401);
  });

  it('still ends when idle', async () => {
    const { asToken } = await impersonation();
    await t.db
      .update(sessions)
      .set({ last_seen_at: new Date(Date.now() - t.ctx.config.sessionIdleHours * 3_600_000 - 60_000) })
      .where(eq(sessions.token_hash, hashToken(asToken)));
    expect((await me(asToken)).statusCode).toBe(401);
  });
});

describe("the Super Admin's own session", () => {
  it('goes on while impersonating and after the login-as session signs out', async () => {
    const { admin, target, adminToken, asToken } = await impersonation();
    const own = await me(adminToken);
    expect(own.json().user.id).toBe(admin.id);
    expect(own.json().impersonator).toBeNull();

    const out = await t.call('POST', '/api/admin/users/logout', { token: asToken });
    expect(out.statusCode).toBe(200);
    expect((await me(asToken)).statusCode).toBe(401);
    expect((await me(adminToken)).json().user.id).toBe(admin.id);
    // Nor did the impersonated user's own sessions end.
    expect((await me(await signIn(t, target.email))).statusCode).toBe(200);
  });

  it("ends the login-as sessions it opened when the admin's sessions are ended", async () => {
    const { admin, adminToken, asToken } = await impersonation();
    await t.call('POST', '/api/tenant/users/change_password', {
      token: adminToken,
      body: { id: admin.id, oldPass: PASSWORD, newPass: 'yet-another-secret' },
    });
    expect((await sessionOf(asToken)).revoked_at).not.toBeNull();
  });
});

describe('GET /api/global/me about login-as', () => {
  it('names the Super Admin behind a login-as session, and offers no further Login as', async () => {
    const { admin, asToken } = await impersonation(Role.SuperAdmin);
    const answer = (await me(asToken)).json();
    expect(answer.impersonator).toEqual({ id: admin.id, name: `${admin.fname} ${admin.lname}` });
    expect(answer.login_as_enabled).toBe(false);
  });

  it('offers Login as to a Super Admin only', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    expect((await me(await signIn(t, admin.email))).json().login_as_enabled).toBe(true);
    const libraryAdmin = await createUser(t, { tenantId: 1, role: Role.LibraryAdmin });
    const answer = (await me(await signIn(t, libraryAdmin.email))).json();
    expect(answer.login_as_enabled).toBe(false);
    expect(answer.impersonator).toBeNull();
  });
});

describe('login-as from a login-as session', () => {
  it('is refused, so that every login-as session answers to a real Super Admin sign-in', async () => {
    const { asToken } = await impersonation(Role.SuperAdmin);
    const other = await createUser(t, { tenantId });
    const response = await t.call('POST', '/api/admin/users/loginas', {
      token: asToken,
      body: { id: other.id, password: MASTER_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('login_as_nested');
  });
});
