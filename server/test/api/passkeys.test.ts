import { RATE_LIMITS, Role } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  passkeyChallenges,
  passkeys,
  tenants,
  tenantTwoFactorPolicies,
  users,
} from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';
import { assertPasskey, createPasskey, type SoftPasskey } from '../support/passkeys.ts';
import { enrol, passwordStep } from '../support/two-factor.ts';

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

const errorCode = (response: { json: () => unknown }) => (response.json() as { code?: unknown }).code;

async function registrationOptions(token: string) {
  const response = await t.call('POST', '/api/global/me/passkeys/options', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().options as {
    challenge: string;
    rp: { id: string; name: string };
    user: { id: string; name: string };
    excludeCredentials: { id: string }[];
    authenticatorSelection: { residentKey: string; userVerification: string };
  };
}

/** Registers a new software passkey for the signed-in user. */
async function registered(token: string, name = 'Laptop') {
  const options = await registrationOptions(token);
  const { passkey, response } = createPasskey(options);
  const answer = await t.call('POST', '/api/global/me/passkeys', { token, body: { name, response } });
  expect(answer.statusCode, answer.body).toBe(200);
  return { passkey, id: answer.json().passkey.id as number };
}

async function signInOptions(ip?: string) {
  const response = await t.call('POST', '/api/admin/users/login/passkey/options', ip ? { ip } : {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json().options as { challenge: string; rpId: string; userVerification: string };
}

const passkeySignIn = (response: unknown, ip?: string) =>
  t.call('POST', '/api/admin/users/login/passkey', { body: { response }, ...(ip ? { ip } : {}) });

/** A user signed in with a password, with one passkey. */
async function userWithPasskey(options: { role?: number; tenant?: number } = {}) {
  const user = await createUser(t, { tenantId: options.tenant ?? tenantId, role: options.role ?? Role.User });
  const token = await signIn(t, user.email);
  const { passkey, id } = await registered(token);
  return { user, token, passkey, id };
}

describe('registering a passkey on the profile', () => {
  it('hands out options for a discoverable, verified passkey of this address, registers it and lists it', async () => {
    const user = await createUser(t, { tenantId, email: 'pass.key@example.test' });
    const token = await signIn(t, user.email);
    expect((await t.call('GET', '/api/global/me/passkeys', { token })).json()).toEqual({ passkeys: [] });

    const options = await registrationOptions(token);
    expect(options.rp).toEqual({ id: 'asbuilt.test', name: 'Asbuilt' });
    expect(options.user.name).toBe('pass.key@example.test');
    // A random handle of 32 bytes, not the id or the e-mail.
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });

    const { response } = createPasskey(options);
    const answer = await t.call('POST', '/api/global/me/passkeys', {
      token,
      body: { name: '  Work laptop ', response },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { passkey } = answer.json();
    expect(passkey).toMatchObject({ name: 'Work laptop', last_used_at: null });
    expect(Object.keys(passkey).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);

    const listed = (await t.call('GET', '/api/global/me/passkeys', { token })).json().passkeys;
    expect(listed).toEqual([passkey]);
    const [log] = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.object_model, 'User'), eq(activityLogs.object_id, user.id)));
    expect(log?.note).toBe('Passkey added: Work laptop');

    // The next options exclude it, and keep the user's handle.
    const again = await registrationOptions(token);
    expect(again.excludeCredentials.map((c) => c.id)).toEqual([response.id]);
    expect(again.user.id).toBe(options.user.id);
  });

  it('refuses a reused challenge, another origin, no user verification, a passkey twice and bad input', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const register = (body: unknown) => t.call('POST', '/api/global/me/passkeys', { token, body });

    const options = await registrationOptions(token);
    const first = createPasskey(options);
    expect((await register({ name: 'One', response: first.response })).statusCode).toBe(200);
    // Its challenge is spent: a second answer to it is refused.
    const replay = await register({ name: 'Two', response: createPasskey(options).response });
    expect(replay.statusCode).toBe(400);
    expect(errorCode(replay)).toBe('passkey_registration_failed');

    const phished = await register({
      name: 'Phished',
      response: createPasskey(await registrationOptions(token), { origin: 'https://evil.test' }).response,
    });
    expect(phished.statusCode).toBe(400);
    expect(errorCode(phished)).toBe('passkey_registration_failed');

    const otherRp = await register({
      name: 'Other',
      response: createPasskey(await registrationOptions(token), { rpId: 'evil.test' }).response,
    });
    expect(errorCode(otherRp)).toBe('passkey_registration_failed');

    const unverified = await register({
      name: 'No PIN',
      response: createPasskey(await registrationOptions(token), { userVerified: false }).response,
    });
    expect(errorCode(unverified)).toBe('passkey_registration_failed');

    // A challenge never handed out.
    const made = await register({
      name: 'Made up',
      response: createPasskey({ challenge: 'bWFkZS11cA' }).response,
    });
    expect(errorCode(made)).toBe('passkey_registration_failed');

    // The same credential registered again (by the same authenticator answering a new challenge).
    const twice = createPasskey(await registrationOptions(token), {
      credentialId: first.passkey.credentialId,
    });
    const again = await register({ name: 'Again', response: twice.response });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('passkey_already_registered');

    for (const [body, code] of [
      [{ response: first.response }, 'field_required'],
      [{ name: '   ', response: first.response }, 'field_required'],
      [{ name: 'x'.repeat(101), response: first.response }, 'field_too_long'],
      [{ name: 'Bad' }, 'passkey_response_invalid'],
      [{ name: 'Bad', response: 'text' }, 'passkey_response_invalid'],
      [{ name: 'Bad', response: { ...first.response, type: 'password' } }, 'passkey_response_invalid'],
      [{ name: 'Bad', response: { ...first.response, id: 'not base64!' } }, 'passkey_response_invalid'],
    ] as const) {
      const bad = await register(body);
      expect(bad.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect([errorCode(bad)].flat()).toContain(code);
    }
    // Rubbish where the library reads binary: a 400, never a 500.
    const garbled = await register({
      name: 'Garbled',
      response: {
        ...first.response,
        response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
      },
    });
    expect(garbled.statusCode).toBe(400);

    expect(await t.db.select().from(passkeys).where(eq(passkeys.user_id, user.id))).toHaveLength(1);
  });

  it('refuses a challenge handed to another user', async () => {
    const one = await createUser(t, { tenantId });
    const other = await createUser(t, { tenantId });
    const oneToken = await signIn(t, one.email);
    const otherToken = await signIn(t, other.email);
    const { response } = createPasskey(await registrationOptions(oneToken));
    const stolen = await t.call('POST', '/api/global/me/passkeys', {
      token: otherToken,
      body: { name: 'Stolen', response },
    });
    expect(stolen.statusCode).toBe(400);
    expect(errorCode(stolen)).toBe('passkey_registration_failed');
  });

  it('is not for a login-as session nor for an API token', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const target = await createUser(t, { tenantId });
    const adminToken = await signIn(t, admin.email);
    const as = await t.call('POST', '/api/admin/users/loginas', {
      token: adminToken,
      body: { id: target.id, password: 'master-password-for-tests' },
    });
    expect(as.statusCode, as.body).toBe(200);
    const refused = await t.call('POST', '/api/global/me/passkeys/options', { token: as.json().token });
    expect(refused.statusCode).toBe(403);

    const own = await signIn(t, target.email);
    const created = await t.call('POST', '/api/global/me/tokens', {
      token: own,
      body: { name: 'Script', scope: 'read_write', expires_in_days: 5 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const withToken = await t.call('GET', '/api/global/me/passkeys', { token: created.json().token });
    expect(withToken.statusCode).toBe(403);
  });
});

describe('renaming and removing', () => {
  it("renames and removes one's own passkey, with the password; another's answers 404", async () => {
    const { user, token, id } = await userWithPasskey();
    const stranger = await userWithPasskey();

    const renamed = await t.call('PUT', '/api/global/me/passkeys', { token, body: { id, name: 'Phone' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().passkey).toMatchObject({ id, name: 'Phone' });
    const theirs = await t.call('PUT', '/api/global/me/passkeys', {
      token,
      body: { id: stranger.id, name: 'Mine now' },
    });
    expect(theirs.statusCode).toBe(404);
    expect(errorCode(theirs)).toBe('passkey_not_found');
    const blank = await t.call('PUT', '/api/global/me/passkeys', { token, body: { id, name: '' } });
    expect(blank.statusCode).toBe(400);

    const noPassword = await t.call('DELETE', `/api/global/me/passkeys?id=${id}`, { token, body: {} });
    expect(noPassword.statusCode).toBe(400);
    expect([errorCode(noPassword)].flat()).toContain('password_required');
    const wrong = await t.call('DELETE', `/api/global/me/passkeys?id=${id}`, {
      token,
      body: { password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorCode(wrong)).toBe('current_password_wrong');
    const notMine = await t.call('DELETE', `/api/global/me/passkeys?id=${stranger.id}`, {
      token,
      body: { password: PASSWORD },
    });
    expect(notMine.statusCode).toBe(404);
    const badId = await t.call('DELETE', '/api/global/me/passkeys?id=abc', {
      token,
      body: { password: PASSWORD },
    });
    expect(badId.statusCode).toBe(400);

    const removed = await t.call('DELETE', `/api/global/me/passkeys?id=${id}`, {
      token,
      body: { password: PASSWORD },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.call('GET', '/api/global/me/passkeys', { token })).json().passkeys).toEqual([]);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.id, stranger.id))).toHaveLength(1);
    const notes = (
      await t.db
        .select({ note: activityLogs.note })
        .from(activityLogs)
        .where(and(eq(activityLogs.object_model, 'User'), eq(activityLogs.object_id, user.id)))
    ).map((row) => row.note);
    expect(notes).toContain('Passkey removed: Phone');
  });
});

describe('signing in with a passkey', () => {
  it('answers what the password sign-in answers, without a username, and notes the use', async () => {
    const { user, passkey, id } = await userWithPasskey();
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'asbuilt.test', userVerification: 'required' });
    expect(options).not.toHaveProperty('allowCredentials.0');

    const answer = await passkeySignIn(assertPasskey(passkey, options));
    expect(answer.statusCode, answer.body).toBe(200);
    // Known to the sessions' list of browsers, as every way of signing in is (sessions/sign-in-notice.ts).
    expect(String(answer.headers['set-cookie'])).toContain('asbuilt_browser=');
    const body = answer.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    const byPassword = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
    });
    expect(Object.keys(body.user).sort()).toEqual(Object.keys(byPassword.json().user).sort());
    expect(body.user.id).toBe(user.id);
    const me = await t.call('GET', '/api/global/me', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);

    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(row?.counter).toBe(1);
    expect(row?.last_used_at).toBeInstanceOf(Date);
  });

  it('counts as two factors: no code step for a user with 2FA on, and the tenant policy is satisfied', async () => {
    const { user, token, passkey } = await userWithPasskey();
    await enrol(t, token);
    expect(await passwordStep(t, user.email)).toMatchObject({ two_factor_required: true });
    const withPasskey = await passkeySignIn(assertPasskey(passkey, await signInOptions()));
    expect(withPasskey.statusCode, withPasskey.body).toBe(200);
    expect(withPasskey.json().token).toBeTruthy();

    const strict = await createTenant(t);
    const member = await userWithPasskey({ tenant: strict.id });
    await t.db.insert(tenantTwoFactorPolicies).values({ tenant_id: strict.id, require_two_factor: true });
    expect(await passwordStep(t, member.user.email)).toMatchObject({ two_factor_setup_required: true });
    const policy = await passkeySignIn(assertPasskey(member.passkey, await signInOptions()));
    expect(policy.statusCode, policy.body).toBe(200);
    expect(policy.json().token).toBeTruthy();
  });

  it('refuses a replay, a spent or made-up challenge, a cloned counter, another origin and no verification', async () => {
    const { passkey } = await userWithPasskey();
    const options = await signInOptions();
    const good = assertPasskey(passkey, options);
    expect((await passkeySignIn(good)).statusCode).toBe(200);

    const refusals: [string, unknown][] = [
      ['the same answer again', good],
      ['a new signature on a spent challenge', assertPasskey(passkey, options)],
      ['a challenge never handed out', assertPasskey(passkey, { challenge: 'bWFkZS11cA' })],
      ['a counter gone back (a clone)', assertPasskey(passkey, await signInOptions(), { counter: 1 })],
      ['another origin', assertPasskey(passkey, await signInOptions(), { origin: 'https://evil.test' })],
      ['another relying party', assertPasskey(passkey, await signInOptions(), { rpId: 'evil.test' })],
      ['no user verification', assertPasskey(passkey, await signInOptions(), { userVerified: false })],
    ];
    for (const [what, response] of refusals) {
      const refused = await passkeySignIn(response);
      expect(refused.statusCode, what).toBe(401);
      expect(errorCode(refused), what).toBe('passkey_invalid');
    }

    // A passkey never registered, and another user's handle on a registered one.
    const stranger = createPasskey({ challenge: 'eA' }).passkey;
    expect((await passkeySignIn(assertPasskey(stranger, await signInOptions()))).statusCode).toBe(401);
    const lying = { ...passkey, userHandle: 'b3RoZXI' } satisfies SoftPasskey;
    expect((await passkeySignIn(assertPasskey(lying, await signInOptions()))).statusCode).toBe(401);

    // A forged signature.
    const forged = assertPasskey(passkey, await signInOptions()) as { response: Record<string, string> };
    forged.response.signature = Buffer.from('forged').toString('base64url');
    expect((await passkeySignIn(forged)).statusCode).toBe(401);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [{}, { response: 'x' }, { response: { id: 'a', rawId: 'a', type: 'public-key' } }]) {
      const refused = await t.call('POST', '/api/admin/users/login/passkey', { body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses a deactivated user and a deactivated tenant', async () => {
    const inactive = await userWithPasskey();
    await t.db.update(users).set({ user_status: false }).where(eq(users.id, inactive.user.id));
    const user = await passkeySignIn(assertPasskey(inactive.passkey, await signInOptions()));
    expect(user.statusCode).toBe(401);
    expect(errorCode(user)).toBe('passkey_invalid');

    const closed = await createTenant(t);
    const member = await userWithPasskey({ tenant: closed.id });
    await t.db.update(tenants).set({ tenant_status: false }).where(eq(tenants.id, closed.id));
    expect((await passkeySignIn(assertPasskey(member.passkey, await signInOptions()))).statusCode).toBe(401);
  });

  it('keeps each challenge five minutes and once', async () => {
    const { passkey } = await userWithPasskey();
    const options = await signInOptions();
    await t.db
      .update(passkeyChallenges)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.purpose, 'sign_in'));
    expect((await passkeySignIn(assertPasskey(passkey, options))).statusCode).toBe(401);
  });

  it('counts failures per address with wrong passwords, and then answers 429', async () => {
    const { passkey } = await userWithPasskey();
    const ip = '203.0.113.77';
    const made = () => assertPasskey(passkey, { challenge: 'bWFkZS11cA' });
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAddress; i++) {
      expect((await passkeySignIn(made(), ip)).statusCode).toBe(401);
    }
    const limited = await passkeySignIn(assertPasskey(passkey, await signInOptions(ip)), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    // The same address's password sign-ins are held too.
    const password = await t.call('POST', '/api/admin/users/login', {
      body: { username: 'whoever@example.test', password: 'wrong-password' },
      ip,
    });
    expect(password.statusCode).toBe(429);
    // Another address is not.
    expect((await passkeySignIn(assertPasskey(passkey, await signInOptions()))).statusCode).toBe(200);
  });

  it('limits the options an address asks for', async () => {
    const ip = '203.0.113.78';
    for (let i = 0; i < RATE_LIMITS.loginSuccessPerMinute; i++) await signInOptions(ip);
    const limited = await t.call('POST', '/api/admin/users/login/passkey/options', { ip });
    expect(limited.statusCode).toBe(429);
  });
});
