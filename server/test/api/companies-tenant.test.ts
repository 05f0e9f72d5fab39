import type { CompanyDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, companies, siteContractors, sites, users } from '../../src/db/schema.ts';
import { startWorld, type TestApp } from '../support/app.ts';
import { type CatalogueWorld, catalogueWorld, errors, expectLogged } from '../support/catalogue.ts';
import { createCompany, createDevice, createProduct, createSite, createUser } from '../support/factories.ts';
import { rowById } from '../support/rows.ts';

let t: TestApp;
let w: CatalogueWorld;

beforeAll(async () => ({ t, w } = await startWorld(catalogueWorld)));
afterAll(() => t?.close());

const companyRow = (id: number) => rowById(t, companies, id);

describe('GET /api/global/company_list', () => {
  it('lists the own tenant’s companies and the library’s brands to every user, role 1 included', async () => {
    const response = await t.call('GET', '/api/global/company_list', { token: w.tokens.user });
    expect(response.statusCode).toBe(200);
    const names = (response.json().companies as CompanyDto[]).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['A Brand', 'A Supplier', 'Library Brand']));
    expect(names).not.toContain('Library Supplier');
    expect(names).not.toContain('B Brand');
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/global/company_list')).statusCode).toBe(401);
  });
});

describe('GET /api/tenant/companies', () => {
  it('lists the tenant’s own companies with their flags, and the tenant', async () => {
    const response = await t.call('GET', '/api/tenant/companies', { token: w.tokens.owner });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { companies: CompanyDto[]; tenants: { id: number; name: string }[] };
    expect(body.companies.every((c) => c.tenant_id === w.a.id)).toBe(true);
    expect(body.companies.find((c) => c.name === 'A Brand')).toMatchObject({
      code: 'ABR',
      company_type: 'Brand',
      brand: true,
      customer: false,
      supplier: false,
      contractor: false,
    });
    expect(body.tenants).toEqual([{ id: w.a.id, name: 'Tenant A' }]);
  });

  it('is refused to role 1', async () => {
    expect((await t.call('GET', '/api/tenant/companies', { token: w.tokens.user })).statusCode).toBe(403);
  });
});

describe('POST /api/tenant/companies', () => {
  it('creates a company inline from the product form (name, code, type) in the actor’s tenant, and logs it', async () => {
    const response = await t.call('POST', '/api/tenant/companies', {
      token: w.tokens.integrator,
      body: { name: 'New Brand', code: 'NB', company_type: 'Brand', tenant_id: w.a.id },
    });
    expect(response.statusCode).toBe(200);
    const company = response.json().company as CompanyDto;
    expect(company).toMatchObject({
      name: 'New Brand',
      code: 'NB',
      company_type: 'Brand',
      brand: true,
      tenant_id: w.a.id,
    });
    const [created] = await expectLogged(t, 'Company', company.id, 'Company created');
    expect(created).toMatchObject({ tenant_id: w.a.id, site_id: null, object_name: 'New Brand' });
    expect(created!.changes).toEqual({
      name: { to: 'New Brand' },
      code: { to: 'NB' },
      company_type: { to: 'Brand' },
      customer: { to: false },
      brand: { to: true },
      supplier: { to: false },
      contractor: { to: false },
    });
  });

  it('takes the flags of a form-encoded body and derives the type from them', async () => {
    const response = await t.call('POST', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: 'name=Acme%20Corp&code=ACME&customer=true&supplier=1&brand=false',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().company).toMatchObject({
      company_type: 'Customer',
      customer: true,
      supplier: true,
      brand: false,
      contractor: false,
    });
  });

  it('needs name and code', async () => {
    const none = await t.call('POST', '/api/tenant/companies', { token: w.tokens.owner, body: {} });
    expect(none.statusCode).toBe(400);
    expect(errors(none)).toEqual([`Please fill in all required fields: Name, Code`]);
    const noCode = await t.call('POST', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { name: 'Only a name', code: ' ', company_type: 'Supplier' },
    });
    expect(errors(noCode)).toEqual([`Please fill in all required fields: Code`]);
  });

  it('refuses an unknown type and non-boolean flags', async () => {
    const response = await t.call('POST', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { name: 'X', code: 'X', company_type: 'Vendor', customer: 'perhaps' },
    });
    expect(response.statusCode).toBe(400);
    expect(errors(response)).toEqual([
      'Type must be one of: Customer, Brand, Supplier, Contractor',
      'Customer must be true or false',
    ]);
  });

  it('refuses another tenant_id (403) and an id (400): nothing is created', async () => {
    const before = (await t.db.select().from(companies)).length;
    const foreign = await t.call('POST', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { name: 'Smuggled', code: 'S', tenant_id: w.b.id },
    });
    expect(foreign.statusCode).toBe(403);
    const withId = await t.call('POST', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { name: 'Smuggled', code: 'S', id: w.theirs.brand.id },
    });
    expect(withId.statusCode).toBe(400);
    expect(errors(withId)).toEqual(['A new record cannot carry an id; the server chooses it']);
    expect((await t.db.select().from(companies)).length).toBe(before);
  });

  it('is refused to role 1 and, in the library, to tenant-1 users below Library Admin', async () => {
    const body = { name: 'X', code: 'X' };
    expect((await t.call('POST', '/api/tenant/companies', { token: w.tokens.user, body })).statusCode).toBe(
      403,
    );
    expect(
      (await t.call('POST', '/api/tenant/companies', { token: w.tokens.libraryOwner, body })).statusCode,
    ).toBe(403);
    const brand = await t.call('POST', '/api/tenant/companies', {
      token: w.tokens.libraryAdmin,
      body: { ...body, company_type: 'Brand' },
    });
    expect(brand.json().company).toMatchObject({ tenant_id: 1, brand: true });
  });
});

