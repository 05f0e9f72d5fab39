import type { CompanyDto } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../src/db/schema.ts';
import { startWorld, type TestApp } from '../support/app.ts';
import { type CatalogueWorld, catalogueWorld, errors, expectLogged } from '../support/catalogue.ts';
import { createCompany, createDevice, createProduct, createSite } from '../support/factories.ts';
import { rowById } from '../support/rows.ts';

let t: TestApp;
let w: CatalogueWorld;

beforeAll(async () => ({ t, w } = await startWorld(catalogueWorld)));
afterAll(() => t?.close());

const companyRow = (id: number) => rowById(t, companies, id);

describe('GET /api/admin/companies', () => {
  it('lists every tenant’s companies and the tenants for the Super Admin', async () => {
    const response = await t.call('GET', '/api/admin/companies', { token: w.tokens.superAdmin });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { companies: CompanyDto[]; tenants: { name: string }[] };
    expect(body.companies.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Library Brand', 'Library Supplier', 'A Brand', 'B Brand']),
    );
    expect(body.tenants.map((x) => x.name)).toEqual(
      expect.arrayContaining(['Asbuilt Library', 'Tenant A', 'Tenant B']),
    );
  });

  it('lists the library’s companies for a Library Admin and refuses tenant users', async () => {
    const body = (await t.call('GET', '/api/admin/companies', { token: w.tokens.libraryAdmin })).json();
    const names = body.companies.map((c: CompanyDto) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Library Brand', 'Library Supplier']));
    expect(names).not.toContain('A Brand');
    for (const token of [w.tokens.owner, w.tokens.integrator, w.tokens.user]) {
      expect((await t.call('GET', '/api/admin/companies', { token })).statusCode).toBe(403);
    }
  });
});

describe('POST, PUT and DELETE /api/admin/companies', () => {
  it('lets the Super Admin create a company in any tenant', async () => {
    const response = await t.call('POST', '/api/admin/companies', {
      token: w.tokens.superAdmin,
      body: { name: 'B Contractor', code: 'BCO', company_type: 'Contractor', tenant_id: w.b.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().company).toMatchObject({
      tenant_id: w.b.id,
      contractor: true,
      company_type: 'Contractor',
    });
  });

  it('needs name and code, and a tenant that exists', async () => {
    const missing = await t.call('POST', '/api/admin/companies', {
      token: w.tokens.superAdmin,
      body: { name: 'No code', tenant_id: w.b.id },
    });
    expect(missing.statusCode).toBe(400);
    expect(errors(missing)).toEqual([`Please fill in all required fields: Code`]);
    const unknown = await t.call('POST', '/api/admin/companies', {
      token: w.tokens.superAdmin,
      body: { name: 'X', code: 'X', tenant_id: 999_999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errors(unknown)).toEqual(['Tenant not found']);
  });

  it('keeps a Library Admin to the library', async () => {
    const create = await t.call('POST', '/api/admin/companies', {
      token: w.tokens.libraryAdmin,
      body: { name: 'X', code: 'X', tenant_id: w.b.id },
    });
    expect(create.statusCode).toBe(400);
    const edit = await t.call('PUT', '/api/admin/companies', {
      token: w.tokens.libraryAdmin,
      body: { id: w.theirs.brand.id, name: 'Hijacked' },
    });
    expect(edit.statusCode).toBe(404);
    const own = await t.call('PUT', '/api/admin/companies', {
      token: w.tokens.libraryAdmin,
      body: { id: w.library.company.id, supplier: true, brand: true },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().company).toMatchObject({ brand: true, supplier: true });
  });

  it('moves an unused company to another tenant, and refuses to move one in use (409)', async () => {
    const free = await createCompany(t, w.a.id, { name: 'Free agent' });
    const moved = await t.call('PUT', '/api/admin/companies', {
      token: w.tokens.superAdmin,
      body: { id: free.id, tenant_id: w.b.id },
    });
    expect(moved.json().company.tenant_id).toBe(w.b.id);
    const [log] = await expectLogged(t, 'Company', free.id, 'Company updated');
    expect(log).toMatchObject({ tenant_id: w.b.id, changes: { tenant_id: { from: w.a.id, to: w.b.id } } });

    const busy = await createCompany(t, w.a.id, { name: 'Busy agent' });
    const site = await createSite(t, w.a.id);
    const product = await createProduct(t, w.a.id, { name: 'Any' });
    await createDevice(t, { siteId: site.id, productId: product.id, supplier_id: busy.id });
    const refused = await t.call('PUT', '/api/admin/companies', {
      token: w.tokens.superAdmin,
      body: { id: busy.id, tenant_id: w.b.id },
    });
    expect(refused.statusCode).toBe(409);
    expect((await companyRow(busy.id))?.tenant_id).toBe(w.a.id);
  });

  it('deletes any tenant’s unused company for the Super Admin and refuses tenant users', async () => {
    const doomed = await createCompany(t, w.b.id, { name: 'Doomed' });
    expect(
      (await t.call('DELETE', `/api/admin/companies?id=${doomed.id}`, { token: w.tokens.owner })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('DELETE', `/api/admin/companies?id=${doomed.id}`, { token: w.tokens.superAdmin }))
        .statusCode,
    ).toBe(200);
    expect(await companyRow(doomed.id)).toBeUndefined();
  });
});
