import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, twoFactorChallenges, twoFactorRecoveryCodes, userTwoFactor } from '../../src/db/schema.ts';
import { MASTER_PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';
import { awayFromStepEdge, codeOf, enrol, passwordStep, secondStep } from '../support/two-factor.ts';

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

/** A user signed in, with two-factor sign-in turned on. */
async function enrolledUser(role: number = Role.User) {
  const user = await createUser(t, { tenantId, role });
  const token = await signIn(t, user.email);
  return { user, token, ...(await enrol(t, token)) };
}

const me = async (token: string) => (await t.call('GET', '/api/global/me', { token })).json();
const codeOfError = (response: { json: () => unknown }) => (response.json() as { code?: string }).code;

async function sessionCount(userId: number) {
  return (await t.db.select().from(sessions).where(eq(sessions.user_id, userId))).length;
}

describe('enrolling on the profile', () => {
  it('hands out a secret and its otpauth URI, turns on with a first code and answers ten recovery codes once', async () => {
    const user = await createUser(t, { tenantId, email: 'enrol.me@example.test' });
    const token = await signIn(t, user.email);
    expect(await me(token)).toMatchObject({ two_factor: false, two_factor_policy: false });

    await awayFromStepEdge();
    const started = await t.call('POST', '/api/global/me/2fa/totp', { token });
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_url } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_url);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Asbuilt:enrol.me@example.test');
    expect(uri.searchParams.get('issuer')).toBe('Asbuilt');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('digits')).toBe('6');
    // Not on until a code confirms it: the password alone still signs in.
    expect(await me(token)).toMatchObject({ two_factor: false });
    expect(
      (
        await t.call('POST', '/api/admin/users/login', { body: { username: user.email, password: PASSWORD } })
      ).json().token,
    ).toBeTruthy();

    const wrong = await t.call('POST', '/api/global/me/2fa/totp/confirm', {
      token,
      body: { code: '000000' === codeOf(secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(codeOfError(wrong)).toBe('two_factor_code_invalid');

    const confirmed = await t.call('POST', '/api/global/me/2fa/totp/confirm', {
      token,
      body: { code: codeOf(secret) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('no-store');
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await me(token)).toMatchObject({ two_factor: true });

    // The secret is sealed and the recovery codes hashed: neither is stored as given.
    const [row] = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.user_id, user.id));
    expect(row!.secret_encrypted).not.toContain(secret);
    expect(row!.secret_encrypted).toMatch(/^v1:/);
    const stored = await t.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.user_id, user.id));
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of codes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replace('-', ''));
    }

    const again = await t.call('POST', '/api/global/me/2fa/totp', { token });
    expect(again.statusCode).toBe(409);
    expect(codeOfError(again)).toBe('two_factor_already_enabled');
  });

  it('accepts one step of clock drift either way and refuses two', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    await awayFromStepEdge();
    const { secret } = (await t.call('POST', '/api/global/me/2fa/totp', { token })).json();
    for (const offset of [-2, 2]) {
      const refused = await t.call('POST', '/api/global/me/2fa/totp/confirm', {
        token,
        body: { code: codeOf(secret, offset) },
      });
      expect(refused.statusCode, `offset ${offset}`).toBe(400);
    }
    const behind = await t.call('POST', '/api/global/me/2fa/totp/confirm', {
      token,
      body: { code: codeOf(secret, -1) },
    });
    expect(behind.statusCode).toBe(200);
    const { challenge } = await passwordStep(t, user.email);
    const ahead = await secondStep(t, { challenge, code: codeOf(secret, 1) });
    expect(ahead.statusCode, ahead.body).toBe(200);
  });

  it('refuses a confirmation without a waiting enrolment, and bad input', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const none = await t.call('POST', '/api/global/me/2fa/totp/confirm', { token, body: { code: '123456' } });
    expect(none.statusCode).toBe(409);
    expect(codeOfError(none)).toBe('two_factor_not_started');
    for (const body of [{}, { code: '' }, { code: '   ' }, { code: 123456 }]) {
      const bad = await t.call('POST', '/api/global/me/2fa/totp/confirm', { token, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const blank = await t.call('POST', '/api/global/me/2fa/totp/confirm', { token, body: { code: '' } });
    expect(codeOfError(blank)).toBe('two_factor_code_missing');
    for (const [method, url] of [
      ['POST', '/api/global/me/2fa/totp'],
      ['POST', '/api/global/me/2fa/totp/confirm'],
      ['DELETE', '/api/global/me/2fa'],
      ['POST', '/api/global/me/2fa/recovery_codes'],
      ['DELETE', '/api/global/me/2fa/browsers'],
    ] as const) {
      expect(
        (await t.call(method, url, { body: { code: '123456', password: PASSWORD } })).statusCode,
        url,
      ).toBe(401);
    }
  });

  it('is not for a Super Admin signed in as the user', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const user = await createUser(t, { tenantId });
    const adminToken = await signIn(t, admin.email);
    const as = await t.call('POST', '/api/admin/users/loginas', {
      token: adminToken,
      body: { id: user.id, password: MASTER_PASSWORD },
    });
    expect(as.statusCode, as.body).toBe(200);
    const refused = await t.call('POST', '/api/global/me/2fa/totp', { token: as.json().token });
    expect(refused.statusCode).toBe(403);
  });
});

