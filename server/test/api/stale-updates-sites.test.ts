import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createCompany, createDevice, createSite } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

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

interface Editable {
  key: 'site' | 'company';
  path: string;
  field: string;
  token: () => string;
  create: () => Promise<{ id: number; updated_at: string }>;
  read: (id: number) => Promise<Record<string, unknown>>;
}

const cases = (): Editable[] => [
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
      return (list.json().companies as { id: number }[]).find((c) => c.id === id) as Record<string, unknown>;
    },
  },
];

describe.each(cases())('a stale save of a $key', ({ key, path, field, token, create, read }) => {
  const put = (body: Record<string, unknown>) => t.call('PUT', path, { token: token(), body });

  it('answers 409 changed_since_read and keeps the newer data', async () => {
    const opened = await create();
    // The version the API answers is the one a form reads.
    expect((await read(opened.id)).updated_at).toBe(opened.updated_at);
    const first = await put({ id: opened.id, [field]: 'Their change', updated_at: opened.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const newer = first.json()[key] as { updated_at: string };
    expect(newer.updated_at).not.toBe(opened.updated_at);

    const stale = await put({ id: opened.id, [field]: 'My change', updated_at: opened.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'changed_since_read' });
    expect((await read(opened.id))[field]).toBe('Their change');

    const fresh = await put({ id: opened.id, [field]: 'My change', updated_at: newer.updated_at });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await read(opened.id))[field]).toBe('My change');
  });

  it('applies a save without a version, and refuses a malformed one with 400', async () => {
    const opened = await create();
    expect((await put({ id: opened.id, [field]: 'No version' })).statusCode).toBe(200);
    const bad = await put({ id: opened.id, [field]: 'x', updated_at: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect([bad.json().code].flat()).toContain('field_not_moment');
  });
});

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
