import { INVITE_TOKEN_TTL_DAYS, Role, SitePermission } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, sessionTwoFactor, users, userTwoFactor } from '../../src/db/schema.ts';
import { rotateVaultKey } from '../../src/modules/secrets/keys.ts';
import { twoFactorBinding } from '../../src/modules/two-factor/codes.ts';
import { issueUserToken } from '../../src/modules/users/tokens.ts';
import { hashToken } from '../../src/platform/tokens.ts';
import { createVault, keyFromText } from '../../src/platform/vault.ts';
import { MASTER_PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, grantAccess, PASSWORD, signIn } from '../support/factories.ts';
import { logsOf } from '../support/sites.ts';
import { awayFromStepEdge, codeOf, enrol, passwordStep, secondStep } from '../support/two-factor.ts';

let t: TestApp;
let tenantId: number;
let superAdminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
  const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
  superAdminToken = await signIn(t, admin.email);
});
afterAll(() => t?.close());

const codeOfError = (response: { json: () => unknown }) => (response.json() as { code?: string }).code;

async function enrolledUser(options: { tenantId?: number; role?: number } = {}) {
  const user = await createUser(t, {
    tenantId: options.tenantId ?? tenantId,
    role: options.role ?? Role.User,
  });
  const token = await signIn(t, user.email);
  return { user, token, ...(await enrol(t, token)) };
}

