import { Role, SitePermission } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../src/db/schema.ts';
import { requireSite } from '../../src/platform/policy.ts';
import { actorForToken } from '../../src/platform/sessions.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, grantAccess, signIn } from '../support/factories.ts';

let t: TestApp;
let mine: { id: number };
let theirs: { id: number };
let siteA: { id: number };
let siteB: { id: number };
let foreignSite: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  mine = await createTenant(t, 'Mine');
  theirs = await createTenant(t, 'Theirs');
  siteA = await createSite(t, mine.id, 'Alpha');
  siteB = await createSite(t, mine.id, 'Bravo');
  foreignSite = await createSite(t, theirs.id, 'Foreign');
  await t.db
    .insert(companies)
    .values({ tenant_id: mine.id, name: 'Acme', customer: true, company_type: 'Customer' });
  await t.db.insert(companies).values({ tenant_id: theirs.id, name: 'Hidden Customer', customer: true });
});
afterAll(() => t?.close());

async function siteNames(token: string) {
  const response = await t.call('GET', '/api/site/index', { token });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    sites: { name: string; permission: number }[];
    tenant: { name: string };
    customers: { name: string }[];
  };
}

describe('GET /api/site/index', () => {
  it("lists the tenant's sites for role 2+, with the tenant and only its own customers", async () => {
    const owner = await createUser(t, { tenantId: mine.id, role: Role.BuildingOwner });
    const body = await siteNames(await signIn(t, owner.email));
    expect(body.sites.map((s) => s.name).sort()).toEqual(['Alpha', 'Bravo']);
    expect(body.sites.every((s) => s.permission === SitePermission.FullAccess)).toBe(true);
    expect(body.tenant.name).toBe('Mine');
    expect(body.customers.map((c) => c.name)).toEqual(['Acme']);
  });

  it('lists for a role-1 user only the sites with an access in force', async () => {
    const user = await createUser(t, { tenantId: mine.id, role: Role.User });
    await grantAccess(t, { siteId: siteA.id, userId: user.id, role: 2 });
    await grantAccess(t, { siteId: siteB.id, userId: user.id, role: 1, validity: '2020-01-01' });
    const body = await siteNames(await signIn(t, user.email));
    expect(body.sites).toEqual([expect.objectContaining({ name: 'Alpha', permission: 2 })]);
  });

  it('lists a shared site of another tenant for an external user', async () => {
    const guest = await createUser(t, { tenantId: theirs.id, role: Role.User });
    await grantAccess(t, { siteId: siteB.id, userId: guest.id, role: 1 });
    const body = await siteNames(await signIn(t, guest.email));
    expect(body.sites.map((s) => s.name)).toEqual(['Bravo']);
  });

  it('lists every site for a Super Admin', async () => {
    const admin = await createUser(t, { tenantId: 1, role: Role.SuperAdmin });
    const body = await siteNames(await signIn(t, admin.email));
    expect(body.sites.map((s) => s.name).sort()).toEqual(['Alpha', 'Bravo', 'Foreign']);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/site/index')).statusCode).toBe(401);
  });
});

describe('policy.requireSite', () => {
  it('answers 404 for a site of another tenant, 403 for too low a level, and the context otherwise', async () => {
    const user = await createUser(t, { tenantId: mine.id, role: Role.User });
    await grantAccess(t, { siteId: siteA.id, userId: user.id, role: SitePermission.Reader });
    const actor = (await actorForToken(t.db, await signIn(t, user.email), t.ctx.config.sessionIdleHours))!;

    await expect(requireSite(t.db, actor, foreignSite.id, SitePermission.Reader)).rejects.toMatchObject({
      status: 404,
    });
    await expect(requireSite(t.db, actor, siteB.id, SitePermission.Reader)).rejects.toMatchObject({
      status: 404,
    });
    await expect(requireSite(t.db, actor, 999_999, SitePermission.Reader)).rejects.toMatchObject({
      status: 404,
    });
    await expect(requireSite(t.db, actor, siteA.id, SitePermission.Contributor)).rejects.toMatchObject({
      status: 403,
    });
    const context = await requireSite(t.db, actor, siteA.id, SitePermission.Reader);
    expect(context).toMatchObject({ permission: SitePermission.Reader, site: { id: siteA.id } });
  });
});
