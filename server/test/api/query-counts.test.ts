/**
 * No N+1 (issue 14): every list call sends as many SQL statements for a site with a few rows as
 * for one with thousands. Each call runs once on a small site, the site then grows by thousands
 * of devices, log entries, contacts, files, secrets and users with access, and each call runs
 * again: the statement counts must not change.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  attachments,
  contacts,
  devices,
  secrets,
  siteAccesses,
  users,
} from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

const MANY = 10_000;

/** Adds `count` rows of each listed kind to the main site, set-based. */
async function grow(count: number) {
  const siteId = w.sites.main.id;
  const n = Array.from({ length: count }, (_, i) => i);
  const chunks = <T>(rows: T[]) =>
    Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) => rows.slice(i * 500, i * 500 + 500));
  for (const rows of chunks(
    n.map((i) => ({
      site_id: siteId,
      product_id: i % 2 ? w.products.library.id : w.products.own.id,
      code: `Q-${count}-${i}`,
      floor_id: w.floors.ground.id,
    })),
  )) {
    await t.db.insert(devices).values(rows);
  }
  for (const rows of chunks(
    n.map((i) => ({
      tenant_id: w.a.id,
      site_id: siteId,
      user_id: w.users.full.id,
      user_name: 'Full',
      object_model: 'Device',
      object_id: i,
      note: `Entry ${i}`,
    })),
  )) {
    await t.db.insert(activityLogs).values(rows);
  }
  for (const rows of chunks(
    n.map((i) => ({ site_id: siteId, fname: `Contact ${i}`, company_id: w.companies.supplier.id })),
  )) {
    await t.db.insert(contacts).values(rows);
  }
  for (const rows of chunks(
    n.map((i) => ({
      site_id: siteId,
      user_id: w.users.full.id,
      url: `attachments/${w.a.id}/${siteId}/q-${count}-${i}.pdf`,
      filename: `q-${i}.pdf`,
      file_type: 'pdf',
      attachable_type: 'Floor',
      attachable_id: w.floors.ground.id,
    })),
  )) {
    await t.db.insert(attachments).values(rows);
  }
  for (const rows of chunks(
    n.map((i) => ({ site_id: siteId, user_id: w.users.full.id, name: `Secret ${i}`, username: 'admin' })),
  )) {
    await t.db.insert(secrets).values(rows);
  }
  const people = await t.db
    .insert(users)
    .values(
      n.slice(0, 200).map((i) => ({
        tenant_id: w.a.id,
        email: `q${count}-${i}@example.test`,
        username: `q${count}-${i}@example.test`,
        fname: 'Q',
        lname: `${i}`,
        role: 1,
        password_hash: 'x',
      })),
    )
    .returning({ id: users.id });
  await t.db
    .insert(siteAccesses)
    .values(people.map((p) => ({ site_id: siteId, user_id: p.id, user_role: 1 })));
  await t.db.execute(sql`analyze`);
}

/** The list calls, as the Full Access user of the main site sees them. */
const calls = () => {
  const site = w.sites.main.id;
  return [
    `/api/site/sites?id=${site}`,
    ...['site', 'logs', 'companies', 'devices', 'products', 'procats'].map(
      (part) => `/api/site/refresh_${part}?id=${site}`,
    ),
    '/api/site/index',
    `/api/site/logs?site_id=${site}`,
    `/api/site/contacts?site_id=${site}`,
    `/api/global/attachments?site_id=${site}`,
    `/api/site/secrets?site_id=${site}`,
    `/api/site/site_accesses?site_id=${site}`,
    `/api/support/tenant?site_id=${site}`,
    '/api/global/company_list',
    '/api/global/user_list',
  ];
};

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const route of calls()) {
    // Once before counting, so that the server's copy of the device list (list-cache.ts) is as
    // fresh for the few rows as for the many: whether it is kept or brought up to date changes
    // the count by one, whatever the count of devices.
    await t.call('GET', route, { token: w.tokens.full });
    const statements = await t.statements(async () => {
      const response = await t.call('GET', route, { token: w.tokens.full });
      expect(response.statusCode, `${route}: ${response.body.slice(0, 200)}`).toBe(200);
    });
    result[route] = statements.length;
  }
  return result;
}

describe('list calls', () => {
  it(`send the same number of statements for a few rows and for ${MANY} more of each`, async () => {
    await grow(10);
    const few = await counts();
    await grow(MANY);
    const many = await counts();
    expect(many).toEqual(few);
    // And the counts are small: no call runs a statement per row even on a small site.
    for (const [route, count] of Object.entries(few)) expect(count, route).toBeLessThanOrEqual(25);
  });
});
