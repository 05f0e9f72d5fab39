import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, tenants, users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser, PASSWORD, signIn } from '../support/factories.ts';

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t?.close());

describe('POST /api/admin/users/login', () => {
  it('signs in by e-mail, case-insensitively, and never returns the password hash', async () => {
    const user = await createUser(t, { tenantId, email: 'Mixed.Case@Example.test' });
    const response = await t.call('POST', '/api/admin/users/login', {
      body: { username: 'MIXED.case@example.TEST', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.id, email: 'Mixed.Case@Example.test', tenant_id: tenantId });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('accepts a url-encoded form as the specification sends it', async () => {
    const user = await createUser(t, { tenantId });
    const response = await t.call('POST', '/api/admin/users/login', {
      body: new URLSearchParams({ username: user.email, password: PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('accepts a multipart form too', async () => {
    const user = await createUser(t, { tenantId });
    const boundary = '----asbuilt-test-boundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const response = await t.call('POST', '/api/admin/users/login', {
      body: `${part('username', user.email)}${part('password', PASSWORD)}--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('answers the same for an unknown user and a wrong password', async () => {
    const user = await createUser(t, { tenantId });
    const wrong = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: 'wrong-pass' },
    });
    const unknown = await t.call('POST', '/api/admin/users/login', {
      body: { username: 'nobody@example.test', password: 'wrong-pass' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid username or password', code: 'bad_credentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    [{ password: 'secret123' }, 'Username is required'],
    [{ username: '  ', password: 'secret123' }, 'Username is required'],
    [{ username: 'a@b.c' }, 'Password is required'],
    [{ username: 'a@b.c', password: '' }, 'Password is required'],
    [{ username: 'a@b.c', password: '12345' }, 'Min 6 characters'],
  ])('refuses %j with "%s"', async (body, message) => {
    const response = await t.call('POST', '/api/admin/users/login', { body });
    expect(response.statusCode).toBe(400);
    expect([response.json().error].flat()).toContain(message);
  });

  it('refuses a deactivated user and a deactivated tenant even with the right password', async () => {
    const inactive = await createUser(t, { tenantId, active: false });
    const first = await t.call('POST', '/api/admin/users/login', {
      body: { username: inactive.email, password: PASSWORD },
    });
    // As a wrong password answers: the answer tells nothing of the account (sign-in-answers.test.ts).
    expect(first.statusCode).toBe(401);
    expect(first.json().code).toBe('bad_credentials');

    const closedTenant = await createTenant(t);
    const member = await createUser(t, { tenantId: closedTenant.id });
    await t.db.update(tenants).set({ tenant_status: false }).where(eq(tenants.id, closedTenant.id));
    const second = await t.call('POST', '/api/admin/users/login', {
      body: { username: member.email, password: PASSWORD },
    });
    expect(second.statusCode).toBe(401);
  });

  it('locks an account after 10 failures, even for the right password, with Retry-After', async () => {
    const user = await createUser(t, { tenantId });
    for (let i = 0; i < 10; i++) {
      const response = await t.call('POST', '/api/admin/users/login', {
        body: { username: user.email, password: 'wrong-pass' },
        ip: '10.0.0.1',
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
      ip: '10.0.0.2',
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().error).toMatch(/Too many attempts/);
  });

  it('limits one address to 50 failures across accounts', async () => {
    const ip = '10.0.0.50';
    for (let i = 0; i < 50; i++) {
      const response = await t.call('POST', '/api/admin/users/login', {
        body: { username: `spray${i}@example.test`, password: 'wrong-pass' },
        ip,
      });
      expect(response.statusCode).toBe(401);
    }
    const user = await createUser(t, { tenantId });
    const blocked = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
      ip,
    });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
      ip: '10.0.0.51',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('does not count successful sign-ins as failures', async () => {
    const user = await createUser(t, { tenantId });
    for (let i = 0; i < 12; i++) await signIn(t, user.email);
    const response = await t.call('POST', '/api/admin/users/login', {
      body: { username: user.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it("clears the account's failures when its owner signs in", async () => {
    const user = await createUser(t, { tenantId });
    const attempt = (password: string) =>
      t.call('POST', '/api/admin/users/login', { body: { username: user.email, password }, ip: '10.0.3.1' });
    for (let i = 0; i < 9; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401);
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
    // Nine more failures would make eighteen, and lock the account, had the sign-in not cleared them.
    for (let i = 0; i < 9; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401);
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
  });

  it('limits one address to 60 sign-ins a minute, and counts each sign-in once', async () => {
    const user = await createUser(t, { tenantId });
    const from = (ip: string) =>
      t.call('POST', '/api/admin/users/login', { body: { username: user.email, password: PASSWORD }, ip });
    for (let i = 0; i < 60; i++) expect((await from('10.0.4.1')).statusCode).toBe(200);
    const refused = await from('10.0.4.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.0.4.2')).statusCode).toBe(200);
    expect(await t.db.$count(sessions, eq(sessions.user_id, user.id))).toBe(61);
  });
});

describe('sessions', () => {
  it('GET /api/global/me answers the signed-in user, and 401 without or with a bad token', async () => {
    const user = await createUser(t, { tenantId, role: Role.Integrator });
    const token = await signIn(t, user.email);
    const me = await t.call('GET', '/api/global/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: user.id, role: Role.Integrator });

    expect((await t.call('GET', '/api/global/me')).statusCode).toBe(401);
    const bad = await t.call('GET', '/api/global/me', { token: 'not-a-real-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toMatch(/session has ended/);
  });

  it('stores tokens hashed, never in clear', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    const rows = await t.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sign-out revokes the token and only that one', async () => {
    const user = await createUser(t, { tenantId });
    const first = await signIn(t, user.email);
    const second = await signIn(t, user.email);
    const out = await t.call('POST', '/api/admin/users/logout', { token: first });
    expect(out.statusCode).toBe(200);
    expect((await t.call('GET', '/api/global/me', { token: first })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/global/me', { token: second })).statusCode).toBe(200);
  });

  it('refuses a session at once when its user or tenant is deactivated', async () => {
    const tenant = await createTenant(t);
    const user = await createUser(t, { tenantId: tenant.id });
    const colleague = await createUser(t, { tenantId: tenant.id });
    const token = await signIn(t, user.email);
    const colleagueToken = await signIn(t, colleague.email);

    await t.db.update(users).set({ user_status: false }).where(eq(users.id, user.id));
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/global/me', { token: colleagueToken })).statusCode).toBe(200);

    await t.db.update(tenants).set({ tenant_status: false }).where(eq(tenants.id, tenant.id));
    expect((await t.call('GET', '/api/global/me', { token: colleagueToken })).statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const user = await createUser(t, { tenantId });
    const token = await signIn(t, user.email);
    await t.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, user.id));
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(401);
  });

  it('ends a session left idle longer than SESSION_IDLE_HOURS, and keeps one in use alive', async () => {
    const idleHours = t.ctx.config.sessionIdleHours;
    const [idle, busy] = [await createUser(t, { tenantId }), await createUser(t, { tenantId })];
    const idleToken = await signIn(t, idle.email);
    const busyToken = await signIn(t, busy.email);
    const longAgo = new Date(Date.now() - (idleHours * 3_600_000 + 60_000));
    const aWhileAgo = new Date(Date.now() - (idleHours * 3_600_000 - 60_000));
    await t.db.update(sessions).set({ last_seen_at: longAgo }).where(eq(sessions.user_id, idle.id));
    await t.db.update(sessions).set({ last_seen_at: aWhileAgo }).where(eq(sessions.user_id, busy.id));

    const ended = await t.call('GET', '/api/global/me', { token: idleToken });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('session_ended');
    // Used just in time: the call counts as activity and moves the idle limit on.
    expect((await t.call('GET', '/api/global/me', { token: busyToken })).statusCode).toBe(200);
    const [seen] = await t.db.select().from(sessions).where(eq(sessions.user_id, busy.id));
    expect(Date.now() - seen!.last_seen_at.getTime()).toBeLessThan(60_000);
  });
});

describe('platform', () => {
  it('GET /api/health reports the database reachable', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true });
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const response = await t.call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/admin/users/login');
  });

  it('compresses large answers for clients that accept gzip', async () => {
    const response = await t.call('GET', '/api/docs/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers an unknown call with 404 and an error field', async () => {
    const response = await t.call('GET', '/api/nothing/here');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/No such call/);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.call('POST', '/api/admin/users/login', {
      body: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });
});

describe('sign-in limits behind a proxy', () => {
  const failFrom = (app: TestApp, username: string, ip: string, forwardedFor: string) =>
    app.call('POST', '/api/admin/users/login', {
      body: { username, password: 'wrong-pass' },
      ip,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy, so the header cannot dodge a limit', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 50; i++) {
      expect((await failFrom(t, `dodge${i}@example.test`, ip, `198.51.100.${i}`)).statusCode).toBe(401);
    }
    expect((await failFrom(t, 'dodge-last@example.test', ip, '198.51.100.200')).statusCode).toBe(429);
  });

  it('counts each client behind a trusted proxy apart', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: '10.0.2.1' });
    try {
      const proxy = '10.0.2.1';
      for (let i = 0; i < 50; i++) {
        expect((await failFrom(proxied, `spray${i}@example.test`, proxy, '203.0.113.7')).statusCode).toBe(
          401,
        );
      }
      expect((await failFrom(proxied, 'spray-last@example.test', proxy, '203.0.113.7')).statusCode).toBe(429);
      const user = await createUser(proxied, { tenantId: (await createTenant(proxied)).id });
      const neighbour = await proxied.call('POST', '/api/admin/users/login', {
        body: { username: user.email, password: PASSWORD },
        ip: proxy,
        headers: { 'x-forwarded-for': '203.0.113.8' },
      });
      expect(neighbour.statusCode).toBe(200);
      // An address that is not the proxy is taken as the client, whatever it forwards.
      expect((await failFrom(proxied, 'spray-last@example.test', '10.0.2.9', '203.0.113.7')).statusCode).toBe(
        401,
      );
    } finally {
      await proxied.close();
    }
  });
});
