import { ADMIN_JOBS, type AdminJob, Role } from '@asbuilt/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/backup/backup.ts';
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

type JobAnswer = {
  message: string;
  job: string;
  count: number;
  dry_run: boolean;
  tenants: number;
  changes: { what: string; count: number; examples: string[] }[];
};

async function run(job: AdminJob, { dryRun = false } = {}) {
  const url = `/api/admin/jobs/${job}${dryRun ? '?dry_run=true' : ''}`;
  const response = await t.call('GET', url, { token: actors.admin });
  expect(response.statusCode, job).toBe(200);
  const body = response.json() as JobAnswer;
  expect(body.job).toBe(job);
  expect(body.dry_run).toBe(dryRun);
  expect(body.message).toContain(String(body.count));
  for (const change of body.changes)
    expect(change.examples.length).toBeLessThanOrEqual(Math.min(5, change.count));
  return body;
}

const logCount = async () => (await t.db.select({ id: activityLogs.id }).from(activityLogs)).length;

/** The tables the jobs write, and which of them each job changes (the log aside). */
const TABLES = ['site_accesses', 'site_preferences', 'devices', 'zones', 'secrets', 'activity_logs'] as const;
const CHANGES: Record<AdminJob, (typeof TABLES)[number][]> = {
  set_site_accesses: ['site_accesses'],
  add_name_to_ressources: ['devices'],
  convert_activity_logs: ['activity_logs'],
  add_floor_to_zones: ['zones'],
  refresh_device_headers: ['site_accesses', 'site_preferences'],
  assign_secrets_to_users: ['secrets'],
  // Writes only its own record of what it mailed (reminders_sent), checked in due-reminders.test.ts.
  send_reminders: [],
};

/** Every row of the tables the jobs write, as id → hash of the whole row. */
async function fingerprint(): Promise<Record<string, Map<number, string>>> {
  const out: Record<string, Map<number, string>> = {};
  for (const table of TABLES) {
    const rows = rowsOf(
      await t.db.execute(sql`select x.id, md5(x::text) as h from ${sql.identifier(table)} x`),
    );
    out[table] = new Map(rows.map((r) => [Number(r.id), String(r.h)]));
  }
  return out;
}

/** Rows added or changed between two fingerprints of one table. */
const changedRows = (before: Map<number, string>, after: Map<number, string>) =>
  [...after].filter(([id, hash]) => before.get(id) !== hash).length;

/**
 * Runs a job as the web does: a dry run first, which must leave every row as it was and announce
 * exactly the rows the real run then changes; then the real run; then a second run, which finds
 * nothing to do and leaves the data (and the log) as the first left them.
 */