describe('signing in with two factors', () => {
  it('answers a challenge and no session to the password, and a session to the challenge and a code', async () => {
    const { user, secret } = await enrolledUser();
    const before = await sessionCount(user.id);
    const step = await passwordStep(t, user.email);
    expect(step).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(await sessionCount(user.id)).toBe(before);

    // The challenge alone opens nothing.
    const asBearer = await t.call('GET', '/api/global/me', { token: step.challenge });
    expect(asBearer.statusCode).toBe(401);
    const [stored] = await t.db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.user_id, user.id));
    expect(stored!.challenge_hash).not.toBe(step.challenge);

    const signedIn = await secondStep(t, { challenge: step.challenge, code: codeOf(secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const body = signedIn.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email });
    // No remembered browser unless asked (the browser cookie of the new-browser mail is another).
    expect(String(signedIn.headers['set-cookie'] ?? '')).not.toContain('asbuilt_2fa_browser');
    expect(await me(body.token)).toMatchObject({ user: { id: user.id }, two_factor: true });
    expect(await sessionCount(user.id)).toBe(before + 1);
  });

  it('uses a challenge once, and not past its five minutes', async () => {
    const { user, secret } = await enrolledUser();
    const first = await passwordStep(t, user.email);
    expect((await secondStep(t, { challenge: first.challenge, code: codeOf(secret) })).statusCode).toBe(200);
    const reused = await secondStep(t, { challenge: first.challenge, code: codeOf(secret, 1) });
    expect(reused.statusCode).toBe(401);
    expect(codeOfError(reused)).toBe('two_factor_challenge_invalid');

    const second = await passwordStep(t, user.email);
    await t.db
      .update(twoFactorChallenges)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenges.user_id, user.id));
    const expired = await secondStep(t, { challenge: second.challenge, code: codeOf(secret, 1) });
    expect(expired.statusCode).toBe(401);
    expect(codeOfError(expired)).toBe('two_factor_challenge_invalid');

    const made = await secondStep(t, { challenge: 'made-up-challenge', code: codeOf(secret, 1) });
    expect(made.statusCode).toBe(401);
  });

  it('refuses a code used before, and an older one after it', async () => {
    const { user, secret } = await enrolledUser();
    const code = codeOf(secret);
    const first = await passwordStep(t, user.email);
    expect((await secondStep(t, { challenge: first.challenge, code })).statusCode).toBe(200);
    const second = await passwordStep(t, user.email);
    const reused = await secondStep(t, { challenge: second.challenge, code });
    expect(reused.statusCode).toBe(401);
    expect(codeOfError(reused)).toBe('two_factor_code_invalid');
    // The code of the step before (still within the drift) was never used, but it is older.
    expect((await secondStep(t, { challenge: second.challenge, code: codeOf(secret, -1) })).statusCode).toBe(
      401,
    );
    // The challenge survives wrong codes: the next step's code goes through.
    expect((await secondStep(t, { challenge: second.challenge, code: codeOf(secret, 1) })).statusCode).toBe(
      200,
    );
  });

  it('takes a recovery code once, however it is typed', async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const [one, two] = recoveryCodes as [string, string];
    const first = await passwordStep(t, user.email);
    expect(
      (await secondStep(t, { challenge: first.challenge, code: ` ${one.toUpperCase()} ` })).statusCode,
    ).toBe(200);
    const second = await passwordStep(t, user.email);
    const again = await secondStep(t, { challenge: second.challenge, code: one.replace('-', '') });
    expect(again.statusCode).toBe(401);
    expect(codeOfError(again)).toBe('two_factor_code_invalid');
    expect((await secondStep(t, { challenge: second.challenge, code: two })).statusCode).toBe(200);
  });

  it('refuses bad input with codes', async () => {
    const { user } = await enrolledUser();
    const { challenge } = await passwordStep(t, user.email);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '123456' }, 'two_factor_challenge_invalid'],
      [{ challenge, code: '' }, 'two_factor_code_missing'],
      [{ challenge }, 'two_factor_code_missing'],
      [{ challenge, code: 'x'.repeat(100) }, 'two_factor_code_missing'],
    ];
    for (const [body, code] of cases) {
      const response = await secondStep(t, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOfError(response)).toBe(code);
    }
    const notACode = await secondStep(t, { challenge, code: 'not a code' });
    expect(notACode.statusCode).toBe(401);
  });

  it('limits wrong codes per account as sign-in does, then per address', async () => {
    const { user, secret } = await enrolledUser();
    const ip = '198.51.100.7';
    const { challenge } = await passwordStep(t, user.email);
    const wrong = codeOf(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) {
      expect((await secondStep(t, { challenge, code: wrong }, ip)).statusCode).toBe(401);
    }
    const limited = await secondStep(t, { challenge, code: codeOf(secret) }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(codeOfError(limited)).toBe('too_many_attempts');
    // From another address the account stays closed.
    expect((await secondStep(t, { challenge, code: codeOf(secret) }, '198.51.100.8')).statusCode).toBe(429);

    // Per address: 50 wrong codes over several accounts close the address to a sixth.
    const address = '203.0.113.9';
    for (let n = 0; n < 5; n++) {
      const other = await enrolledUser();
      const step = await passwordStep(t, other.user.email);
      for (let i = 0; i < 10; i++) {
        expect((await secondStep(t, { challenge: step.challenge, code: wrong }, address)).statusCode).toBe(
          401,
        );
      }
    }
    const sixth = await enrolledUser();
    const step = await passwordStep(t, sixth.user.email);
    expect(
      (await secondStep(t, { challenge: step.challenge, code: codeOf(sixth.secret) }, address)).statusCode,
    ).toBe(429);
    expect(
      (await secondStep(t, { challenge: step.challenge, code: codeOf(sixth.secret) }, '203.0.113.10'))
        .statusCode,
    ).toBe(200);
  });

  it('remembers a browser for 30 days with a revocable cookie that skips the code', async () => {
    const { user, secret, token } = await enrolledUser();
    const { challenge } = await passwordStep(t, user.email);
    const signedIn = await secondStep(t, { challenge, code: codeOf(secret), remember: true });
    expect(signedIn.statusCode).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']);
    expect(cookie).toMatch(/^asbuilt_2fa_browser=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/admin/users/login');
    const value = cookie.split(';')[0]!;

    const remembered = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
      headers: { cookie: `other=1; ${value}` },
    });
    expect(remembered.statusCode).toBe(200);
    expect(remembered.json().token).toBeTruthy();
    // The cookie is the password's second factor, never the first.
    const wrongPassword = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: 'wrong-password' },
      headers: { cookie: value },
    });
    expect(wrongPassword.statusCode).toBe(401);

    // Someone else's cookie is worth nothing here.
    const other = await enrolledUser();
    expect((await passwordStep(t, other.user.email, { cookie: value })).two_factor_required).toBe(true);
    expect(
      (await passwordStep(t, user.email, { cookie: 'asbuilt_2fa_browser=made-up' })).two_factor_required,
    ).toBe(true);

    const forget = await t.call('DELETE', '/api/global/me/2fa/browsers', { token });
    expect(forget.statusCode).toBe(200);
    expect((await passwordStep(t, user.email, { cookie: value })).two_factor_required).toBe(true);
  });
});

