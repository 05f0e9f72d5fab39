import { type CompanyDto, type ProductDto, Role, SitePermission } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sites } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  createCompany,
  createDevice,
  createProcat,
  createProduct,
  createUser,
  grantAccess,
  signIn,
} from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * External users (of another tenant) see only the companies and products the sites they can see
 * use: the site's customer and contractors, its devices' suppliers, installers, products and
 * their brands and categories (and the library's public brands, products and categories). The
 * owning tenant's other customers, suppliers, products and categories stay hidden; its own users
 * keep the full lists.
 */

let t: TestApp;
let w: SiteWorld;
let externalReader: string;
let hidden: { customer: string; supplier: string; product: string };

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  const guest = await createUser(t, { tenantId: w.b.id, role: Role.User });
  await grantAccess(t, { siteId: w.sites.main.id, userId: guest.id, role: SitePermission.Reader });
  externalReader = await signIn(t, guest.email);

  const a = w.a.id;
  const installer = await createCompany(t, a, { name: 'A Installer', contractor: true });
  const preferred = await createCompany(t, a, { name: 'A Preferred Supplier', supplier: true });
  await createCompany(t, a, { name: 'Unrelated Customer', customer: true, company_type: 'Customer' });
  await createCompany(t, a, { name: 'Unrelated Supplier', supplier: true, company_type: 'Supplier' });
  await createProduct(t, a, {
    name: 'Private Unused',
    product_model: 'PU-1',
    brand_id: w.companies.brand.id,
  });
  const usedCategory = await createProcat(t, a, { main: 'A Used Category' });
  await createProcat(t, a, { main: 'A Hidden Category' });
  await t.db
    .update(products)
    .set({ preferred_supplier_id: preferred.id, procat_id: usedCategory.id })
    .where(eq(products.id, w.products.own.id));
  await t.db.update(sites).set({ customer_id: w.companies.customer.id }).where(eq(sites.id, w.sites.main.id));
  await createDevice(t, {
    siteId: w.sites.main.id,
    productId: w.products.own.id,
    code: 'MAIN-CAM',
    supplier_id: w.companies.supplier.id,
    contractor_id: installer.id,
  });
  hidden = { customer: 'Unrelated Customer', supplier: 'Unrelated Supplier', product: 'Private Unused' };
});
afterAll(() => t?.close());

const USED_COMPANIES = [
  'A Customer',
  'A Contractor',
  'A Supplier',
  'A Installer',
  'A Brand',
  'A Preferred Supplier',
  'Library Brand',
];
const NEVER_EXTERNAL = [
  'Unrelated Customer',
  'Unrelated Supplier',
  'A Spare Contractor',
  'Library Supplier',
  'B Customer',
  'B Supplier',
  'B Contractor',
];

async function refresh(token: string, part: 'companies' | 'products') {
  const response = await t.call('GET', `/api/site/refresh_${part}?id=${w.sites.main.id}`, { token });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.json()[part] as Array<CompanyDto | ProductDto>;
}
const names = (list: Array<{ name: string }>) => list.map((item) => item.name);

describe('an external user of a site', () => {
  it.each([
    ['Reader', () => externalReader],
    ['Contributor', () => w.tokens.external],
  ])('as %s, lists only the companies the site uses', async (_role, token) => {
    const companies = names(await refresh(token(), 'companies'));
    for (const name of USED_COMPANIES) expect(companies).toContain(name);
    for (const name of NEVER_EXTERNAL) expect(companies).not.toContain(name);
    expect(companies).not.toContain(hidden.customer);

    const show = await t.call('GET', `/api/site/sites?id=${w.sites.main.id}`, { token: token() });
    expect(names(show.json().companies).sort()).toEqual([...companies].sort());
  });

  it.each([
    ['Reader', () => externalReader],
    ['Contributor', () => w.tokens.external],
  ])('as %s, lists only the products the site uses and the library’s', async (_role, token) => {
    const list = names(await refresh(token(), 'products'));
    expect(list).toEqual(expect.arrayContaining(['Library Switch', 'Own Camera']));
    expect(list).not.toContain(hidden.product);
    expect(list).not.toContain('B Product');

    const show = await t.call('GET', `/api/site/sites?id=${w.sites.main.id}`, { token: token() });
    expect(names(show.json().products).sort()).toEqual([...list].sort());
  });

  it.each([
    ['Reader', () => externalReader],
    ['Contributor', () => w.tokens.external],
  ])('as %s, lists only the categories of those products and the library’s', async (_role, token) => {
    const response = await t.call('GET', `/api/site/refresh_procats?id=${w.sites.main.id}`, {
      token: token(),
    });
    const list = names(response.json().procats);
    expect(list).toEqual(expect.arrayContaining(['Network / Switch', 'A Used Category']));
    expect(list).not.toContain('A Hidden Category');
  });

  it('as Contributor, is offered only the used and library products and brands for a new device', async () => {
    const options = async (token: string) => {
      const response = await t.call('GET', `/api/site/devices/new?site_id=${w.sites.main.id}`, { token });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const body = response.json() as { products: ProductDto[]; brands: CompanyDto[] };
      return { products: names(body.products), brands: names(body.brands) };
    };
    const external = await options(w.tokens.external);
    expect(external.products).toEqual(expect.arrayContaining(['Library Switch', 'Own Camera']));
    expect(external.products).not.toContain(hidden.product);
    expect(external.brands).toEqual(expect.arrayContaining(['A Brand', 'Library Brand']));
    expect(external.brands).not.toContain('A Customer');
    const internal = await options(w.tokens.contributor);
    expect(internal.products).toContain(hidden.product);
  });

  it('gets its own tenant’s pick list from company_list, never the site owner’s', async () => {
    const response = await t.call('GET', '/api/global/company_list', { token: externalReader });
    expect(response.statusCode).toBe(200);
    const list = names(response.json().companies);
    expect(list).toContain('B Customer');
    for (const name of ['A Customer', 'Unrelated Customer', 'A Supplier', 'A Brand']) {
      expect(list).not.toContain(name);
    }
  });
});

describe('a user of the site’s own tenant', () => {
  it('keeps the tenant’s full lists, whatever the level', async () => {
    for (const token of [w.tokens.reader, w.tokens.integrator]) {
      const companies = names(await refresh(token, 'companies'));
      expect(companies).toEqual(
        expect.arrayContaining([
          'Unrelated Customer',
          'Unrelated Supplier',
          'A Spare Contractor',
          'Library Brand',
        ]),
      );
      expect(companies).not.toContain('B Customer');
      const list = names(await refresh(token, 'products'));
      expect(list).toEqual(expect.arrayContaining(['Library Switch', 'Own Camera', hidden.product]));
      expect(list).not.toContain('B Product');
      const procats = await t.call('GET', `/api/site/refresh_procats?id=${w.sites.main.id}`, { token });
      expect(names(procats.json().procats)).toContain('A Hidden Category');
    }
  });

  it('the Super Admin too', async () => {
    expect(names(await refresh(w.tokens.superAdmin, 'companies'))).toContain('Unrelated Customer');
    expect(names(await refresh(w.tokens.superAdmin, 'products'))).toContain(hidden.product);
  });
});
