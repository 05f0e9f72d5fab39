import { ADMIN_JOBS, type AdminJob, Role } from '@asbuilt/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  devices,
  floors,
  locations,
  secrets,
  siteAccesses,
  sitePreferences,
  sites,
  zones,
} from '../../src/db/schema.ts';
import { adminActors, expectAdminOnly } from '../support/admin.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  createCompany,
  createProduct,
  createSite,
  createTenant,
  createUser,
  grantAccess,
  signIn,
} from '../support/factories.ts';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  actors = await adminActors(t);
  tenantId = (await createTenant(t, 'Jobs tenant')).id;
});
afterAll(() => t?.close());

async function run(job: AdminJob) {
  const response = await t.call('GET', `/api/admin/jobs/${job}`, { token: actors.admin });
  expect(response.statusCode, job).toBe(200);
  const body = response.json() as { message: string; job: string; count: number };
  expect(body.job).toBe(job);
  expect(body.message).toContain(String(body.count));
  return body;
}

const logCount = async () => (await t.db.select({ id: activityLogs.id }).from(activityLogs)).length;

/** Runs a job twice: the second run finds nothing to do and leaves the data (and the log) as the first left them. */
async function runTwice<T>(job: AdminJob, snapshot: () => Promise<T>) {
  const first = await run(job);
  const afterFirst = await snapshot();
  const logsAfterFirst = await logCount();
  const second = await run(job);
  expect(second.count, `${job} second run`).toBe(0);
  expect(await snapshot()).toEqual(afterFirst);
  expect(await logCount()).toBe(logsAfterFirst);
  return first;
}

describe('GET /api/admin/jobs/set_site_accesses', () => {
  it('gives every site’s creator a Full Access record where none exists', async () => {
    const integrator = await createUser(t, { tenantId, role: Role.Integrator });
    const token = await signIn(t, integrator.email);
    const customer = await createCompany(t, tenantId, { company_type: 'Customer', customer: true });
    const created = await t.call('POST', '/api/site/sites', {
      token,
      body: { name: 'Made by the API', customer_id: customer.id },
    });
    expect(created.statusCode, created.body).toBe(200);
    const apiSite = created.json().site.id as number;
    await t.db.delete(siteAccesses).where(eq(siteAccesses.site_id, apiSite));

    // An older site whose 'Site created' entry has no action yet.
    const creator = await createUser(t, { tenantId, role: Role.Integrator });
    const legacy = await createSite(t, tenantId, 'Legacy site');
    await t.db.insert(activityLogs).values({
      tenant_id: tenantId,
      site_id: legacy.id,
      user_id: creator.id,
      user_name: 'Creator',
      object_model: 'Site',
      object_id: legacy.id,
      note: 'Site created',
    });
    // A creator whose record was made Reader keeps it; a site without an entry gets nothing.
    const demoted = await createSite(t, tenantId, 'Demoted');
    await t.db.insert(activityLogs).values({
      tenant_id: tenantId,
      site_id: demoted.id,
      user_id: creator.id,
      object_model: 'Site',
      object_id: demoted.id,
      action: 'created',
      note: 'Site created',
    });
    await grantAccess(t, { siteId: demoted.id, userId: creator.id, role: 1 });
    const unknown = await createSite(t, tenantId, 'No entry');

    const ids = [apiSite, legacy.id, demoted.id, unknown.id];
    const snapshot = () =>
      t.db
        .select({ site: siteAccesses.site_id, user: siteAccesses.user_id, role: siteAccesses.user_role })
        .from(siteAccesses)
        .where(inArray(siteAccesses.site_id, ids))
        .orderBy(asc(siteAccesses.site_id));
    const first = await runTwice('set_site_accesses', snapshot);
    expect(first.count).toBe(2);
    expect(await snapshot()).toEqual([
      { site: apiSite, user: integrator.id, role: 3 },
      { site: legacy.id, user: creator.id, role: 3 },
      { site: demoted.id, user: creator.id, role: 1 },
    ]);
    const [log] = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.note, 'Full Access given to the site creator'))
      .orderBy(asc(activityLogs.id))
      .limit(1);
    expect(log).toMatchObject({ object_model: 'SiteAccess', action: 'access_granted', site_id: apiSite });
  });
});

