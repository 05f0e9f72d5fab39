import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, users } from '../../src/db/schema.ts';
import { actorForToken } from '../../src/platform/sessions.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

describe('PUT /api/tenant/users (own profile)', () => {
  it('updates the profile (the e-mail only in its case; a new one goes through its confirmation); the change is logged', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const response = await t.call('PUT', '/api/tenant/users', {
      token,
      body: {
        id: user.id,
        email: user.email.toUpperCase(),
        fname: 'Nora',
        lname: 'Peeters',
        phone1: '+32 2 555 01 01',
        phone2: '',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      email: user.email.toLowerCase(),
      username: user.email.toLowerCase(),
      fname: 'Nora',
      phone1: '+32 2 555 01 01',
      phone2: null,
      pending_email: null,
    });
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.user_id, user.id));
    expect(logs.map((l) => l.note)).toContain('Profile updated');
    const moved = await t.call('PUT', '/api/tenant/users', {
      token,
      body: { id: user.id, email: 'New.Address@Example.test', fname: 'Nora', lname: 'Peeters' },
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().code).toBe('email_change_needs_confirmation');
  });

  it('ignores another tenant_id, keeps the role and state as they are, refuses to change them (403)', async () => {
    const user = await createUser(t, { tenantId, role: Role.User });
    const token = await signIn(t, user.email);
    const same = await t.call('PUT', '/api/tenant/users', {
      token,
      body: { email: user.email, fname: 'A', lname: 'B', role: Role.User, tenant_id: 1, user_status: true },
    });
    expect(same.statusCode).toBe(200);
    for (const [change, code] of [
      [{ role: 5 }, 'own_role_unchangeable'],
      [{ user_status: false }, 'own_status_unchangeable'],
    ] as const) {
      const response = await t.call('PUT', '/api/tenant/users', {
        token,
        body: { email: user.email, fname: 'A', lname: 'B', ...change },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(code);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: Role.User, tenant_id: tenantId, user_status: true });
  });

  it("refuses to edit another user's profile with 403", async () => {
    const user = await createUser(t, { tenantId });
    const other = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const response = await t.call('PUT', '/api/tenant/users', {
      token,
      body: { id: other.id, email: 'x@example.test', fname: 'A', lname: 'B' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses another account’s e-mail through the profile form (403), keeping the address', async () => {
    const user = await createUser(t, { tenantId });
    const other = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const response = await t.call('PUT', '/api/tenant/users', {
      token,
      body: { email: other.email.toUpperCase(), fname: 'A', lname: 'B' },
    });
    expect(response.statusCode).toBe(403);
    const me = await t.call('GET', '/api/global/me', { token });
    expect(me.json().user.email).toBe(user.email);
  });

  it('refuses bad input with one message per problem', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const response = await t.call('PUT', '/api/tenant/users', {
      token,
      body: { email: 'nope', fname: '', lname: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(['Enter a valid email address', 'Required.', 'Required.']);
  });

  it('needs a session', async () => {
    const response = await t.call('PUT', '/api/tenant/users', {
      body: { email: 'a@b.test', fname: 'A', lname: 'B' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/tenant/users/change_password', () => {
  it('changes the password and ends every session of the account', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const otherDevice = await signIn(t, user.email);
    const response = await t.call('POST', '/api/tenant/users/change_password', {
      token,
      body: { id: user.id, oldPass: PASSWORD, newPass: 'changed-pass' },
    });
    expect(response.statusCode).toBe(200);
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/global/me', { token: otherDevice })).statusCode).toBe(401);
    await signIn(t, user.email, 'changed-pass');
  });

  it('refuses a wrong old password and keeps the sessions', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const response = await t.call('POST', '/api/tenant/users/change_password', {
      token,
      body: { oldPass: 'not-my-pass', newPass: 'changed-pass' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The old password is not correct');
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(200);
  });

  it.each([
    [{ newPass: 'changed-pass' }, 'Required.'],
    [{ oldPass: PASSWORD, newPass: '123' }, 'Min 6 characters'],
  ])('refuses %j with "%s"', async (body, message) => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const response = await t.call('POST', '/api/tenant/users/change_password', { token, body });
    expect(response.statusCode).toBe(400);
    expect([response.json().error].flat()).toContain(message);
  });

  it('checks the old password against the stored one; the session carries no password hash', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const actor = await actorForToken(t.db, token, 24);
    expect(actor?.user.email).toBe(user.email);
    expect(actor?.user).not.toHaveProperty('password_hash');
    const response = await t.call('POST', '/api/tenant/users/change_password', {
      token,
      body: { oldPass: PASSWORD, newPass: 'changed-pass' },
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses to change another user's password", async () => {
    const user = await createUser(t, { tenantId, role: Role.Integrator });
    const other = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const response = await t.call('POST', '/api/tenant/users/change_password', {
      token,
      body: { id: other.id, oldPass: PASSWORD, newPass: 'changed-pass' },
    });
    expect(response.statusCode).toBe(403);
  });
});
