import { Role, SitePermission } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, sessions } from '../../src/db/schema.ts';
import { MASTER_PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, grantAccess, signIn } from '../support/factories.ts';

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

const loginAs = (token: string, id: number, password = MASTER_PASSWORD) =>
  t.call('POST', '/api/admin/users/loginas', { token, body: { id, password } });

describe('POST /api/admin/users/loginas', () => {
  it('lets a Super Admin with the master password act as another user, and logs it', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const target = await createUser(t, { tenantId });
    const response = await loginAs(await signIn(t, admin.email), target.id);
    expect(response.statusCode).toBe(200);
    const { user, token } = response.json();
    expect(user.id).toBe(target.id);
    const me = await t.call('GET', '/api/global/me', { token });
    expect(me.json().user.id).toBe(target.id);

    const [session] = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.user_id, target.id), eq(sessions.impersonator_id, admin.id)));
    expect(session).toBeDefined();
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.user_id, admin.id));
    expect(logs.map((l) => l.note)).toContain(`Signed in as ${target.email}`);
  });

  it.each([Role.User, Role.BuildingOwner, Role.Integrator, Role.LibraryAdmin])(
    'refuses role %i with 403',
    async (role) => {
      const actor = await createUser(t, { tenantId, role });
      const target = await createUser(t, { tenantId });
      const response = await loginAs(await signIn(t, actor.email), target.id);
      expect(response.statusCode).toBe(403);
    },
  );

  it('refuses a wrong master password, and locks after 5 failures', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const target = await createUser(t, { tenantId });
    const token = await signIn(t, admin.email);
    for (let i = 0; i < 5; i++) {
      const response = await loginAs(token, target.id, 'wrong-master');
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('The master password is not correct');
    }
    const locked = await loginAs(token, target.id);
    expect(locked.statusCode).toBe(429);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const token = await signIn(t, admin.email);
    expect((await loginAs(token, 999_999)).statusCode).toBe(404);
    const bad = await t.call('POST', '/api/admin/users/loginas', {
      token,
      body: { id: 'abc', password: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect(
      (await t.call('POST', '/api/admin/users/loginas', { body: { id: 1, password: MASTER_PASSWORD } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('login-as without a configured master password', () => {
  it('is refused even for a Super Admin', async () => {
    const other = await startTestApp({ MASTER_PASSWORD: '' });
    try {
      const admin = await createUser(other, { tenantId: 1, role: Role.SuperAdmin });
      const target = await createUser(other, { tenantId: 1 });
      const token = await signIn(other, admin.email);
      const response = await other.call('POST', '/api/admin/users/loginas', {
        token,
        body: { id: target.id, password: '' },
      });
      expect(response.statusCode).toBe(400);
      const response2 = await other.call('POST', '/api/admin/users/loginas', {
        token,
        body: { id: target.id, password: 'anything' },
      });
      expect(response2.statusCode).toBe(403);
      expect(response2.json().code).toBe('login_as_off');
      expect(response2.json().error).toMatch(/no master password/);
      // The web hides the button: the Super Admin is told it is off.
      expect((await other.call('GET', '/api/global/me', { token })).json().login_as_enabled).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('a login-as session', () => {
  it('sees the vault list but reveals no password, while the user themself can', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const target = await createUser(t, { tenantId, role: Role.Integrator });
    const site = await createSite(t, tenantId);
    await grantAccess(t, { siteId: site.id, userId: target.id, role: SitePermission.FullAccess });
    const own = await signIn(t, target.email);
    const created = await t.call('POST', '/api/site/secrets', {
      token: own,
      body: { site_id: site.id, name: 'Router', password: 'hunter22' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const secretId = created.json().secret.id as number;

    const as = (await loginAs(await signIn(t, admin.email), target.id)).json().token as string;
    const list = await t.call('GET', `/api/site/secrets?site_id=${site.id}`, { token: as });
    expect(list.statusCode).toBe(200);
    const refused = await t.call('POST', '/api/site/secrets/reveal', { token: as, body: { id: secretId } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('secret_reveal_impersonating');
    expect(refused.body).not.toContain('hunter22');

    const revealed = await t.call('POST', '/api/site/secrets/reveal', { token: own, body: { id: secretId } });
    expect(revealed.json().password).toBe('hunter22');
  });
});