describe('GET /api/admin/jobs/add_name_to_ressources', () => {
  it('names the devices without a name after their product', async () => {
    const site = await createSite(t, tenantId);
    const product = await createProduct(t, 1, { name: 'Catalyst 9200' });
    const rows = await t.db
      .insert(devices)
      .values([
        { site_id: site.id, product_id: product.id, name: null },
        { site_id: site.id, product_id: product.id, name: '  ' },
        { site_id: site.id, product_id: product.id, name: 'Core switch' },
      ])
      .returning({ id: devices.id });
    const snapshot = () =>
      t.db
        .select({ name: devices.name })
        .from(devices)
        .where(
          inArray(
            devices.id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(devices.id));
    const first = await runTwice('add_name_to_ressources', snapshot);
    expect(first.count).toBe(2);
    expect(await snapshot()).toEqual([
      { name: 'Catalyst 9200' },
      { name: 'Catalyst 9200' },
      { name: 'Core switch' },
    ]);
  });
});

describe('GET /api/admin/jobs/convert_activity_logs', () => {
  it('gives older entries their action, tenant and author name', async () => {
    const site = await createSite(t, tenantId);
    const author = await createUser(t, { tenantId });
    const legacy = await t.db
      .insert(activityLogs)
      .values(
        ['Device created', 'Floor Updated', 'Location deleted', 'Devices archived', 'Something odd'].map(
          (note) => ({
            site_id: site.id,
            user_id: author.id,
            object_model: 'Device',
            note,
          }),
        ),
      )
      .returning({ id: activityLogs.id });
    const snapshot = () =>
      t.db
        .select({ action: activityLogs.action, tenant: activityLogs.tenant_id, name: activityLogs.user_name })
        .from(activityLogs)
        .where(
          inArray(
            activityLogs.id,
            legacy.map((l) => l.id),
          ),
        )
        .orderBy(asc(activityLogs.id));
    const first = await runTwice('convert_activity_logs', snapshot);
    // Entries of the other tests without an action or author name count too.
    expect(first.count).toBeGreaterThanOrEqual(5);
    const name = `${author.fname} ${author.lname}`;
    expect(await snapshot()).toEqual(
      ['created', 'updated', 'deleted', 'archived', null].map((action) => ({
        action,
        tenant: tenantId,
        name,
      })),
    );
  });
});

describe('GET /api/admin/jobs/add_floor_to_zones', () => {
  it('fills a zone’s missing floor from its locations, or the site’s only floor', async () => {
    const site = await createSite(t, tenantId);
    const [a, b] = await t.db
      .insert(floors)
      .values([
        { site_id: site.id, name: 'A' },
        { site_id: site.id, name: 'B' },
      ])
      .returning();
    const [onA, onB] = await t.db
      .insert(locations)
      .values([
        { site_id: site.id, floor_id: a!.id, name: 'A1' },
        { site_id: site.id, floor_id: b!.id, name: 'B1' },
      ])
      .returning();
    const [placed, empty] = await t.db
      .insert(zones)
      .values([
        { site_id: site.id, name: 'Placed' },
        { site_id: site.id, name: 'Empty' },
      ])
      .returning();
    const product = await createProduct(t, 1);
    await t.db.insert(devices).values([
      { site_id: site.id, product_id: product.id, zone_id: placed!.id, location_id: onB!.id },
      { site_id: site.id, product_id: product.id, zone_id: placed!.id, location_id: onB!.id },
      { site_id: site.id, product_id: product.id, zone_id: placed!.id, location_id: onA!.id },
    ]);
    const small = await createSite(t, tenantId);
    const [only] = await t.db.insert(floors).values({ site_id: small.id, name: 'Only' }).returning();
    const [lonely] = await t.db.insert(zones).values({ site_id: small.id, name: 'Lonely' }).returning();

    const ids = [placed!.id, empty!.id, lonely!.id];
    const snapshot = () =>
      t.db
        .select({ id: zones.id, floor: zones.floor_id })
        .from(zones)
        .where(inArray(zones.id, ids))
        .orderBy(asc(zones.id));
    const first = await runTwice('add_floor_to_zones', snapshot);
    expect(first.count).toBe(2);
    expect(await snapshot()).toEqual([
      { id: placed!.id, floor: b!.id },
      { id: empty!.id, floor: null },
      { id: lonely!.id, floor: only!.id },
    ]);
  });
});

describe('GET /api/admin/jobs/refresh_device_headers', () => {
  it('stores saved device columns as known keys, once each', async () => {
    const site = await createSite(t, tenantId);
    const user = await createUser(t, { tenantId });
    const owner = await createUser(t, { tenantId, role: Role.BuildingOwner });
    const stale = await grantAccess(t, { siteId: site.id, userId: user.id, role: 2 });
    await t.db
      .update(siteAccesses)
      .set({ device_headers: ['Name', 'code', 'bogus', 'code', 'Numéro de série'] })
      .where(eq(siteAccesses.id, stale.id));
    const [preference] = await t.db
      .insert(sitePreferences)
      .values({ site_id: site.id, user_id: owner.id, device_headers: ['Serial Number', 'name'] })
      .returning();
    const clean = await grantAccess(t, { siteId: site.id, userId: owner.id, role: 3 });
    await t.db
      .update(siteAccesses)
      .set({ device_headers: ['name', 'code'] })
      .where(eq(siteAccesses.id, clean.id));

    const snapshot = async () => ({
      accesses: await t.db
        .select({ id: siteAccesses.id, headers: siteAccesses.device_headers })
        .from(siteAccesses)
        .where(eq(siteAccesses.site_id, site.id))
        .orderBy(asc(siteAccesses.id)),
      preferences: await t.db
        .select({ headers: sitePreferences.device_headers })
        .from(sitePreferences)
        .where(eq(sitePreferences.id, preference!.id)),
    });
    const first = await runTwice('refresh_device_headers', snapshot);
    expect(first.count).toBe(2);
    expect(await snapshot()).toEqual({
      accesses: [
        { id: stale.id, headers: ['name', 'code', 'sn'] },
        { id: clean.id, headers: ['name', 'code'] },
      ],
      preferences: [{ headers: ['sn', 'name'] }],
    });
  });
});

describe('GET /api/admin/jobs/assign_secrets_to_users', () => {
  it('gives owner-less secrets the user who created them, from the log', async () => {
    const site = await createSite(t, tenantId);
    const author = await createUser(t, { tenantId, role: Role.Integrator });
    const [known, unknown, owned] = await t.db
      .insert(secrets)
      .values([
        { site_id: site.id, name: 'Known', user_id: null },
        { site_id: site.id, name: 'Unknown', user_id: null },
        { site_id: site.id, name: 'Owned', user_id: actors.superAdmin.id },
      ])
      .returning();
    await t.db.insert(activityLogs).values([
      {
        site_id: site.id,
        tenant_id: tenantId,
        user_id: author.id,
        object_model: 'Secret',
        object_id: known!.id,
        action: 'created',
        note: 'Secret Created',
      },
      {
        site_id: site.id,
        tenant_id: tenantId,
        user_id: author.id,
        object_model: 'Secret',
        object_id: owned!.id,
        action: 'created',
        note: 'Secret Created',
      },
    ]);
    const ids = [known!.id, unknown!.id, owned!.id];
    const snapshot = () =>
      t.db
        .select({ id: secrets.id, owner: secrets.user_id })
        .from(secrets)
        .where(inArray(secrets.id, ids))
        .orderBy(asc(secrets.id));
    const first = await runTwice('assign_secrets_to_users', snapshot);
    expect(first.count).toBe(1);
    expect(await snapshot()).toEqual([
      { id: known!.id, owner: author.id },
      { id: unknown!.id, owner: null },
      { id: owned!.id, owner: actors.superAdmin.id },
    ]);
  });
});

describe('jobs', () => {
  it('are for the Super Admin only', async () => {
    for (const job of ADMIN_JOBS) await expectAdminOnly(t, actors.refused, 'GET', `/api/admin/jobs/${job}`);
  });

  it('answer 404 with a code for an unknown job', async () => {
    const response = await t.call('GET', '/api/admin/jobs/drop_everything', { token: actors.admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('no_such_call');
  });

  it('leave sites untouched', async () => {
    expect((await t.db.select({ id: sites.id }).from(sites)).length).toBeGreaterThan(0);
  });
});