describe('PUT /api/tenant/companies', () => {
  it('changes the fields sent; the type’s flag follows the type', async () => {
    const company = await createCompany(t, w.a.id, {
      name: 'Old name',
      code: 'OLD',
      customer: true,
      company_type: 'Customer',
    });
    const response = await t.call('PUT', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { id: company.id, name: 'New name', company_type: 'Contractor' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().company).toMatchObject({
      name: 'New name',
      code: 'OLD',
      company_type: 'Contractor',
      contractor: true,
      customer: true,
    });
    await expectLogged(t, 'Company', company.id, 'Company updated');

    const unflagged = await t.call('PUT', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { id: company.id, contractor: false },
    });
    expect(unflagged.json().company).toMatchObject({ company_type: 'Customer', contractor: false });
    // Each entry: only the fields that changed, before and after.
    const logged = await expectLogged(t, 'Company', company.id, 'Company updated');
    expect(logged.sort((a, b) => a.id - b.id).map((row) => [row.tenant_id, row.changes])).toEqual([
      [
        w.a.id,
        {
          name: { from: 'Old name', to: 'New name' },
          company_type: { from: 'Customer', to: 'Contractor' },
          contractor: { from: false, to: true },
        },
      ],
      [
        w.a.id,
        { company_type: { from: 'Contractor', to: 'Customer' }, contractor: { from: true, to: false } },
      ],
    ]);
  });

  it('refuses to blank name or code', async () => {
    const response = await t.call('PUT', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { id: w.mine.supplier.id, code: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(errors(response)).toEqual([`Please fill in all required fields: Code`]);
  });

  it('answers 404 for another tenant’s company or a library company that is no brand, 403 for a library brand', async () => {
    const foreign = await t.call('PUT', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { id: w.theirs.brand.id, name: 'Hijacked', tenant_id: w.a.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(errors(foreign)).toEqual(['Company not found']);
    const hidden = await t.call('PUT', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { id: w.library.company.id, name: 'Hijacked' },
    });
    expect(hidden.statusCode).toBe(404);
    const brand = await t.call('PUT', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { id: w.library.brand.id, name: 'Hijacked' },
    });
    expect(brand.statusCode).toBe(403);
    expect(await companyRow(w.theirs.brand.id)).toMatchObject({ name: 'B Brand', tenant_id: w.b.id });
    expect((await companyRow(w.library.brand.id))?.name).toBe('Library Brand');
  });

  it('does not move a company to another tenant through tenant_id (403)', async () => {
    const company = await createCompany(t, w.a.id, { name: 'Homebody' });
    const response = await t.call('PUT', '/api/tenant/companies', {
      token: w.tokens.owner,
      body: { id: company.id, tenant_id: w.b.id },
    });
    expect(response.statusCode).toBe(403);
    expect((await companyRow(company.id))?.tenant_id).toBe(w.a.id);
  });
});

describe('DELETE /api/tenant/companies', () => {
  it('deletes an unused company, unlinking users', async () => {
    const company = await createCompany(t, w.a.id, { name: 'Short-lived' });
    const employee = await createUser(t, { tenantId: w.a.id });
    await t.db.update(users).set({ company_id: company.id }).where(eq(users.id, employee.id));
    const response = await t.call('DELETE', `/api/tenant/companies?id=${company.id}`, {
      token: w.tokens.owner,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().company.name).toBe('Short-lived');
    expect(await companyRow(company.id)).toBeUndefined();
    const [row] = await t.db.select().from(users).where(eq(users.id, employee.id));
    expect(row!.company_id).toBeNull();
    const logged = await expectLogged(t, 'Company', company.id, 'Company deleted');
    expect(logged.find((row) => row.note === 'Company deleted')!.changes).toEqual({
      name: { from: 'Short-lived' },
      code: { from: company.code },
    });
  });

  it('refuses with 409 naming what still uses the company', async () => {
    const company = await createCompany(t, w.a.id, { name: 'Busy Co' });
    const site = await createSite(t, w.a.id);
    const product = await createProduct(t, w.a.id, { name: 'Busy product' });
    await createDevice(t, { siteId: site.id, productId: product.id, supplier_id: company.id });
    await createDevice(t, { siteId: site.id, productId: product.id, contractor_id: company.id });
    await createProduct(t, w.a.id, { name: 'Branded', brand_id: company.id });
    await t.db.update(sites).set({ customer_id: company.id }).where(eq(sites.id, site.id));
    await t.db.insert(siteContractors).values({ site_id: site.id, company_id: company.id });

    const response = await t.call('DELETE', `/api/tenant/companies?id=${company.id}`, {
      token: w.tokens.owner,
    });
    expect(response.statusCode).toBe(409);
    expect(errors(response)).toEqual([
      'Busy Co is still used by 2 devices, 1 product, 1 site as customer, 1 site as contractor; remove these links before deleting it',
    ]);
    expect(await companyRow(company.id)).toBeDefined();
  });

  it('refuses for each single use: preferred supplier, site customer, site contractor', async () => {
    const supplier = await createCompany(t, w.a.id, { name: 'Preferred' });
    await createProduct(t, w.a.id, { name: 'Prefers', preferred_supplier_id: supplier.id });
    const customer = await createCompany(t, w.a.id, { name: 'Customer Co', customer: true });
    await t.db.insert(sites).values({ tenant_id: w.a.id, name: 'Customer site', customer_id: customer.id });
    const contractor = await createCompany(t, w.a.id, { name: 'Contractor Co', contractor: true });
    const site = await createSite(t, w.a.id);
    await t.db.insert(siteContractors).values({ site_id: site.id, company_id: contractor.id });
    for (const [company, use] of [
      [supplier, '1 product'],
      [customer, '1 site as customer'],
      [contractor, '1 site as contractor'],
    ] as const) {
      const response = await t.call('DELETE', `/api/tenant/companies?id=${company.id}`, {
        token: w.tokens.owner,
      });
      expect(response.statusCode).toBe(409);
      expect(errors(response)[0]).toContain(`is still used by ${use};`);
    }
  });

  it('ignores deleted products when deciding, and unlinks them', async () => {
    const company = await createCompany(t, w.a.id, { name: 'Former brand' });
    await createProduct(t, w.a.id, { name: 'Gone', brand_id: company.id, discarded_at: new Date() });
    const response = await t.call('DELETE', `/api/tenant/companies?id=${company.id}`, {
      token: w.tokens.owner,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for another tenant’s company and 403 for a library brand or role 1', async () => {
    expect(
      (await t.call('DELETE', `/api/tenant/companies?id=${w.theirs.brand.id}`, { token: w.tokens.owner }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/api/tenant/companies?id=${w.library.brand.id}`, { token: w.tokens.owner }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call('DELETE', `/api/tenant/companies?id=${w.mine.supplier.id}`, { token: w.tokens.user }))
        .statusCode,
    ).toBe(403);
    expect(await companyRow(w.theirs.brand.id)).toBeDefined();
    expect(await companyRow(w.mine.supplier.id)).toBeDefined();
  });

  it('never writes a password, token or secret into an activity entry', async () => {
    const rows = await t.db.select().from(activityLogs);
    expect(rows.some((row) => row.changes !== null)).toBe(true);
    for (const row of rows) {
      expect(Object.keys(row.changes ?? {}).filter((key) => /password|token|secret/i.test(key))).toEqual([]);
    }
  });
});
