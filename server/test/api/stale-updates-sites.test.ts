import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createCompany, createDevice, createSite } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';
import { describeStaleEdits } from '../support/stale.ts';

/**
 * Lost updates of sites and companies (as stale-updates.test.ts for devices, locations and
 * secrets): a save that sends back the `updated_at` it read is refused with 409
 * changed_since_read when the record changed in between, and the newer data stays.
 */

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

describeStaleEdits(
  () => t,
  () => [
    {
      key: 'site',
      path: '/api/site/sites',
      field: 'city',
      token: () => w.tokens.integrator,
      create: async () => {
        const site = await createSite(t, w.a.id, `Stale site ${Math.random()}`);
        return { id: site.id, updated_at: site.updated_at.toISOString() };
      },
      read: async (id) =>
        (await t.call('GET', `/api/site/refresh_site?id=${id}`, { token: w.tokens.integrator })).json().site,
    },
    {
      key: 'company',
      path: '/api/tenant/companies',
      field: 'name',
      token: () => w.tokens.owner,
      create: async () => {
        const company = await createCompany(t, w.a.id, {
          name: `Stale company ${Math.random()}`,
          customer: true,
        });
        return { id: company.id, updated_at: company.updated_at.toISOString() };
      },
      read: async (id) => {
        const list = await t.call('GET', '/api/tenant/companies', { token: w.tokens.owner });
        return (list.json().companies as { id: number }[]).find((c) => c.id === id) as Record<
          string,
          unknown
        >;
      },
    },
  ],
);

describe('a stale save of a site', () => {
  it('refuses a contractor-only change made from an old version', async () => {
    const site = await createSite(t, w.a.id, 'Stale contractors');
    const seen = site.updated_at.toISOString();
    const first = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.integrator,
      body: { id: site.id, contractors: [w.companies.contractor.id], updated_at: seen },
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.integrator,
      body: { id: site.id, contractors: [w.companies.spareContractor.id], updated_at: seen },
    });
    expect(stale.statusCode).toBe(409);
    const after = await t.call('GET', `/api/site/refresh_site?id=${site.id}`, { token: w.tokens.integrator });
    expect(after.json().site.contractors).toEqual([w.companies.contractor.id]);
  });
});

describe('a site form and the work on the site', () => {
  it('is not refused because devices changed meanwhile: they move the list order, not the version', async () => {
    const site = await createSite(t, w.a.id, `Busy site ${Math.random()}`);
    // Older than the 10 s in which a device change leaves the site row alone.
    await t.db
      .update(sites)
      .set({ activity_at: new Date(Date.now() - 60_000), updated_at: site.updated_at })
      .where(eq(sites.id, site.id));
    const device = await createDevice(t, { siteId: site.id, productId: w.products.library.id });
    const edit = await t.call('PUT', '/api/site/devices', {
      token: w.tokens.integrator,
      body: { id: device.id, note: 'meanwhile' },
    });
    expect(edit.statusCode).toBe(200);
    const [after] = await t.db.select().from(sites).where(eq(sites.id, site.id));
    expect(after!.activity_at.getTime()).toBeGreaterThan(Date.now() - 30_000);
    expect(after!.updated_at.toISOString()).toBe(site.updated_at.toISOString());

    const save = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.integrator,
      body: { id: site.id, city: 'Namur', updated_at: site.updated_at.toISOString() },
    });
    expect(save.statusCode, save.body).toBe(200);
  });
});
