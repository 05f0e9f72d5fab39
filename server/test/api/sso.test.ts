import { Role } from '@asbuilt/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantSso, users } from '../../src/db/schema.ts';
import { issueUserToken } from '../../src/modules/users/tokens.ts';
import type { TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';
import type { TestProvider } from '../support/oidc.ts';
import { configureSso, roundTrip, signInThrough, startSsoApp } from '../support/sso.ts';

/**
 * Single sign-on with OpenID Connect (issue 46) against a real provider (oidc-provider) on a
 * loopback port: the tenant's settings, the sign-in through the provider, and each refusal.
 */

let t: TestApp;
let op: TestProvider;
let tenantA: number;
let tenantB: number;
let integratorA: string;
let integratorB: string;
const domainA = 'acme-sso.test';
const domainB = 'other-sso.test';

const codeOf = (response: { json: () => unknown }) => (response.json() as { code?: string }).code;

beforeAll(async () => {
  ({ t, op } = await startSsoApp({
    otherClients: [{ clientId: 'another-app', clientSecret: 'another-secret' }],
  }));
  tenantA = (await createTenant(t)).id;
  tenantB = (await createTenant(t)).id;
  integratorA = await signIn(t, (await createUser(t, { tenantId: tenantA, role: Role.Integrator })).email);
  integratorB = await signIn(t, (await createUser(t, { tenantId: tenantB, role: Role.Integrator })).email);
  expect((await configureSso(t, op, integratorA, { domains: [domainA] })).statusCode).toBe(200);
  expect((await configureSso(t, op, integratorB, { domains: [domainB] })).statusCode).toBe(200);
  // A fresh database, a provider and four sign-ins: slow when the machine is busy.
}, 180_000);
afterAll(async () => {
  await op?.close();
  await t?.close();
});

describe("the tenant's single sign-on settings", () => {
  it('are answered without the secret, which is stored sealed', async () => {
    const answer = await t.call('GET', '/api/tenant/sso', { token: integratorA });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      sso: {
        enabled: true,
        issuer: op.issuer,
        client_id: op.clientId,
        client_secret_set: true,
        domains: [domainA],
        create_users: false,
        new_user_role: Role.User,
        allow_password: true,
      },
      redirect_uri: `${t.ctx.config.publicUrl}/api/global/sso/callback`,
    });
    expect(answer.body).not.toContain(op.clientSecret);
    const [row] = await t.db.select().from(tenantSso).where(eq(tenantSso.tenant_id, tenantA));
    expect(row!.client_secret_encrypted).not.toContain(op.clientSecret);
    expect(row!.client_secret_encrypted.startsWith('v1:')).toBe(true);
    // A blank secret keeps the stored one.
    const kept = await configureSso(t, op, integratorA, { domains: [domainA], client_secret: '' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.body).not.toContain(op.clientSecret);
    const [after] = await t.db.select().from(tenantSso).where(eq(tenantSso.tenant_id, tenantA));
    expect(after!.client_secret_encrypted).toBe(row!.client_secret_encrypted);
  });

  it('refuses a domain another tenant claimed, and a first setting without a secret', async () => {
    const twice = await configureSso(t, op, integratorB, { domains: [domainB, domainA.toUpperCase()] });
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('sso_domain_taken');
    expect(twice.json().params).toEqual({ domain: domainA });
    // Nothing of the refused call was kept.
    const b = await t.call('GET', '/api/tenant/sso', { token: integratorB });
    expect(b.json().sso.domains).toEqual([domainB]);

    const tenantC = (await createTenant(t)).id;
    const integratorC = await signIn(
      t,
      (await createUser(t, { tenantId: tenantC, role: Role.Integrator })).email,
    );
    const noSecret = await configureSso(t, op, integratorC, {
      domains: ['c-sso.test'],
      client_secret: undefined,
    });
    expect(noSecret.statusCode).toBe(400);
    expect(codeOf(noSecret)).toBe('sso_client_secret_required');
  });

  it('refuses bad input with a code each', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ domains: ['not a domain'] }, 'sso_domain_invalid'],
      [{ domains: [] }, 'sso_domains_required'],
      [{ domains: [domainA], issuer: 'ftp://idp.example.com' }, 'sso_issuer_invalid'],
      [{ domains: [domainA], issuer: 'http://idp.example.com' }, 'sso_issuer_invalid'],
      [{ domains: [domainA], client_id: '' }, 'sso_client_id_required'],
      [{ domains: [domainA], new_user_role: Role.SuperAdmin }, 'sso_role_invalid'],
      [{ domains: [domainA], new_user_role: Role.LibraryAdmin }, 'sso_role_invalid'],
    ];
    for (const [body, code] of cases) {
      const answer = await configureSso(t, op, integratorA, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect([codeOf(answer)].flat(), JSON.stringify(body)).toContain(code);
    }
  });

  it('are for Integrators of the tenant: below 403, another tenant 404', async () => {
    const owner = await signIn(
      t,
      (await createUser(t, { tenantId: tenantA, role: Role.BuildingOwner })).email,
    );
    expect((await t.call('GET', '/api/tenant/sso', { token: owner })).statusCode).toBe(403);
    expect((await configureSso(t, op, owner, { domains: [domainA] })).statusCode).toBe(403);
    expect((await t.call('DELETE', '/api/tenant/sso', { token: owner })).statusCode).toBe(403);
    const foreign = await t.call('GET', `/api/tenant/sso?tenant_id=${tenantA}`, { token: integratorB });
    expect(foreign.statusCode).toBe(404);
    expect((await configureSso(t, op, integratorB, { domains: ['x-sso.test'] }, tenantA)).statusCode).toBe(
      404,
    );
  });

  it('can be removed, which frees the domains', async () => {
    const tenantD = (await createTenant(t)).id;
    const integratorD = await signIn(
      t,
      (await createUser(t, { tenantId: tenantD, role: Role.Integrator })).email,
    );
    expect((await configureSso(t, op, integratorD, { domains: ['d-sso.test'] })).statusCode).toBe(200);
    expect(
      (await t.call('POST', '/api/global/sso/discover', { body: { email: 'x@d-sso.test' } })).json(),
    ).toEqual({
      sso: true,
    });
    expect((await t.call('DELETE', '/api/tenant/sso', { token: integratorD })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/tenant/sso', { token: integratorD })).json().sso).toBeNull();
    expect(
      (await t.call('POST', '/api/global/sso/discover', { body: { email: 'x@d-sso.test' } })).json(),
    ).toEqual({
      sso: false,
    });
    expect((await t.call('DELETE', '/api/tenant/sso', { token: integratorD })).statusCode).toBe(404);
  });
});