describe('recovery codes and turning it off', () => {
  it('makes ten new recovery codes for a current code, and the old ones stop working', async () => {
    const { user, token, secret, recoveryCodes } = await enrolledUser();
    const missing = await t.call('POST', '/api/global/me/2fa/recovery_codes', { token, body: {} });
    expect(missing.statusCode).toBe(400);
    const wrong = await t.call('POST', '/api/global/me/2fa/recovery_codes', {
      token,
      body: { code: codeOf(secret, -1) },
    });
    expect(wrong.statusCode).toBe(400);
    const made = await t.call('POST', '/api/global/me/2fa/recovery_codes', {
      token,
      body: { code: codeOf(secret) },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.headers['cache-control']).toBe('no-store');
    const fresh: string[] = made.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    const { challenge } = await passwordStep(t, user.email);
    expect((await secondStep(t, { challenge, code: recoveryCodes[0] })).statusCode).toBe(401);
    expect((await secondStep(t, { challenge, code: fresh[0] })).statusCode).toBe(200);

    const off = await createUser(t, { tenantId });
    const offToken = await signIn(t, off.email);
    const notOn = await t.call('POST', '/api/global/me/2fa/recovery_codes', {
      token: offToken,
      body: { code: '123456' },
    });
    expect(notOn.statusCode).toBe(409);
    expect(codeOfError(notOn)).toBe('two_factor_not_enabled');
  });

  it('turns off with the password and a current code only', async () => {
    const { user, token, secret } = await enrolledUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ code: codeOf(secret) }, 'password_required'],
      [{ password: PASSWORD }, 'two_factor_code_missing'],
      [{ password: 'wrong-password', code: codeOf(secret) }, 'current_password_wrong'],
      [{ password: PASSWORD, code: codeOf(secret, -1) }, 'two_factor_code_invalid'],
    ];
    for (const [body, code] of cases) {
      const response = await t.call('DELETE', '/api/global/me/2fa', { token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOfError(response)).toBe(code);
    }
    expect(await me(token)).toMatchObject({ two_factor: true });
    const off = await t.call('DELETE', '/api/global/me/2fa', {
      token,
      body: { password: PASSWORD, code: codeOf(secret) },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await me(token)).toMatchObject({ two_factor: false });
    expect(
      (await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, user.id)))
        .length,
    ).toBe(0);
    const signedIn = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
    });
    expect(signedIn.json().token).toBeTruthy();
    const again = await t.call('DELETE', '/api/global/me/2fa', {
      token,
      body: { password: PASSWORD, code: '123456' },
    });
    expect(again.statusCode).toBe(409);
  });
});
