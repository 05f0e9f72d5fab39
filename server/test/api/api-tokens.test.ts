import { Role, SitePermission } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, apiTokens, siteAccesses, tenants, users } from '../../src/db/schema.ts';
import { MASTER_PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, grantAccess, signIn } from '../support/factories.ts';

/**
 * Personal API tokens (issue 45): a token acts as its user, never above, narrowed by its scope and
 * sites; it stops at once when revoked, expired or its user loses the right.
 */
let t: TestApp;
let tenant: { id: number };
let integrator: { id: number; email: string };
let tech: { id: number; email: string };
let integratorSession: string;
let techSession: string;
let sites: { contributed: { id: number }; read: { id: number }; none: { id: number } };

type Created = { id: number; token: string };

async function makeToken(session: string, body: Record<string, unknown>): Promise<Created> {
  const response = await t.call('POST', '/api/global/me/tokens', { token: session, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Created;
}

const siteIdsOf = (response: { json: () => unknown }) =>
  (response.json() as { sites: Array<{ id: number }> }).sites.map((s) => s.id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t);
  integrator = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
  tech = await createUser(t, { tenantId: tenant.id, role: Role.User });
  sites = {
    contributed: await createSite(t, tenant.id, 'Contributed'),
    read: await createSite(t, tenant.id, 'Read'),
    none: await createSite(t, tenant.id, 'None'),
  };
  await grantAccess(t, { siteId: sites.contributed.id, userId: tech.id, role: SitePermission.Contributor });
  await grantAccess(t, { siteId: sites.read.id, userId: tech.id, role: SitePermission.Reader });
  integratorSession = await signIn(t, integrator.email);
  techSession = await signIn(t, tech.email);
});
afterAll(() => t?.close());

