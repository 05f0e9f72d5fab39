import { Role, type UserDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser, signIn } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * No one creates, edits, deactivates, deletes or changes the role of a user whose role is above
 * their own, nor gives a role above their own (ARCHITECTURE.md, "Roles and site permission").
 */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

let sequence = 0;
const newUser = (role: number) => ({
  email: `ranked.${++sequence}.${Math.random().toString(36).slice(2, 6)}@example.test`,
  password: 'secret-123',
  fname: 'Rank',
  lname: 'Test',
  role,
});
const codeOf = (response: { json: () => unknown }) => (response.json() as { code: unknown }).code;

describe('roles above one’s own', () => {
  it('a Building Owner creates roles 1 and 2 but no Integrator (403 role_above_yours); an Integrator does', async () => {
    for (const role of [Role.User, Role.BuildingOwner]) {
      const ok = await t.call('POST', '/api/tenant/users', { token: w.tokens.owner, body: newUser(role) });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const body = newUser(Role.Integrator);
    const refused = await t.call('POST', '/api/tenant/users', { token: w.tokens.owner, body });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('role_above_yours');
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toBeUndefined();
    const byIntegrator = await t.call('POST', '/api/tenant/users', {
      token: w.tokens.integrator,
      body: newUser(Role.Integrator),
    });
    expect(byIntegrator.statusCode).toBe(200);
  });

  it('a Building Owner raises nobody above their own role, not even themselves through another form', async () => {
    const created = await t.call('POST', '/api/tenant/users', {
      token: w.tokens.owner,
      body: newUser(Role.User),
    });
    const user = (created.json() as { user: UserDto }).user;
    const raise = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: user.id, role: Role.Integrator },
    });
    expect(raise.statusCode).toBe(403);
    expect(codeOf(raise)).toBe('role_above_yours');
    const same = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: user.id, role: Role.BuildingOwner },
    });
    expect(same.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe(Role.BuildingOwner);
  });

  it('a Building Owner opens an Integrator’s card but neither edits, deactivates, lowers nor deletes them', async () => {
    const integrator = await createUser(t, { tenantId: w.a.id, role: Role.Integrator });
    const session = await signIn(t, integrator.email);
    const card = await t.call('GET', `/api/tenant/users?id=${integrator.id}`, { token: w.tokens.owner });
    expect(card.statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PUT', '/api/tenant/users', { id: integrator.id, fname: 'Renamed' }],
      ['PUT', '/api/tenant/users', { id: integrator.id, user_status: false }],
      ['PUT', '/api/tenant/users', { id: integrator.id, role: Role.User }],
      ['DELETE', `/api/tenant/users?id=${integrator.id}`, undefined],
    ] as const) {
      const response = await t.call(method, url, { token: w.tokens.owner, body });
      expect(response.statusCode, `${method} ${JSON.stringify(body)}`).toBe(403);
      expect(codeOf(response)).toBe('user_above_your_role');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, integrator.id));
    expect(row).toMatchObject({ fname: 'Test', user_status: true, role: Role.Integrator });
    expect((await t.call('GET', '/api/global/me', { token: session })).statusCode).toBe(200);
  });

  it('an equal role is still reached (names, state), and a lower one fully', async () => {
    const peer = await createUser(t, { tenantId: w.a.id, role: Role.BuildingOwner });
    const renamed = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: peer.id, fname: 'Peer' },
    });
    expect(renamed.statusCode).toBe(200);
    const lower = await createUser(t, { tenantId: w.a.id, role: Role.User });
    const off = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.owner,
      body: { id: lower.id, user_status: false },
    });
    expect(off.statusCode).toBe(200);
    const gone = await t.call('DELETE', `/api/tenant/users?id=${lower.id}`, { token: w.tokens.owner });
    expect(gone.statusCode).toBe(200);
  });
});
