import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, tenants } from '../../src/db/schema.ts';
import { passwordChecks } from '../../src/platform/passwords.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD } from '../support/factories.ts';

/**
 * A sign-in answers nothing about an account beyond "these credentials open it or not": a
 * deactivated account, or one of a deactivated tenant, answers exactly as a wrong password does
 * (status, body, code), after the same work (the hash is checked), and counts as a failure.
 */

let t: TestApp;
let tenantId: number;
let ipCounter = 0;
/** Each attempt from its own address unless told, so the address limits stay out of the way. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

const signIn = (username: string, password: string, ip = freshIp()) =>
  t.call('POST', '/api/admin/users/login', { body: { username, password }, ip });

const answer = (response: Awaited<ReturnType<typeof signIn>>) => ({
  status: response.statusCode,
  body: response.json(),
});

describe('sign-in answers', () => {
  it('answers a deactivated account with the right password exactly as a wrong password', async () => {
    const active = await createUser(t, { tenantId });
    const inactive = await createUser(t, { tenantId, active: false });
    const wrong = answer(await signIn(active.email, 'wrong-pass'));
    expect(wrong).toEqual({
      status: 401,
      body: { error: 'Invalid username or password', code: 'bad_credentials' },
    });
    expect(answer(await signIn(inactive.email, PASSWORD))).toEqual(wrong);
    expect(answer(await signIn(inactive.email, 'wrong-pass'))).toEqual(wrong);
    expect(await t.db.$count(sessions, eq(sessions.user_id, inactive.id))).toBe(0);
  });

  it('answers an account of a deactivated tenant exactly as a wrong password', async () => {
    const closed = await createTenant(t);
    const member = await createUser(t, { tenantId: closed.id });
    await t.db.update(tenants).set({ tenant_status: false }).where(eq(tenants.id, closed.id));
    const wrong = answer(await signIn(member.email, 'wrong-pass'));
    expect(answer(await signIn(member.email, PASSWORD))).toEqual(wrong);
    expect(wrong.status).toBe(401);
    expect(await t.db.$count(sessions, eq(sessions.user_id, member.id))).toBe(0);
  });

  it('counts a deactivated account’s sign-ins as failures: the account locks as any other', async () => {
    const inactive = await createUser(t, { tenantId, active: false });
    for (let i = 0; i < 10; i++) expect((await signIn(inactive.email, PASSWORD)).statusCode).toBe(401);
    const locked = await signIn(inactive.email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_attempts');
  });

  it('checks the hash for a deactivated account, as for any other: the same work, the same time', async () => {
    const checksOf = async (email: string, password: string) => {
      const before = passwordChecks();
      expect((await signIn(email, password)).statusCode).toBe(401);
      return passwordChecks() - before;
    };
    const active = await createUser(t, { tenantId });
    expect(await checksOf(active.email, 'wrong-password')).toBe(1);
    const inactive = await createUser(t, { tenantId, active: false });
    expect(await checksOf(inactive.email, PASSWORD)).toBe(1);
    const closed = await createTenant(t);
    const member = await createUser(t, { tenantId: closed.id });
    await t.db.update(tenants).set({ tenant_status: false }).where(eq(tenants.id, closed.id));
    expect(await checksOf(member.email, PASSWORD)).toBe(1);
  });
});