describe('creating and listing tokens', () => {
  it('answers the token once, prefixed asb_, keeps only its hash, and never lists it', async () => {
    const created = await makeToken(techSession, { name: 'Monitoring', scope: 'read', expires_in_days: 30 });
    expect(created.token).toMatch(/^asb_[A-Za-z0-9_-]{43}$/);

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
    expect(row!.prefix).toBe(created.token.slice(4, 12));
    expect(row!.expires_at!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const list = await t.call('GET', '/api/global/me/tokens', { token: techSession });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token.slice(4));
    const listed = (list.json() as { tokens: Array<Record<string, unknown>> }).tokens.find(
      (token) => token.id === created.id,
    );
    expect(listed).toMatchObject({
      name: 'Monitoring',
      scope: 'read',
      site_ids: null,
      prefix: created.token.slice(4, 12),
      last_used_at: null,
      last_used_ip: null,
    });
    expect(Object.keys(listed!)).not.toContain('token');
    // Another user's list does not hold it.
    const others = await t.call('GET', '/api/global/me/tokens', { token: integratorSession });
    expect(others.body).not.toContain(`"id":${created.id},`);
  });

  it('refuses bad input with codes', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', scope: 'read' }, 'field_required'],
      [{ name: 'x', scope: 'admin' }, 'field_one_of'],
      [{ name: 'x', scope: 'read', expires_in_days: 0 }, 'field_min'],
      [{ name: 'x', scope: 'read', expires_in_days: 'soon' }, 'field_not_number'],
      [{ name: 'x', scope: 'read', site_ids: ['a'] }, 'field_not_number'],
      [{ name: 'x', scope: 'read', vault: 'maybe' }, 'field_not_boolean'],
    ];
    for (const [body, code] of cases) {
      const response = await t.call('POST', '/api/global/me/tokens', { token: techSession, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json().code)).toContain(code);
    }
  });

  it('refuses a site the user does not reach (404)', async () => {
    const response = await t.call('POST', '/api/global/me/tokens', {
      token: techSession,
      body: { name: 'x', scope: 'read', site_ids: [sites.none.id] },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('site_not_found');
  });

  it('is not made in a login-as session', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const adminSession = await signIn(t, admin.email);
    const loginAs = await t.call('POST', '/api/admin/users/loginas', {
      token: adminSession,
      body: { id: tech.id, password: MASTER_PASSWORD },
    });
    expect(loginAs.statusCode, loginAs.body).toBe(200);
    const response = await t.call('POST', '/api/global/me/tokens', {
      token: loginAs.json().token,
      body: { name: 'x', scope: 'read' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('api_token_not_allowed');
  });
});

describe('a token acts as its user, never above', () => {
  it('sees what the user sees and is refused what the user is refused', async () => {
    const { token } = await makeToken(techSession, { name: 'rw', scope: 'read_write' });
    const bySession = await t.call('GET', '/api/site/index', { token: techSession });
    const byToken = await t.call('GET', '/api/site/index', { token });
    expect(byToken.statusCode).toBe(200);
    expect(siteIdsOf(byToken)).toEqual(siteIdsOf(bySession));
    expect(siteIdsOf(byToken)).toEqual([sites.contributed.id, sites.read.id].sort((a, b) => a - b));

    expect((await t.call('GET', `/api/site/sites?id=${sites.none.id}`, { token })).statusCode).toBe(404);
    const readerWrite = await t.call('POST', '/api/site/floors', {
      token,
      body: { site_id: sites.read.id, name: 'Ground' },
    });
    expect(readerWrite.statusCode).toBe(403);
    expect(readerWrite.json().code).toBe('site_access_too_low');
    const write = await t.call('POST', '/api/site/floors', {
      token,
      body: { site_id: sites.contributed.id, name: 'Ground' },
    });
    expect(write.statusCode, write.body).toBe(200);
    expect((await t.call('GET', '/api/admin/tokens', { token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/tenant/users', { token })).statusCode).toBe(403);
  });

  it('writes are logged as made by the token', async () => {
    const { token } = await makeToken(integratorSession, { name: 'Importer', scope: 'read_write' });
    const response = await t.call('POST', '/api/site/floors', {
      token,
      body: { site_id: sites.none.id, name: 'Roof' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await t.db.select().from(activityLogs).where(eq(activityLogs.object_name, 'Roof'));
    expect(entry!.user_id).toBe(integrator.id);
    expect(entry!.user_name).toContain('API token “Importer”');
  });
});

describe('a read token', () => {
  it('reads, including the calls that read with POST, and is refused every write', async () => {
    const { token } = await makeToken(integratorSession, { name: 'ro', scope: 'read' });
    expect((await t.call('GET', `/api/site/sites?id=${sites.read.id}`, { token })).statusCode).toBe(200);
    const permission = await t.call('POST', '/api/site/permission', { token, body: { id: sites.read.id } });
    expect(permission.statusCode, permission.body).toBe(200);
    const write = await t.call('POST', '/api/site/floors', {
      token,
      body: { site_id: sites.read.id, name: 'F' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('api_token_read_only');
  });

  it('gets 403 on every call of the route table that writes', async () => {
    const { READING_POSTS } = await import('../../src/platform/api-token-routes.ts');
    const { routeTable } = await import('../support/matrix/public-calls.ts');
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const { token } = await makeToken(await signIn(t, admin.email), { name: 'ro', scope: 'read' });
    const writes = routeTable(t.app.swagger()).filter(
      (key) => !key.startsWith('GET ') && !READING_POSTS.has(key as never),
    );
    expect(writes.length).toBeGreaterThan(50);
    for (const key of writes) {
      const [method, path] = key.split(' ') as [string, string];
      const response = await t.call(method as 'POST', path, { token, body: {} });
      expect(response.statusCode, key).toBe(403);
      expect(['api_token_read_only', 'api_token_not_allowed'], key).toContain(response.json().code);
    }
  });
});

describe('a site-limited token', () => {
  it('sees only its sites, in lists and search, and 404 elsewhere', async () => {
    const { token } = await makeToken(integratorSession, {
      name: 'one site',
      scope: 'read_write',
      site_ids: [sites.read.id],
    });
    expect(siteIdsOf(await t.call('GET', '/api/site/index', { token }))).toEqual([sites.read.id]);
    expect((await t.call('GET', `/api/site/sites?id=${sites.read.id}`, { token })).statusCode).toBe(200);
    for (const other of [sites.contributed.id, sites.none.id]) {
      const response = await t.call('GET', `/api/site/sites?id=${other}`, { token });
      expect(response.statusCode).toBe(404);
      const write = await t.call('POST', '/api/site/floors', { token, body: { site_id: other, name: 'X' } });
      expect(write.statusCode).toBe(404);
    }
    const search = await t.call('GET', '/api/global/search?q=Contributed', { token });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.body).not.toContain(`"site_id":${sites.contributed.id}`);
    const searchRead = await t.call('GET', '/api/global/search?q=Read', { token });
    expect(searchRead.body).toContain('Read');
    const sessionSearch = await t.call('GET', '/api/global/search?q=Contributed', {
      token: integratorSession,
    });
    expect(sessionSearch.body).toContain(`"site_id":${sites.contributed.id}`);

    const logs = await t.call('POST', '/api/tenant/filter_logs', { token, body: {} });
    expect(logs.statusCode, logs.body).toBe(200);
    for (const entry of (logs.json() as { logs: Array<{ site_id: number | null }> }).logs)
      expect(entry.site_id).toBe(sites.read.id);
  });
});

describe('a token stops at once', () => {
  it('when revoked, expired, its user deactivated, its tenant deactivated (401)', async () => {
    const user = await createUser(t, { tenantId: tenant.id, role: Role.Integrator });
    const session = await signIn(t, user.email);
    const expect401 = async (token: string) => {
      const response = await t.call('GET', '/api/site/index', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('api_token_invalid');
    };

    const revoked = await makeToken(session, { name: 'r', scope: 'read' });
    expect((await t.call('GET', '/api/site/index', { token: revoked.token })).statusCode).toBe(200);
    const revoke = await t.call('DELETE', `/api/global/me/tokens?id=${revoked.id}`, { token: session });
    expect(revoke.statusCode).toBe(200);
    await expect401(revoked.token);
    const listed = await t.call('GET', '/api/global/me/tokens', { token: session });
    expect(listed.body).not.toContain(`"id":${revoked.id},`);

    const expired = await makeToken(session, { name: 'e', scope: 'read', expires_in_days: 1 });
    await t.db
      .update(apiTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    await expect401(expired.token);

    await expect401('asb_unknown-token-that-was-never-made-aaaaaaaaaaaaa');

    const deactivated = await makeToken(session, { name: 'd', scope: 'read' });
    await t.db.update(users).set({ user_status: false }).where(eq(users.id, user.id));
    await expect401(deactivated.token);
    await t.db.update(users).set({ user_status: true }).where(eq(users.id, user.id));
    expect((await t.call('GET', '/api/site/index', { token: deactivated.token })).statusCode).toBe(200);

    const otherTenant = await createTenant(t);
    const outsider = await createUser(t, { tenantId: otherTenant.id, role: Role.Integrator });
    const outsiderToken = await makeToken(await signIn(t, outsider.email), { name: 't', scope: 'read' });
    await t.db.update(tenants).set({ tenant_status: false }).where(eq(tenants.id, otherTenant.id));
    await expect401(outsiderToken.token);
  });

  it('loses a site when its user loses the access', async () => {
    const user = await createUser(t, { tenantId: tenant.id, role: Role.User });
    const access = await grantAccess(t, {
      siteId: sites.read.id,
      userId: user.id,
      role: SitePermission.Reader,
    });
    const { token } = await makeToken(await signIn(t, user.email), { name: 'a', scope: 'read' });
    expect((await t.call('GET', `/api/site/sites?id=${sites.read.id}`, { token })).statusCode).toBe(200);
    await t.db.update(siteAccesses).set({ active: false }).where(eq(siteAccesses.id, access.id));
    expect((await t.call('GET', `/api/site/sites?id=${sites.read.id}`, { token })).statusCode).toBe(404);
    expect(siteIdsOf(await t.call('GET', '/api/site/index', { token }))).toEqual([]);
  });
});

describe('what no token may do', () => {
  it('create tokens, change a password or e-mail, login-as, sign out, set a password on the user card', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const { token } = await makeToken(await signIn(t, admin.email), { name: 'all', scope: 'read_write' });
    const refused: Array<[string, string, unknown]> = [
      ['POST', '/api/global/me/tokens', { name: 'x', scope: 'read' }],
      ['DELETE', '/api/global/me/tokens?id=1', undefined],
      ['DELETE', '/api/admin/tokens?id=1', undefined],
      ['POST', '/api/tenant/users/change_password', { oldPass: 'secret123', newPass: 'another-pass-1' }],
      ['POST', '/api/global/email/change', { email: 'new@example.test', password: 'secret123' }],
      ['POST', '/api/admin/users/loginas', { id: tech.id, password: MASTER_PASSWORD }],
      ['POST', '/api/admin/users/logout', undefined],
      ['PUT', '/api/admin/users', { id: tech.id, password: 'another-pass-1' }],
      ['PUT', '/api/tenant/users', { id: tech.id, password: 'another-pass-1' }],
      ['POST', '/api/admin/users/send_reset_link', { id: tech.id }],
    ];
    for (const [method, url, body] of refused) {
      const response = await t.call(method as 'POST', url, { token, body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code, `${method} ${url}`).toBe('api_token_not_allowed');
    }
    // The second factor and the calendar feed's secret link, whatever calls they have.
    const { routeTable } = await import('../support/matrix/public-calls.ts');
    const accountCalls = routeTable(t.app.swagger()).filter((key) =>
      /^[A-Z]+ \/api\/global\/me\/(2fa|calendar)(\/|$)/.test(key),
    );
    for (const key of accountCalls) {
      const [method, path] = key.split(' ') as [string, string];
      const response = await t.call(method as 'POST', path, { token, body: {} });
      expect(response.statusCode, key).toBe(403);
      expect(response.json().code, key).toBe('api_token_not_allowed');
    }
    // The token still works: nothing above signed it out.
    expect((await t.call('GET', '/api/global/me', { token })).statusCode).toBe(200);
  });
});

describe('the vault scope', () => {
  it('reveals passwords only with the vault scope, each reveal logged as by the token', async () => {
    const created = await t.call('POST', '/api/site/secrets', {
      token: integratorSession,
      body: { site_id: sites.read.id, name: 'Router', password: 'router-pass-1' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { secret: { id: number } }).secret.id;

    const plain = await makeToken(integratorSession, { name: 'no vault', scope: 'read_write' });
    const refused = await t.call('POST', '/api/site/secrets/reveal', { token: plain.token, body: { id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('api_token_vault_scope');
    expect(refused.body).not.toContain('router-pass-1');

    const vault = await makeToken(integratorSession, { name: 'Vault reader', scope: 'read', vault: true });
    const revealed = await t.call('POST', '/api/site/secrets/reveal', { token: vault.token, body: { id } });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toMatchObject({ password: 'router-pass-1' });
    const entries = await t.db.select().from(activityLogs).where(eq(activityLogs.object_id, id));
    const reveal = entries.find((entry) => entry.action === 'revealed');
    expect(reveal?.user_name).toContain('API token “Vault reader”');
    // A vault token of a user below Contributor still gets nothing.
    const low = await makeToken(techSession, { name: 'low vault', scope: 'read', vault: true });
    const lowReveal = await t.call('POST', '/api/site/secrets/reveal', { token: low.token, body: { id } });
    expect(lowReveal.statusCode).toBe(403);
  });
});

describe('last use', () => {
  it('is recorded with the address, written at most once a minute', async () => {
    const created = await makeToken(techSession, { name: 'used', scope: 'read' });
    await t.call('GET', '/api/global/me', { token: created.token, ip: '203.0.113.7' });
    const list = await t.call('GET', '/api/global/me/tokens', { token: techSession });
    const listed = (
      list.json() as { tokens: Array<{ id: number; last_used_at: string; last_used_ip: string }> }
    ).tokens.find((token) => token.id === created.id)!;
    expect(listed.last_used_ip).toBe('203.0.113.7');
    expect(Date.now() - new Date(listed.last_used_at).getTime()).toBeLessThan(60_000);

    const statements = await t.statements(() =>
      t.call('GET', '/api/global/me', { token: created.token, ip: '203.0.113.8' }),
    );
    expect(statements.filter((s) => /^update "api_tokens"/i.test(s))).toEqual([]);
  });
});

describe('revoking', () => {
  it("answers 404 for another user's token and for one already revoked", async () => {
    const mine = await makeToken(techSession, { name: 'mine', scope: 'read' });
    const other = await t.call('DELETE', `/api/global/me/tokens?id=${mine.id}`, { token: integratorSession });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('api_token_not_found');
    expect((await t.call('GET', '/api/global/me', { token: mine.token })).statusCode).toBe(200);
    expect(
      (await t.call('DELETE', `/api/global/me/tokens?id=${mine.id}`, { token: techSession })).statusCode,
    ).toBe(200);
    expect(
      (await t.call('DELETE', `/api/global/me/tokens?id=${mine.id}`, { token: techSession })).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', '/api/global/me/tokens?id=abc', { token: techSession })).statusCode).toBe(
      400,
    );
  });
});

describe('the tenant policy', () => {
  it('lets an Integrator forbid tokens without expiry', async () => {
    const policyTenant = await createTenant(t);
    const boss = await createUser(t, { tenantId: policyTenant.id, role: Role.Integrator });
    const owner = await createUser(t, { tenantId: policyTenant.id, role: Role.BuildingOwner });
    const worker = await createUser(t, { tenantId: policyTenant.id, role: Role.User });
    const bossSession = await signIn(t, boss.email);
    const workerSession = await signIn(t, worker.email);

    const read = await t.call('GET', '/api/tenant/token_policy', { token: workerSession });
    expect(read.json()).toEqual({
      policy: { tenant_id: policyTenant.id, require_expiry: false, can_edit: false },
    });
    for (const session of [workerSession, await signIn(t, owner.email)]) {
      const refused = await t.call('PUT', '/api/tenant/token_policy', {
        token: session,
        body: { require_expiry: true },
      });
      expect(refused.statusCode).toBe(403);
    }
    const foreign = await t.call('PUT', '/api/tenant/token_policy', {
      token: integratorSession,
      body: { require_expiry: true, tenant_id: policyTenant.id },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.call('PUT', '/api/tenant/token_policy', {
      token: bossSession,
      body: { require_expiry: 'x' },
    });
    expect(bad.statusCode).toBe(400);

    const set = await t.call('PUT', '/api/tenant/token_policy', {
      token: bossSession,
      body: { require_expiry: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().policy.require_expiry).toBe(true);

    const none = await t.call('POST', '/api/global/me/tokens', {
      token: workerSession,
      body: { name: 'forever', scope: 'read' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('api_token_expiry_required');
    await makeToken(workerSession, { name: 'a year', scope: 'read', expires_in_days: 365 });
    // Other tenants keep their own rule.
    await makeToken(techSession, { name: 'forever', scope: 'read' });
  });
});

describe('the Super Admin', () => {
  it('lists every token with its owner and revokes any', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const adminSession = await signIn(t, admin.email);
    const victim = await makeToken(techSession, { name: 'Leaked', scope: 'read' });

    const list = await t.call('GET', '/api/admin/tokens?limit=500', { token: adminSession });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain(victim.token.slice(4));
    const body = list.json() as { tokens: Array<Record<string, unknown>>; total: number };
    expect(body.total).toBeGreaterThanOrEqual(body.tokens.length);
    expect(body.tokens.find((token) => token.id === victim.id)).toMatchObject({
      name: 'Leaked',
      scope: 'read',
      user: { id: tech.id, email: tech.email },
      tenant: { id: tenant.id },
    });
    for (const session of [integratorSession, techSession]) {
      expect((await t.call('GET', '/api/admin/tokens', { token: session })).statusCode).toBe(403);
      expect(
        (await t.call('DELETE', `/api/admin/tokens?id=${victim.id}`, { token: session })).statusCode,
      ).toBe(403);
    }
    const revoked = await t.call('DELETE', `/api/admin/tokens?id=${victim.id}`, { token: adminSession });
    expect(revoked.statusCode).toBe(200);
    expect((await t.call('GET', '/api/global/me', { token: victim.token })).statusCode).toBe(401);
    expect(
      (await t.call('DELETE', `/api/admin/tokens?id=${victim.id}`, { token: adminSession })).statusCode,
    ).toBe(404);
    expect((await t.call('GET', '/api/admin/tokens?limit=0', { token: adminSession })).statusCode).toBe(400);
  });
});