async function runTwice<T>(job: AdminJob, snapshot: () => Promise<T>) {
  const before = await fingerprint();
  const logsBefore = await logCount();
  const plan = await run(job, { dryRun: true });
  expect(await fingerprint(), `${job} dry run wrote`).toEqual(before);
  expect(await logCount()).toBe(logsBefore);

  const first = await run(job);
  const afterFirst = await snapshot();
  const changed = await fingerprint();
  const written = CHANGES[job].reduce((n, table) => n + changedRows(before[table]!, changed[table]!), 0);
  expect(written, `${job} rows changed`).toBe(plan.count);
  expect(first.count).toBe(plan.count);
  expect(first.changes).toEqual(plan.changes);
  expect(first.tenants).toBe(plan.tenants);
  expect(plan.changes.reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(plan.count);

  const logsAfterFirst = await logCount();
  const nothing = await run(job, { dryRun: true });
  expect(nothing.count, `${job} dry run after the run`).toBe(0);
  expect(nothing.tenants).toBe(0);
  expect(nothing.changes.every((c) => c.count === 0 && c.examples.length === 0)).toBe(true);
  const second = await run(job);
  expect(second.count, `${job} second run`).toBe(0);
  expect(await snapshot()).toEqual(afterFirst);
  expect(await logCount()).toBe(logsAfterFirst);
  return { first, plan };
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
    const { first, plan } = await runTwice('set_site_accesses', snapshot);
    expect(first.count).toBe(2);
    expect(plan).toMatchObject({
      tenants: 1,
      changes: [
        {
          what: 'site_accesses_created',
          count: 2,
          examples: [`${integrator.email} (Made by the API)`, `${creator.email} (Legacy site)`],
        },
      ],
    });
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
    const { first, plan } = await runTwice('add_name_to_ressources', snapshot);
    expect(first.count).toBe(2);
    expect(plan.changes).toEqual([
      {
        what: 'devices_named',
        count: 2,
        examples: rows.slice(0, 2).map((row) => `#${row.id} (${site.name}) → Catalyst 9200`),
      },
    ]);
    expect(plan.tenants).toBe(1);
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
    const every = async () =>
      new Map(
        (
          await t.db
            .select({
              id: activityLogs.id,
              action: activityLogs.action,
              tenant: activityLogs.tenant_id,
              name: activityLogs.user_name,
            })
            .from(activityLogs)
        ).map((row) => [row.id, row]),
      );
    const before = await every();
    const { first, plan } = await runTwice('convert_activity_logs', snapshot);
    // Each kind's count is the number of entries whose column the run filled.
    const after = await every();
    const filled = (column: 'action' | 'tenant' | 'name') =>
      [...before.values()].filter((row) => row[column] !== after.get(row.id)![column]).length;
    expect(plan.changes).toEqual([
      { what: 'log_actions_set', count: filled('action'), examples: expect.any(Array) },
      { what: 'log_tenants_set', count: filled('tenant'), examples: expect.any(Array) },
      { what: 'log_authors_set', count: filled('name'), examples: expect.any(Array) },
    ]);
    expect(plan.changes[0]!.examples).toEqual(expect.arrayContaining(['Device created', 'Devices archived']));
    expect(plan.changes[2]!.examples).toContain(`${author.fname} ${author.lname}`);
    expect(plan.tenants).toBeGreaterThanOrEqual(1);
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
    // In another tenant: the dry run counts the tenants whose rows change.
    const small = await createSite(t, (await createTenant(t, 'Zones elsewhere')).id);
    const [only] = await t.db.insert(floors).values({ site_id: small.id, name: 'Only' }).returning();
    const [lonely] = await t.db.insert(zones).values({ site_id: small.id, name: 'Lonely' }).returning();

    const ids = [placed!.id, empty!.id, lonely!.id];
    const snapshot = () =>
      t.db
        .select({ id: zones.id, floor: zones.floor_id })
        .from(zones)
        .where(inArray(zones.id, ids))
        .orderBy(asc(zones.id));
    const { first, plan } = await runTwice('add_floor_to_zones', snapshot);
    expect(first.count).toBe(2);
    expect(plan.tenants).toBe(2);
    expect(plan.changes).toEqual([
      { what: 'zones_floored', count: 2, examples: ['Placed → B', 'Lonely → Only'] },
    ]);
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
    const { first, plan } = await runTwice('refresh_device_headers', snapshot);
    expect(first.count).toBe(2);
    expect(plan.changes).toEqual([
      { what: 'access_columns_refreshed', count: 1, examples: [`${user.email} (${site.name})`] },
      { what: 'preference_columns_refreshed', count: 1, examples: [`${owner.email} (${site.name})`] },
    ]);
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
    const { first, plan } = await runTwice('assign_secrets_to_users', snapshot);
    expect(first.count).toBe(1);
    expect(plan.changes).toEqual([
      { what: 'secrets_assigned', count: 1, examples: [`Known → ${author.email}`] },
    ]);
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

  it('answer their dry run to the Super Admin only', async () => {
    for (const job of ADMIN_JOBS) {
      await expectAdminOnly(t, actors.refused, 'GET', `/api/admin/jobs/${job}?dry_run=true`);
    }
  });

  it('refuse a dry_run that is not a boolean, with a code', async () => {
    const response = await t.call('GET', '/api/admin/jobs/add_floor_to_zones?dry_run=maybe', {
      token: actors.admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBeTruthy();
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
