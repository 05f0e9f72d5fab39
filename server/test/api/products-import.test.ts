/**
 * Products.xlsx: the 26 columns out, and back in through the shared engine with brand, category
 * and supplier by ID or by name; a bad row refuses the whole file; an unchanged export changes nothing.
 */
import { LIBRARY_TENANT_ID, Role } from '@asbuilt/domain';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, products } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  createCompany,
  createProcat,
  createProduct,
  createTenant,
  createUser,
  signIn,
} from '../support/factories.ts';

let t: TestApp;
let tenantA: number;
let ownProduct: number;
const tokens = { superAdmin: '', libraryAdmin: '', integrator: '' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await startTestApp();
  tenantA = (await createTenant(t, 'Tenant A')).id;
  const users = {
    superAdmin: await createUser(t, { tenantId: LIBRARY_TENANT_ID, role: Role.SuperAdmin }),
    libraryAdmin: await createUser(t, { tenantId: LIBRARY_TENANT_ID, role: Role.LibraryAdmin }),
    integrator: await createUser(t, { tenantId: tenantA, role: Role.Integrator }),
  };
  for (const key of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[key] = await signIn(t, users[key].email);
  const cisco = await createCompany(t, LIBRARY_TENANT_ID, {
    name: 'Cisco',
    brand: true,
    company_type: 'Brand',
  });
  await createCompany(t, tenantA, { name: 'Rexel', supplier: true, company_type: 'Supplier' });
  const switches = await createProcat(t, LIBRARY_TENANT_ID, { main: 'Network', sub1: 'Switch' });
  await createProduct(t, LIBRARY_TENANT_ID, {
    name: 'Catalyst 9200',
    product_model: 'C9200-24P',
    brand_id: cisco.id,
    procat_id: switches.id,
  });
  ownProduct = (
    await createProduct(t, tenantA, {
      name: 'Own switch',
      product_model: 'OS-1',
      brand_id: cisco.id,
      procat_id: switches.id,
    })
  ).id;
});
afterAll(() => t?.close());

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('products');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const importFile = (token: string, body: Buffer, dryRun = false) =>
  t.call('POST', `/api/admin/products/import${dryRun ? '?dry_run=true' : ''}`, {
    token,
    body,
    headers: { 'content-type': XLSX },
  });
const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;

describe('Products.xlsx', () => {
  it('exports the 26 columns, and its own export imports back changing nothing', async () => {
    const response = await t.call('GET', '/api/admin/products/export', { token: tokens.superAdmin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Products.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const headers = (workbook.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(headers).toHaveLength(26);
    expect(headers.slice(0, 5)).toEqual(['ID', 'Name', 'Model', 'Brand', 'Category']);

    const logs = (await t.db.select({ n: count() }).from(activityLogs))[0]!.n;
    const again = await importFile(tokens.superAdmin, response.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2, ignored: [], problems: [] });
    expect((await t.db.select({ n: count() }).from(activityLogs))[0]!.n).toBe(logs);
  });

  it('creates by names and updates by ID in one go, each logged', async () => {
    const file = await sheet([
      [
        'ID',
        'Name',
        'Model',
        'Brand',
        'Category',
        'Preferred Supplier',
        'Height (mm)',
        'Rack Mounted',
        'Rack Units',
        'Tenant ID',
        'SKU',
      ],
      [
        '',
        'Catalyst 9300',
        'C9300-48P',
        'cisco',
        'network > switch',
        'Rexel',
        '44,5',
        'yes',
        1,
        tenantA,
        'SKU-1',
      ],
      [ownProduct, 'Own switch', 'OS-1', 'Cisco', 'Network / Switch', '', '', 'no', '', tenantA, 'SKU-2'],
    ]);
    const response = await importFile(tokens.superAdmin, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, updated: 1 });
    const [created] = await t.db.select().from(products).where(eq(products.product_model, 'C9300-48P'));
    expect(created).toMatchObject({
      tenant_id: tenantA,
      height: 44.5,
      rack_mounted: true,
      rack_units: 1,
      sku: 'SKU-1',
    });
    expect(created!.preferred_supplier_id).not.toBeNull();
    const [updated] = await t.db.select().from(products).where(eq(products.id, ownProduct));
    expect(updated!.sku).toBe('SKU-2');
  });

  it('names every problem with its row and column, and writes nothing', async () => {
    const file = await sheet([
      ['Name', 'Model', 'Brand', 'Category', 'Weight (g)', 'Status'],
      ['Good', 'G-1', 'Cisco', 'Network / Switch', 100, 'yes'],
      ['No brand', 'NB-1', 'Acme', 'Network / Switch', 100, 'yes'],
      ['Bad weight', 'BW-1', 'Cisco', '', 'heavy', 'maybe'],
    ]);
    const before = await productCount();
    const dry = await importFile(tokens.superAdmin, file, true);
    expect(dry.json().problems).toEqual([
      { code: 'import_invalid', params: { row: 3, column: 'Brand', value: 'Acme' } },
      { code: 'import_required', params: { row: 4, column: 'Category' } },
      { code: 'import_invalid', params: { row: 4, column: 'Weight (g)', value: 'heavy' } },
      { code: 'import_invalid', params: { row: 4, column: 'Status', value: 'maybe' } },
    ]);
    const refused = await importFile(tokens.superAdmin, file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('Row 3, Brand: "Acme" is not valid');
    expect(await productCount()).toBe(before);
  });

  it('keeps a Library Admin to the library, and refuses the others', async () => {
    const file = await sheet([
      ['ID', 'Name', 'Model', 'Brand', 'Category'],
      [ownProduct, 'Taken', 'T', 'Cisco', 'Network / Switch'],
    ]);
    const dry = await importFile(tokens.libraryAdmin, file, true);
    expect(dry.json().problems).toEqual([
      { code: 'import_unknown_id', params: { row: 2, column: 'ID', value: String(ownProduct) } },
    ]);
    expect((await importFile(tokens.integrator, file, true)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/products/export', { token: tokens.integrator })).statusCode).toBe(
      403,
    );
  });
});