describe('a Super Admin resets a user’s two-factor sign-in', () => {
  it('shows whether it is on, turns it off, logs it and mails the user in their language', async () => {
    const { user } = await enrolledUser();
    await t.db.update(users).set({ language: 'nl' }).where(eq(users.id, user.id));
    const status = await t.call('GET', `/api/admin/users/2fa?id=${user.id}`, { token: superAdminToken });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ two_factor: true, enabled_at: expect.any(String) });

    const before = t.smtp.messages.length;
    const reset = await t.call('POST', '/api/admin/users/2fa/reset', {
      token: superAdminToken,
      body: { id: user.id },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const mail = await t.smtp.waitFor(user.email, before);
    expect(mail.raw).toContain('Aanmelden in twee stappen werd uitgezet op je Asbuilt-account');
    const entries = await logsOf(t, 'User', user.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'updated',
      note: 'Two-factor sign-in reset by a Super Admin',
    });

    expect(
      (await t.call('GET', `/api/admin/users/2fa?id=${user.id}`, { token: superAdminToken })).json(),
    ).toEqual({
      two_factor: false,
      enabled_at: null,
    });
    const signedIn = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
    });
    expect(signedIn.json().token).toBeTruthy();
    const again = await t.call('POST', '/api/admin/users/2fa/reset', {
      token: superAdminToken,
      body: { id: user.id },
    });
    expect(again.statusCode).toBe(409);
  });

  it('is for the Super Admin only, and refuses unknown users and bad input', async () => {
    const { user } = await enrolledUser();
    const integrator = await createUser(t, { tenantId, role: Role.Integrator });
    const integratorToken = await signIn(t, integrator.email);
    expect(
      (await t.call('POST', '/api/admin/users/2fa/reset', { token: integratorToken, body: { id: user.id } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call('GET', `/api/admin/users/2fa?id=${user.id}`, { token: integratorToken })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/admin/users/2fa/reset', { token: superAdminToken, body: { id: 999_999 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/admin/users/2fa/reset', { token: superAdminToken, body: { id: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect((await t.call('GET', '/api/admin/users/2fa', { token: superAdminToken })).statusCode).toBe(400);
  });
});

describe('the tenant’s policy', () => {
  it('is set by the tenant’s Integrators, read by them, and hidden from other tenants', async () => {
    const tenant = await createTenant(t);
    const integrator = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
    const owner = await createUser(t, { tenantId: tenant.id, role: Role.BuildingOwner });
    const stranger = await createUser(t, { tenantId, role: Role.Integrator });
    const token = await signIn(t, integrator.email);
    // Signed in before the policy holds: after it, the password alone opens no session.
    const ownerToken = await signIn(t, owner.email);
    expect((await t.call('GET', '/api/tenant/two_factor', { token })).json()).toEqual({
      require_two_factor: false,
    });
    const set = await t.call('PUT', '/api/tenant/two_factor', { token, body: { require_two_factor: true } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ require_two_factor: true });
    expect((await t.call('GET', '/api/tenant/two_factor', { token })).json()).toEqual({
      require_two_factor: true,
    });
    expect((await logsOf(t, 'Tenant', tenant.id)).at(-1)).toMatchObject({
      note: 'Two-factor sign-in required',
    });

    expect(
      (
        await t.call('PUT', '/api/tenant/two_factor', {
          token: ownerToken,
          body: { require_two_factor: false },
        })
      ).statusCode,
    ).toBe(403);
    const strangerToken = await signIn(t, stranger.email);
    const foreign = await t.call('PUT', '/api/tenant/two_factor', {
      token: strangerToken,
      body: { require_two_factor: false, tenant_id: tenant.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.call('PUT', '/api/tenant/two_factor', { token, body: { require_two_factor: 'maybe' } }))
        .statusCode,
    ).toBe(400);
    expect((await t.call('PUT', '/api/tenant/two_factor', { token, body: {} })).statusCode).toBe(400);
    const bySuperAdmin = await t.call('PUT', '/api/tenant/two_factor', {
      token: superAdminToken,
      body: { require_two_factor: 'false', tenant_id: tenant.id },
    });
    expect(bySuperAdmin.json()).toEqual({ require_two_factor: false });
  });

  it('takes a user without two-factor sign-in to enrolment, with no session until enrolled', async () => {
    const tenant = await createTenant(t);
    const integrator = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
    await t.call('PUT', '/api/tenant/two_factor', {
      token: await signIn(t, integrator.email),
      body: { require_two_factor: true },
    });
    const user = await createUser(t, { tenantId: tenant.id });
    const step = await passwordStep(t, user.email);
    expect(step).toEqual({ two_factor_setup_required: true, challenge: expect.any(String) });
    expect((await t.db.select().from(sessions).where(eq(sessions.user_id, user.id))).length).toBe(0);
    // The setup challenge opens neither a session nor the sign-in step.
    expect((await t.call('GET', '/api/global/me', { token: step.challenge })).statusCode).toBe(401);
    expect((await secondStep(t, { challenge: step.challenge, code: '123456' })).statusCode).toBe(401);

    await awayFromStepEdge();
    const setup = await t.call('POST', '/api/admin/users/login/2fa/setup', {
      body: { challenge: step.challenge },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_url } = setup.json();
    expect(otpauth_url).toContain('issuer=Asbuilt');
    const wrong = await t.call('POST', '/api/admin/users/login/2fa/setup/confirm', {
      body: { challenge: step.challenge, code: codeOf(secret, 2) },
    });
    expect(wrong.statusCode).toBe(401);
    expect(codeOfError(wrong)).toBe('two_factor_code_invalid');
    const done = await t.call('POST', '/api/admin/users/login/2fa/setup/confirm', {
      body: { challenge: step.challenge, code: codeOf(secret) },
    });
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json();
    expect(body.user.id).toBe(user.id);
    expect(body.recovery_codes).toHaveLength(10);
    const me = (await t.call('GET', '/api/global/me', { token: body.token })).json();
    expect(me).toMatchObject({ two_factor: true, two_factor_policy: true });
    const reused = await t.call('POST', '/api/admin/users/login/2fa/setup', {
      body: { challenge: step.challenge },
    });
    expect(reused.statusCode).toBe(401);

    // Enrolled: the next sign-in asks for a code, and the policy keeps it on.
    expect((await passwordStep(t, user.email)).two_factor_required).toBe(true);
    const off = await t.call('DELETE', '/api/global/me/2fa', {
      token: body.token,
      body: { password: PASSWORD, code: codeOf(secret, 1) },
    });
    expect(off.statusCode).toBe(409);
    expect(codeOfError(off)).toBe('two_factor_required_by_tenant');

    expect((await t.call('POST', '/api/admin/users/login/2fa/setup', { body: {} })).statusCode).toBe(400);
    expect(
      (await t.call('POST', '/api/admin/users/login/2fa/setup', { body: { challenge: 'nope' } })).statusCode,
    ).toBe(401);
  });

  it('holds on invitations: the invited user enrols before any session', async () => {
    const tenant = await createTenant(t);
    const integrator = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
    await t.call('PUT', '/api/tenant/two_factor', {
      token: await signIn(t, integrator.email),
      body: { require_two_factor: true },
    });
    const invited = await createUser(t, { tenantId: tenant.id, password: null, active: false });
    const token = await issueUserToken(t.db, invited.id, 'invite', INVITE_TOKEN_TTL_DAYS * 86_400_000);
    const response = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: { email: invited.email, token, fname: 'Ines', lname: 'Vermeulen', password: 'welcome1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ two_factor_setup_required: true, challenge: expect.any(String) });
  });
});

describe('the other ways in do not go around it', () => {
  it('a password reset sets the password but signs in only after a code', async () => {
    const { user, secret } = await enrolledUser();
    const token = await issueUserToken(t.db, user.id, 'reset', 60 * 60_000);
    const response = await t.call('POST', '/api/global/password/reset', {
      body: { email: user.email, token, password: 'brand-new-pass' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    const signedIn = await secondStep(t, { challenge: body.challenge, code: codeOf(secret) });
    expect(signedIn.statusCode).toBe(200);
    const withNew = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: 'brand-new-pass' },
    });
    expect(withNew.json().two_factor_required).toBe(true);
  });

  it('login-as into a two-factor account takes the Super Admin’s own code', async () => {
    const { user } = await enrolledUser();
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const adminToken = await signIn(t, admin.email);
    const loginAs = (body: Record<string, unknown>) =>
      t.call('POST', '/api/admin/users/loginas', {
        token: adminToken,
        body: { id: user.id, password: MASTER_PASSWORD, ...body },
      });
    const without = await loginAs({});
    expect(without.statusCode).toBe(403);
    expect(codeOfError(without)).toBe('login_as_two_factor');

    const own = await enrol(t, adminToken);
    const noCode = await loginAs({});
    expect(noCode.statusCode).toBe(403);
    expect(codeOfError(noCode)).toBe('two_factor_code_required');
    expect((await loginAs({ code: codeOf(own.secret, -1) })).statusCode).toBe(400);
    const withCode = await loginAs({ code: codeOf(own.secret) });
    expect(withCode.statusCode, withCode.body).toBe(200);

    // A user without it (and no policy) needs no code.
    const plain = await createUser(t, { tenantId });
    const plainAs = await t.call('POST', '/api/admin/users/loginas', {
      token: adminToken,
      body: { id: plain.id, password: MASTER_PASSWORD },
    });
    expect(plainAs.statusCode).toBe(200);
  });
});

describe('the vault asks for a fresh code', () => {
  async function secretOn(siteTenant: number, contributorId: number, token: string) {
    const site = await createSite(t, siteTenant);
    await grantAccess(t, { siteId: site.id, userId: contributorId, role: SitePermission.Contributor });
    const created = await t.call('POST', '/api/site/secrets', {
      token,
      body: { site_id: site.id, name: 'Firewall', password: 'fw-Pa55' },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().secret.id as number;
  }

  it('at most every 15 minutes when two-factor sign-in is on', async () => {
    const { user, secret } = await enrolledUser();
    const { challenge } = await passwordStep(t, user.email);
    const signedIn = await secondStep(t, { challenge, code: codeOf(secret) });
    const token = signedIn.json().token as string;
    const id = await secretOn(tenantId, user.id, token);
    const reveal = (body: Record<string, unknown> = {}) =>
      t.call('POST', '/api/site/secrets/reveal', { token, body: { id, ...body } });

    // The code of the sign-in is fresh.
    expect((await reveal()).json()).toEqual({ id, password: 'fw-Pa55' });

    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(token)));
    await t.db
      .update(sessionTwoFactor)
      .set({ code_at: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessionTwoFactor.session_id, session!.id));
    const asked = await reveal();
    expect(asked.statusCode).toBe(403);
    expect(codeOfError(asked)).toBe('two_factor_code_required');
    const wrong = await reveal({ code: codeOf(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(codeOfError(wrong)).toBe('two_factor_code_invalid');
    const given = await reveal({ code: codeOf(secret, 1) });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().password).toBe('fw-Pa55');
    expect((await reveal()).statusCode).toBe(200);

    // A session opened by a remembered browser gave no code: the vault asks for one.
    const rememberedUser = await enrolledUser();
    const first = await passwordStep(t, rememberedUser.user.email);
    const withCookie = await secondStep(t, {
      challenge: first.challenge,
      code: codeOf(rememberedUser.secret),
      remember: true,
    });
    const cookie = String(withCookie.headers['set-cookie']).split(';')[0]!;
    const skipped = await t.call('POST', '/api/admin/users/login', {
      body: { username: rememberedUser.user.email, password: PASSWORD },
      headers: { cookie },
    });
    const skippedToken = skipped.json().token as string;
    const otherId = await secretOn(tenantId, rememberedUser.user.id, skippedToken);
    const refused = await t.call('POST', '/api/site/secrets/reveal', {
      token: skippedToken,
      body: { id: otherId },
    });
    expect(refused.statusCode).toBe(403);
    expect(codeOfError(refused)).toBe('two_factor_code_required');
  });

  it('does not ask a user without two-factor sign-in', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const site = await createSite(t, tenantId);
    await grantAccess(t, { siteId: site.id, userId: user.id, role: SitePermission.Contributor });
    const created = await t.call('POST', '/api/site/secrets', {
      token,
      body: { site_id: site.id, name: 'Switch', password: 'sw' },
    });
    const revealed = await t.call('POST', '/api/site/secrets/reveal', {
      token,
      body: { id: created.json().secret.id },
    });
    expect(revealed.statusCode).toBe(200);
  });
});

describe('a vault key rotation', () => {
  it('moves the TOTP secrets with the passwords, so their users still sign in', async () => {
    const { user, secret } = await enrolledUser();
    const current = createVault(keyFromText('test-vault-key'));
    const next = createVault(keyFromText('the-next-vault-key'));
    await rotateVaultKey(t.db, current, next);
    const [row] = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.user_id, user.id));
    expect(next.decrypt(row!.secret_encrypted, twoFactorBinding(user.id))).toBe(secret);
    expect(() => current.decrypt(row!.secret_encrypted, twoFactorBinding(user.id))).toThrow();
    // Back to the key the app runs with.
    await rotateVaultKey(t.db, next, current);
    const { challenge } = await passwordStep(t, user.email);
    expect((await secondStep(t, { challenge, code: codeOf(secret) })).statusCode).toBe(200);
  });
});
