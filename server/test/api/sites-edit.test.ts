import { type SiteDetail, SitePermission } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, siteAccesses, siteContractors, sites } from '../../src/db/schema.ts';
import { startWorld, type TestApp } from '../support/app.ts';
import { createCompany, createDevice, createSite } from '../support/factories.ts';
import { uploadFile } from '../support/files.ts';
import { rowById } from '../support/rows.ts';
import { errorList, expectAccessMatrix, form, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => ({ t, w } = await startWorld(siteWorld)));
afterAll(() => t?.close());

const siteRow = async (id: number) => (await rowById(t, sites, id))!;

describe('POST /api/site/sites', () => {
  it('creates a site in the actor’s tenant with every field, an uploaded image, default statuses, a Full Access record for the creator, and a log', async () => {
    const image = await uploadFile(t, w.tokens.integrator, { folder: 'sites', filename: 'north.png' });
    const response = await t.call('POST', '/api/site/sites', {
      token: w.tokens.integrator,
      body: {
        name: '  North  ',
        customer_id: w.companies.customer.id,
        image,
        site_status: false,
        gps: '50.85,4.35',
        country: 'Belgium',
        zip: '1000',
        city: 'Brussels',
        street: 'Rue Haute',
        street_number: '12',
        tenant_id: w.a.id,
      },
    });
    expect(response.statusCode).toBe(200);
    const site = response.json().site as SiteDetail;
    expect(site).toMatchObject({
      name: 'North',
      tenant_id: w.a.id,
      tenant: { id: w.a.id, name: 'Tenant A' },
      customer: { id: w.companies.customer.id, name: 'A Customer' },
      image_key: image,
      site_status: false,
      gps: '50.85,4.35',
      country: 'Belgium',
      zip: '1000',
      city: 'Brussels',
      street: 'Rue Haute',
      street_number: '12',
      permission: 3,
      counts: { devices: 0, locations: 0, accesses: 1 },
      floors: [],
      contractors: [],
    });
    expect(site.image).toMatch(/^\/api\/files\/sites\//);
    expect(site.device_statuses.map((s) => s.name)).toEqual([
      'Planned',
      'Installed',
      'Commissioned',
      'Faulty',
      'Removed',
    ]);
    expect(site.device_statuses.every((s) => /^#[0-9A-F]{6}$/.test(s.color))).toBe(true);
    const [access] = await t.db
      .select()
      .from(siteAccesses)
      .where(and(eq(siteAccesses.site_id, site.id), eq(siteAccesses.user_id, w.users.integrator.id)));
    expect(access).toMatchObject({ user_role: SitePermission.FullAccess, active: true, validity: null });
    const logs = await logsOf(t, 'Site', site.id);
    expect(logs).toEqual([
      expect.objectContaining({
        note: 'Site created',
        site_id: site.id,
        tenant_id: w.a.id,
        object_name: 'North',
        changes: {
          name: { to: 'North' },
          customer_id: { to: w.companies.customer.id },
          image: { to: image },
          site_status: { to: false },
          gps: { to: '50.85,4.35' },
          country: { to: 'Belgium' },
          zip: { to: '1000' },
          city: { to: 'Brussels' },
          street: { to: 'Rue Haute' },
          street_number: { to: '12' },
        },
      }),
    ]);
    // The site list is sorted by last update: the new site comes first.
    const index = await t.call('GET', '/api/site/index', { token: w.tokens.integrator });
    expect(index.json().sites[0].name).toBe('North');
  });

  it('takes a form-encoded body with the coerced values', async () => {
    const response = await t.call('POST', '/api/site/sites', {
      token: w.tokens.integrator,
      ...form({
        name: 'Form Site',
        customer_id: String(w.companies.customer.id),
        site_status: 'false',
        zip: '',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().site).toMatchObject({
      name: 'Form Site',
      site_status: false,
      zip: null,
      image: null,
    });
  });

  it('is for role 3 and above: role 1 and 2 get 403; the Super Admin creates in their own tenant', async () => {
    for (const user of ['reader', 'noAccess', 'owner', 'external'] as const) {
      const response = await t.call('POST', '/api/site/sites', {
        token: w.tokens[user],
        body: { name: 'Nope', customer_id: w.companies.customer.id },
      });
      expect(response.statusCode, user).toBe(403);
    }
    const libraryCustomer = await createCompany(t, 1, { name: 'Library Customer', customer: true });
    const admin = await t.call('POST', '/api/site/sites', {
      token: w.tokens.superAdmin,
      body: { name: 'Admin Site', customer_id: libraryCustomer.id },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().site.tenant_id).toBe(1);
  });

  it('requires name and customer, with the specification’s messages', async () => {
    const response = await t.call('POST', '/api/site/sites', { token: w.tokens.integrator, body: {} });
    expect(response.statusCode).toBe(400);
    expect(errorList(response)).toEqual(['Name is required', 'Customer is required']);
    const blank = await t.call('POST', '/api/site/sites', {
      token: w.tokens.integrator,
      ...form({ name: ' ', customer_id: '' }),
    });
    expect(errorList(blank)).toEqual(['Name is required', 'Customer is required']);
  });

  it('refuses a customer that is not a customer company of the tenant, a bad country, another tenant and foreign images', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { customer_id: w.companies.theirCustomer.id },
        400,
        'Customer must be one of the customer companies of this tenant',
      ],
      [
        { customer_id: w.companies.supplier.id },
        400,
        'Customer must be one of the customer companies of this tenant',
      ],
      [{ customer_id: 999_999 }, 400, 'Customer must be one of the customer companies of this tenant'],
      [{ country: 'Germany' }, 400, 'Country must be one of: Belgium, France, Luxemburg, Netherlands'],
      [{ site_status: 'maybe' }, 400, 'Site status must be true or false'],
      [
        { tenant_id: w.b.id },
        403,
        'Records are created in your own tenant; another tenant_id is not accepted',
      ],
      [
        { image: `sites/${w.a.id}/never-uploaded.png` },
        400,
        'The file upload is not complete; please upload it again',
      ],
      [
        { image: `sites/${w.b.id}/theirs.png` },
        400,
        'This file was not uploaded for this place; please upload it again',
      ],
    ];
    for (const [values, status, message] of cases) {
      const response = await t.call('POST', '/api/site/sites', {
        token: w.tokens.integrator,
        body: { name: 'Bad', customer_id: w.companies.customer.id, ...values },
      });
      expect(response.statusCode, JSON.stringify(values)).toBe(status);
      expect(errorList(response)).toEqual([message]);
    }
    const named = await t.db.select().from(sites).where(eq(sites.name, 'Bad'));
    expect(named).toHaveLength(0);
  });
});

describe('PUT /api/site/sites', () => {
  it('is for Full Access: Contributors and Readers get 403, those who cannot reach the site 404', async () => {
    await expectAccessMatrix(w, 3, (token, user) =>
      t.call('PUT', '/api/site/sites', { token, body: { id: w.sites.main.id, city: `City of ${user}` } }),
    );
  });

  it('changes fields, writes only what changed, logs it and moves updated_at', async () => {
    const site = await createSite(t, w.a.id, 'To Change');
    await t.db
      .update(sites)
      .set({ updated_at: new Date('2024-01-01T00:00:00Z') })
      .where(eq(sites.id, site.id));
    const image = await uploadFile(t, w.tokens.owner, {
      folder: 'sites',
      filename: 'x.png',
      site_id: site.id,
    });
    const response = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.owner,
      body: {
        id: site.id,
        name: 'Changed',
        customer_id: w.companies.customer.id,
        image,
        country: 'France',
        city: 'Lille',
        street: null,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().site).toMatchObject({
      name: 'Changed',
      customer: { id: w.companies.customer.id },
      image_key: image,
      country: 'France',
      city: 'Lille',
      street: null,
    });
    const row = await siteRow(site.id);
    expect(row.updated_at.getTime()).toBeGreaterThan(new Date('2024-01-02').getTime());
    const logs = await logsOf(t, 'Site', site.id);
    expect(logs.map((l) => l.note)).toEqual(['Site updated (name, customer_id, image, country, city)']);
    // Only the changed fields, each before and after (street was already empty).
    expect(logs[0]!.changes).toEqual({
      name: { from: 'To Change', to: 'Changed' },
      customer_id: { from: null, to: w.companies.customer.id },
      image: { from: null, to: image },
      country: { from: null, to: 'France' },
      city: { from: null, to: 'Lille' },
    });

    // The same values again change nothing and write no log.
    const again = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.owner,
      body: { id: site.id, name: 'Changed', image, city: 'Lille' },
    });
    expect(again.statusCode).toBe(200);
    expect(await logsOf(t, 'Site', site.id)).toHaveLength(1);
  });

  it('keeps an image key it already has without checking it again, and refuses a new one that was never uploaded', async () => {
    const site = await createSite(t, w.a.id, 'Legacy Image');
    await t.db
      .update(sites)
      .set({ image: `sites/${w.a.id}/legacy.png` })
      .where(eq(sites.id, site.id));
    const same = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.owner,
      body: { id: site.id, image: `sites/${w.a.id}/legacy.png`, zip: '9000' },
    });
    expect(same.statusCode).toBe(200);
    const other = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.owner,
      body: { id: site.id, image: `sites/${w.a.id}/other.png` },
    });
    expect(other.statusCode).toBe(400);
    const cleared = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.owner,
      body: { id: site.id, image: '' },
    });
    expect(cleared.json().site.image).toBeNull();
  });

  it('refuses a blank name or customer, an empty change, a foreign customer, another tenant', async () => {
    const cases: [Record<string, unknown>, number, string[]][] = [
      [{ name: '' }, 400, ['Name is required']],
      [{ customer_id: '' }, 400, ['Customer is required']],
      [{}, 400, ['Send at least one field to change']],
      [
        { customer_id: w.companies.theirCustomer.id },
        400,
        ['Customer must be one of the customer companies of this tenant'],
      ],
      [
        { tenant_id: w.b.id, name: 'Moved' },
        403,
        ['Only an administrator can move a record to another tenant'],
      ],
    ];
    for (const [values, status, messages] of cases) {
      const response = await t.call('PUT', '/api/site/sites', {
        token: w.tokens.full,
        body: { id: w.sites.main.id, ...values },
      });
      expect(response.statusCode, JSON.stringify(values)).toBe(status);
      expect(errorList(response)).toEqual(messages);
    }
    expect((await siteRow(w.sites.main.id)).name).toBe('Main');
  });

  it('replaces the device statuses (JSON text), numbering new ones and carrying renames over to the devices', async () => {
    const site = await createSite(t, w.a.id, 'Statuses', {
      device_statuses: [
        { id: 1, name: 'Planned', color: '#9E9E9E' },
        { id: 2, name: 'Installed', color: '#1976D2' },
        { id: 3, name: 'Faulty', color: '#D32F2F' },
      ],
    });
    const planned = await createDevice(t, {
      siteId: site.id,
      productId: w.products.own.id,
      status: 'Planned',
    });
    const installed = await createDevice(t, {
      siteId: site.id,
      productId: w.products.own.id,
      status: 'Installed',
    });
    const faulty = await createDevice(t, { siteId: site.id, productId: w.products.own.id, status: 'Faulty' });
    const elsewhere = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      status: 'Planned',
    });

    const statuses = [
      { id: 2, name: 'Planned', color: '#1976d2', added: false }, // swapped with id 1
      { id: 1, name: 'Installed', color: '#9E9E9E' },
      { id: 3, name: 'Broken', color: '#abc' },
      { name: 'Commissioned', color: '#2AAD74', added: true },
    ];
    const response = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.owner,
      ...form({ id: String(site.id), device_statuses: JSON.stringify(statuses) }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().site.device_statuses).toEqual([
      { id: 2, name: 'Planned', color: '#1976D2' },
      { id: 1, name: 'Installed', color: '#9E9E9E' },
      { id: 3, name: 'Broken', color: '#ABC' },
      { id: 4, name: 'Commissioned', color: '#2AAD74' },
    ]);
    const statusOf = async (id: number) =>
      (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!.status;
    expect(await statusOf(planned.id)).toBe('Installed');
    expect(await statusOf(installed.id)).toBe('Planned');
    expect(await statusOf(faulty.id)).toBe('Broken');
    expect(await statusOf(elsewhere.id)).toBe('Planned');
    const [log] = await logsOf(t, 'Site', site.id);
    expect(log).toMatchObject({ note: 'Device statuses updated', site_id: site.id, tenant_id: w.a.id });
    expect(Object.keys(log!.changes as object)).toEqual(['device_statuses']);
    expect((log!.changes as Record<string, { from: unknown; to: unknown }>).device_statuses).toEqual({
      from: [
        { id: 1, name: 'Planned', color: '#9E9E9E' },
        { id: 2, name: 'Installed', color: '#1976D2' },
        { id: 3, name: 'Faulty', color: '#D32F2F' },
      ],
      to: response.json().site.device_statuses,
    });
  });

  it('refuses statuses with duplicate names, bad colours, missing names or bad JSON', async () => {
    const cases: [unknown, string[]][] = [
      [
        [
          { name: 'A', color: '#111111' },
          { name: 'a', color: '#222222' },
        ],
        ['Status "a" is listed twice'],
      ],
      [[{ name: 'A', color: 'red' }], ['Status colour must be a hex colour like #2AAD74']],
      [[{ name: '', color: '#111111' }], ['Status name is required']],
      [
        [
          { id: 1, name: 'A', color: '#111' },
          { id: 1, name: 'B', color: '#222' },
        ],
        ['Status id 1 is listed twice'],
      ],
      ['not json', ['Device statuses must be a list']],
    ];
    for (const [value, messages] of cases) {
      const response = await t.call('PUT', '/api/site/sites', {
        token: w.tokens.owner,
        body: {
          id: w.sites.main.id,
          device_statuses: typeof value === 'string' ? value : JSON.stringify(value),
        },
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(errorList(response)).toEqual(messages);
    }
    expect((await siteRow(w.sites.main.id)).device_statuses).toHaveLength(5);
  });

  it('replaces the contractors in the order given; only contractor companies of the site’s tenant', async () => {
    const site = await createSite(t, w.a.id, 'Contractors');
    const response = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.owner,
      ...form({
        id: String(site.id),
        contractors: JSON.stringify([w.companies.spareContractor.id, w.companies.contractor.id]),
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().site.contractors).toEqual([
      w.companies.spareContractor.id,
      w.companies.contractor.id,
    ]);
    expect((await logsOf(t, 'Site', site.id)).map((l) => [l.note, l.changes])).toEqual([
      [
        'Contractors updated',
        { contractors: { from: [], to: [w.companies.spareContractor.id, w.companies.contractor.id] } },
      ],
    ]);

    for (const id of [w.companies.theirContractor.id, w.companies.supplier.id]) {
      const refused = await t.call('PUT', '/api/site/sites', {
        token: w.tokens.owner,
        body: { id: site.id, contractors: [id] },
      });
      expect(refused.statusCode).toBe(400);
      expect(errorList(refused)).toEqual([`Company ${id} is not a contractor company of this site's tenant`]);
    }
    const cleared = await t.call('PUT', '/api/site/sites', {
      token: w.tokens.owner,
      body: { id: site.id, contractors: '[]' },
    });
    expect(cleared.json().site.contractors).toEqual([]);
    expect(
      await t.db.select().from(siteContractors).where(eq(siteContractors.site_id, site.id)),
    ).toHaveLength(0);
  });
});
