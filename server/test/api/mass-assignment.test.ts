import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, sites, users } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * Issue 15, mass assignment: fields a caller may not set (`tenant_id`, `id`, `role`, `user_id`,
 * `inviter_id`, or fields nobody declared) are refused or ignored, never applied.
 */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const deviceRow = async () => (await t.db.select().from(devices).where(eq(devices.id, w.device.id)))[0]!;

describe('a device edit', () => {
  it.each([
    { tenant_id: 999 },
    { user_id: 1 },
    { inviter_id: 1 },
    { public_hash: 'mine' },
    { created_at: '2000-01-01T00:00:00Z' },
    { product: { name: 'x' } },
  ])('refuses %o as an unknown field and changes nothing', async (extra) => {
    const before = await deviceRow();
    const response = await t.call('PUT', '/api/site/devices', {
      token: w.tokens.contributor,
      body: { id: w.device.id, note: 'should not land', ...extra },
    });
    expect(response.statusCode).toBe(400);
    expect([response.json().code].flat()).toContain('unknown_field');
    expect(await deviceRow()).toEqual(before);
  });

  it('cannot move a device to a site of another tenant by sending site_id', async () => {
    const before = await deviceRow();
    const response = await t.call('PUT', '/api/site/devices', {
      token: w.tokens.contributor,
      body: { id: w.device.id, site_id: w.sites.foreign.id, note: 'moved?' },
    });
    expect(response.statusCode).toBe(400);
    expect(await deviceRow()).toEqual(before);
  });
});

describe('a new site', () => {
  it('refuses another tenant_id, and never takes its id from the body', async () => {
    const planted = await t.call('POST', '/api/site/sites', {
      token: w.tokens.integrator,
      body: { name: 'Planted', customer_id: w.companies.customer.id, tenant_id: w.sites.foreign.tenant_id },
    });
    expect(planted.statusCode).toBe(403);
    expect(planted.json().code).toBe('own_tenant_only');
    expect(await t.db.select().from(sites).where(eq(sites.name, 'Planted'))).toEqual([]);

    const numbered = await t.call('POST', '/api/site/sites', {
      token: w.tokens.integrator,
      body: { name: 'Numbered', customer_id: w.companies.customer.id, id: 424242 },
    });
    expect(numbered.statusCode, numbered.body).toBe(200);
    const [made] = await t.db.select().from(sites).where(eq(sites.name, 'Numbered'));
    expect(made!.tenant_id).toBe(w.sites.main.tenant_id);
    expect(made!.id).not.toBe(424242);
  });
});

describe('one’s own profile', () => {
  it('never takes a role, a tenant or an id from the body', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.email, w.users.reader.email));
    const response = await t.call('PUT', '/api/tenant/users', {
      token: w.tokens.reader,
      body: {
        fname: 'Renamed',
        lname: me!.lname,
        email: me!.email,
        role: Role.SuperAdmin,
        tenant_id: w.sites.foreign.tenant_id,
        user_status: true,
      },
    });
    expect(response.statusCode).toBeLessThan(500);
    const [after] = await t.db.select().from(users).where(eq(users.id, me!.id));
    expect(after!.role).toBe(me!.role);
    expect(after!.tenant_id).toBe(me!.tenant_id);
  });
});
