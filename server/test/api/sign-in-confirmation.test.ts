import { randomBytes } from 'node:crypto';
import { RECENT_SIGN_IN_MINUTES, Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, sessions, userTwoFactor } from '../../src/db/schema.ts';
import { hashToken } from '../../src/platform/tokens.ts';
import type { TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';
import type { TestProvider } from '../support/oidc.ts';
import { configureSso, signInThrough, startSsoApp } from '../support/sso.ts';
import { awayFromStepEdge, codeOf, enrol } from '../support/two-factor.ts';

/**
 * What confirms removing a passkey or turning two-factor sign-in off: the password, or for an
 * account made by single sign-on (which has none) a sign-in through the provider or a passkey
 * within RECENT_SIGN_IN_MINUTES, by the session making the call.
 */

let t: TestApp;
let op: TestProvider;
let tenantId: number;
const domain = 'confirm-sso.test';
let accounts = 0;

const codeOfAnswer = (response: { json: () => unknown }) => (response.json() as { code?: string }).code;

/** A user of the tenant without a password, known to the provider. */
async function ssoUser() {
  const id = `user-${++accounts}`;
  const user = await createUser(t, { tenantId, email: `${id}@${domain}`, password: null });
  op.accounts.set(id, { email: user.email, email_verified: true });
  return { user, accountId: id };
}

/** A sign-in through the provider; answers the exchange's answer. */
async function throughProvider(email: string, accountId: string) {
  const { exchanged } = await signInThrough(t, op, email, accountId);
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  return exchanged.json() as { token?: string; challenge?: string };
}

async function ssoSignIn(email: string, accountId: string): Promise<string> {
  const answer = await throughProvider(email, accountId);
  expect(answer.token).toBeTruthy();
  return answer.token!;
}

/** Makes the session's sign-in older than the window. */
async function age(token: string, minutes = RECENT_SIGN_IN_MINUTES + 1) {
  await t.db
    .update(sessions)
    .set({ created_at: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.token_hash, hashToken(token)));
}

async function addPasskey(userId: number, name = 'Laptop') {
  const [row] = await t.db
    .insert(passkeys)
    .values({
      user_id: userId,
      name,
      credential_id: randomBytes(16).toString('base64url'),
      public_key: randomBytes(32).toString('base64url'),
      user_handle: randomBytes(16).toString('base64url'),
    })
    .returning();
  return row!.id;
}

const removePasskey = (token: string, id: number, body: Record<string, unknown> = {}) =>
  t.call('DELETE', `/api/global/me/passkeys?id=${id}`, { token, body });
const turnOff = (token: string, body: Record<string, unknown>) =>
  t.call('DELETE', '/api/global/me/2fa', { token, body });
const confirmation = async (token: string) =>
  (await t.call('GET', '/api/global/me/sessions/confirmation', { token })).json() as {
    method: string;
    recent_until: string | null;
  };

beforeAll(async () => {
  ({ t, op } = await startSsoApp());
  tenantId = (await createTenant(t)).id;
  const integrator = await signIn(t, (await createUser(t, { tenantId, role: Role.Integrator })).email);
  const configured = await configureSso(t, op, integrator, { domains: [domain] });
  expect(configured.statusCode, configured.body).toBe(200);
}, 180_000);
afterAll(async () => {
  await op?.close();
  await t?.close();
});

describe('removing a passkey', () => {
  it('takes a recent sign-in from an account without a password, never a stale one', async () => {
    const { user, accountId } = await ssoUser();
    const token = await ssoSignIn(user.email, accountId);
    const fresh = await confirmation(token);
    expect(fresh.method).toBe('recent_sign_in');
    expect(new Date(fresh.recent_until!).getTime()).toBeGreaterThan(Date.now());

    const first = await addPasskey(user.id, 'Laptop');
    const removed = await removePasskey(token, first);
    expect(removed.statusCode, removed.body).toBe(200);

    const second = await addPasskey(user.id, 'Phone');
    await age(token);
    expect((await confirmation(token)).recent_until).toBeNull();
    for (const body of [{}, { password: PASSWORD }]) {
      const stale = await removePasskey(token, second, body);
      expect(stale.statusCode, stale.body).toBe(403);
      expect(codeOfAnswer(stale)).toBe('recent_sign_in_required');
    }
    expect(await t.db.select().from(passkeys).where(eq(passkeys.id, second))).toHaveLength(1);

    // Signing in again through the provider confirms it.
    const again = await ssoSignIn(user.email, accountId);
    expect((await removePasskey(again, second)).statusCode).toBe(200);
  });

  it('still takes the password from an account that has one', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    expect(await confirmation(token)).toEqual({ method: 'password', recent_until: null });
    const id = await addPasskey(user.id);
    const none = await removePasskey(token, id);
    expect(none.statusCode).toBe(400);
    expect(codeOfAnswer(none)).toBe('password_required');
    const wrong = await removePasskey(token, id, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(codeOfAnswer(wrong)).toBe('current_password_wrong');
    expect((await removePasskey(token, id, { password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('turning two-factor sign-in off', () => {
  it('takes a recent sign-in and a code from an account without a password', async () => {
    const { user, accountId } = await ssoUser();
    const token = await ssoSignIn(user.email, accountId);
    const { secret } = await enrol(t, token);
    await age(token);
    await awayFromStepEdge();
    const stale = await turnOff(token, { code: codeOf(secret) });
    expect(stale.statusCode, stale.body).toBe(403);
    expect(codeOfAnswer(stale)).toBe('recent_sign_in_required');

    // A new sign-in through the provider, its second step passed with the next code.
    const { challenge } = await throughProvider(user.email, accountId);
    expect(challenge).toBeTruthy();
    await awayFromStepEdge();
    const stepped = await t.call('POST', '/api/admin/users/login/2fa', {
      body: { challenge, code: codeOf(secret) },
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    const fresh = stepped.json().token as string;
    const off = await turnOff(fresh, { code: codeOf(secret, 1) });
    expect(off.statusCode, off.body).toBe(200);
    expect(await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.user_id, user.id))).toHaveLength(0);
  }, 120_000);

  it('still takes the password from an account that has one', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const { secret } = await enrol(t, token);
    await awayFromStepEdge();
    const none = await turnOff(token, { code: codeOf(secret) });
    expect(none.statusCode).toBe(400);
    expect(codeOfAnswer(none)).toBe('password_required');
  });
});