describe('signing in through the provider', () => {
  it('tells the sign-in page which e-mails go to a provider', async () => {
    const ask = (email: string) => t.call('POST', '/api/global/sso/discover', { body: { email } });
    expect((await ask(`someone@${domainA}`)).json()).toEqual({ sso: true });
    expect((await ask('someone@elsewhere.test')).json()).toEqual({ sso: false });
    expect((await ask('not an e-mail')).statusCode).toBe(400);
    const none = await t.call('POST', '/api/global/sso/start', { body: { email: 'someone@elsewhere.test' } });
    expect(none.statusCode).toBe(404);
    expect(codeOf(none)).toBe('sso_not_configured');
  });

  it('signs an existing user of the tenant in, with PKCE, state and nonce, and no token in a URL', async () => {
    const user = await createUser(t, { tenantId: tenantA, email: `alice@${domainA}` });
    op.accounts.set('alice', { email: `Alice@${domainA}`, email_verified: true });
    const start = await t.call('POST', '/api/global/sso/start', { body: { email: user.email } });
    const url = new URL(start.json().url);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();

    const { trip, exchanged } = await signInThrough(t, op, user.email, 'alice');
    expect(trip.location.origin + trip.location.pathname).toBe(`${t.ctx.config.publicUrl}/login`);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const { token, user: signedIn } = exchanged.json();
    expect(signedIn.id).toBe(user.id);
    expect(trip.location.href).not.toContain(token);
    const me = await t.call('GET', '/api/global/me', { token });
    expect(me.statusCode).toBe(200);

    // The hand-over code and the state are spent.
    const again = await t.call('POST', '/api/admin/users/login/sso', { body: { code: trip.code } });
    expect(again.statusCode).toBe(401);
    expect(codeOf(again)).toBe('sso_code_invalid');
    const replay = await trip.callback();
    expect(new URL(replay.headers.location as string).searchParams.get('sso_error')).toBe(
      'sso_state_invalid',
    );
  });

  it('refuses a callback from another browser (no cookie)', async () => {
    op.accounts.set('alice', { email: `alice@${domainA}`, email_verified: true });
    const trip = await roundTrip(t, op, `alice@${domainA}`, 'alice', { cookie: null });
    expect(trip.error).toBe('sso_state_invalid');
  });

  it('creates an unknown user on a first sign-in with the chosen role, when the tenant allows it', async () => {
    op.accounts.set('bob', {
      email: `bob@${domainA}`,
      email_verified: true,
      given_name: 'Bob',
      family_name: 'Builder',
    });
    const refused = await roundTrip(t, op, `bob@${domainA}`, 'bob');
    expect(refused.error).toBe('sso_user_unknown');
    expect(
      await t.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${`bob@${domainA}`}`),
    ).toEqual([]);

    expect(
      (
        await configureSso(t, op, integratorA, {
          domains: [domainA],
          create_users: true,
          new_user_role: Role.BuildingOwner,
        })
      ).statusCode,
    ).toBe(200);
    const { exchanged } = await signInThrough(t, op, `bob@${domainA}`, 'bob');
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json().user).toMatchObject({
      email: `bob@${domainA}`,
      fname: 'Bob',
      lname: 'Builder',
      role: Role.BuildingOwner,
      tenant_id: tenantA,
    });
    await configureSso(t, op, integratorA, { domains: [domainA], create_users: false });
  });

  it('refuses a wrong nonce', async () => {
    op.accounts.set('alice', { email: `alice@${domainA}`, email_verified: true });
    const trip = await roundTrip(t, op, `alice@${domainA}`, 'alice', {
      editAuthorizationUrl: (url) => url.searchParams.set('nonce', 'a-nonce-someone-else-chose'),
    });
    expect(trip.error).toBe('sso_token_invalid');
  });

  it('refuses an ID token for another audience', async () => {
    op.accounts.set('alice', { email: `alice@${domainA}`, email_verified: true });
    op.tamper = (claims) => ({ ...claims, aud: 'another-app' });
    try {
      const trip = await roundTrip(t, op, `alice@${domainA}`, 'alice');
      expect(trip.error).toBe('sso_token_invalid');
    } finally {
      op.tamper = null;
    }
  });

  it('refuses an ID token whose signature does not hold', async () => {
    op.accounts.set('alice', { email: `alice@${domainA}`, email_verified: true });
    await createUser(t, { tenantId: tenantA, email: `mallory@${domainA}` });
    op.tamper = (claims) => ({ ...claims, email: `mallory@${domainA}` });
    op.forge = true;
    try {
      const trip = await roundTrip(t, op, `alice@${domainA}`, 'alice');
      expect(trip.error).toBe('sso_token_invalid');
    } finally {
      op.tamper = null;
      op.forge = false;
    }
  });

  it('refuses an e-mail the provider has not verified', async () => {
    await createUser(t, { tenantId: tenantA, email: `carol@${domainA}` });
    op.accounts.set('carol', { email: `carol@${domainA}`, email_verified: false });
    expect((await roundTrip(t, op, `carol@${domainA}`, 'carol')).error).toBe('sso_email_unverified');
    op.accounts.set('carol', { email: `carol@${domainA}` });
    expect((await roundTrip(t, op, `carol@${domainA}`, 'carol')).error).toBe('sso_email_unverified');
  });

  it('refuses a domain of another tenant, a user of another tenant and a Super Admin', async () => {
    await createUser(t, { tenantId: tenantB, email: `dave@${domainB}` });
    op.accounts.set('dave', { email: `dave@${domainB}`, email_verified: true });
    // Tenant A's provider vouching for an address of tenant B's domain.
    expect((await roundTrip(t, op, `dave@${domainA}`, 'dave')).error).toBe('sso_domain_mismatch');

    await createUser(t, { tenantId: tenantB, email: `erin@${domainA}` });
    op.accounts.set('erin', { email: `erin@${domainA}`, email_verified: true });
    expect((await roundTrip(t, op, `erin@${domainA}`, 'erin')).error).toBe('sso_user_other_tenant');

    await createUser(t, { tenantId: tenantA, email: `root@${domainA}`, role: Role.SuperAdmin });
    op.accounts.set('root', { email: `root@${domainA}`, email_verified: true });
    expect((await roundTrip(t, op, `root@${domainA}`, 'root')).error).toBe('sso_user_other_tenant');
  });

  it('refuses what the provider refused', async () => {
    op.accounts.set('alice', { email: `alice@${domainA}`, email_verified: true });
    const trip = await roundTrip(t, op, `alice@${domainA}`, 'alice', {
      editAuthorizationUrl: (url) => url.searchParams.set('scope', 'email'),
    });
    expect(trip.error).toBe('sso_provider_refused');
  });
});

describe('password sign-in of a tenant that signs in through its provider', () => {
  it('is refused with a clear code when the tenant forbids it, never for a Super Admin', async () => {
    const tenantE = (await createTenant(t)).id;
    const integratorE = await createUser(t, { tenantId: tenantE, role: Role.Integrator });
    const tokenE = await signIn(t, integratorE.email);
    const user = await createUser(t, { tenantId: tenantE });
    const superAdmin = await createUser(t, { tenantId: tenantE, role: Role.SuperAdmin });
    expect(
      (await configureSso(t, op, tokenE, { domains: ['e-sso.test'], allow_password: false })).statusCode,
    ).toBe(200);

    const login = (username: string) =>
      t.call('POST', '/api/admin/users/login', { body: { username, password: PASSWORD } });
    const refused = await login(user.email);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('password_sign_in_off');
    // A wrong password still says only that.
    const wrong = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: 'wrong-password' },
    });
    expect(codeOf(wrong)).toBe('bad_credentials');
    expect((await login(superAdmin.email)).statusCode).toBe(200);
    // Nor does a reset link open a session: it stays unused.
    const resetToken = await issueUserToken(t.db, user.id, 'reset', 60_000);
    const reset = await t.call('POST', '/api/global/password/reset', {
      body: { email: user.email, token: resetToken, password: 'another-password-1' },
    });
    expect(reset.statusCode).toBe(403);
    expect(codeOf(reset)).toBe('password_sign_in_off');

    expect(
      (await configureSso(t, op, tokenE, { domains: ['e-sso.test'], allow_password: true })).statusCode,
    ).toBe(200);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('takes an invitation through the provider when the tenant forbids passwords, not with a password', async () => {
    const tenantF = (await createTenant(t)).id;
    const tokenF = await signIn(t, (await createUser(t, { tenantId: tenantF, role: Role.Integrator })).email);
    expect(
      (await configureSso(t, op, tokenF, { domains: ['f-sso.test'], allow_password: false })).statusCode,
    ).toBe(200);
    const invited = await createUser(t, {
      tenantId: tenantF,
      email: 'carol@f-sso.test',
      active: false,
      password: null,
    });
    const inviteToken = await issueUserToken(t.db, invited.id, 'invite', 60_000);

    const signUp = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: {
        email: invited.email,
        token: inviteToken,
        fname: 'Carol',
        lname: 'Wire',
        password: 'a-password-of-hers-1',
      },
    });
    expect(signUp.statusCode).toBe(403);
    expect(codeOf(signUp)).toBe('password_sign_in_off');
    const [still] = await t.db.select().from(users).where(eq(users.id, invited.id));
    expect(still).toMatchObject({ user_status: false, password_hash: null });

    op.accounts.set('carol', { email: invited.email, email_verified: true });
    const { exchanged } = await signInThrough(t, op, invited.email, 'carol');
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json().user.id).toBe(invited.id);
    // The invitation is used up; a deactivated account without one stays refused.
    const reused = await t.call('POST', '/api/tenant/users/invite_sign_up', {
      body: {
        email: invited.email,
        token: inviteToken,
        fname: 'Carol',
        lname: 'Wire',
        password: 'a-password-of-hers-1',
      },
    });
    expect(reused.statusCode).toBe(400);
    await t.db.update(users).set({ user_status: false }).where(eq(users.id, invited.id));
    const deactivated = await roundTrip(t, op, invited.email, 'carol');
    expect(deactivated.error).toBe('account_inactive');
  });
});
