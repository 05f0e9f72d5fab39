/**
 * The shared import engine beyond one sheet's rules: the set-based writer every import uses
 * (one statement per group of rows setting the same columns), a thousand rows created and then
 * updated in one file each, and the tenant moves that the forms refuse for what is in use.
 */
import { LIBRARY_TENANT_ID, Role } from '@asbuilt/domain';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, companies, products } from '../../src/db/schema.ts';
import { appendRows, updateRowsById } from '../../src/db/set-based.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  createCompany,
  createDevice,
  createProcat,
  createProduct,
  createSite,
  createTenant,
  createUser,
  signIn,
} from '../support/factories.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let tenantA: number;
let token = '';
let brand: number;
let procat: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantA = (await createTenant(t, 'Tenant A')).id;
  const admin = await createUser(t, { tenantId: LIBRARY_TENANT_ID, role: Role.SuperAdmin });
  token = await signIn(t, admin.email);
  brand = (await createCompany(t, LIBRARY_TENANT_ID, { name: 'Bosch', brand: true, company_type: 'Brand' }))
    .id;
  procat = (await createProcat(t, LIBRARY_TENANT_ID, { main: 'Fire', sub1: 'Detector' })).id;
});
afterAll(() => t?.close());

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('rows');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const importFile = (kind: 'companies' | 'products', body: Buffer, dryRun = false) =>
  t.call('POST', `/api/admin/${kind}/import${dryRun ? '?dry_run=true' : ''}`, {
    token,
    body,
    headers: { 'content-type': XLSX },
  });

describe('updateRowsById', () => {
  it('writes each row its own values, grouped by the columns set, leaving the others alone', async () => {
    const made = await Promise.all(
      ['P1', 'P2', 'P3'].map((name) =>
        createProduct(t, LIBRARY_TENANT_ID, {
          name,
          product_model: name,
          brand_id: brand,
          procat_id: procat,
        }),
      ),
    );
    const [p1, p2, p3] = made.map((p) => p.id) as [number, number, number];
    const [before] = await t.db.select().from(products).where(eq(products.id, p1));
    await updateRowsById(t.db, products, [
      { id: p1, set: { name: 'One', height: 12.5, rack_mounted: true } },
      { id: p2, set: { name: 'Two', height: null, rack_mounted: false } },
      { id: p3, set: { description: 'it\'s "quoted" {json}', product_status: false } },
    ]);
    const rows = await t.db
      .select()
      .from(products)
      .where(inArray(products.id, [p1, p2, p3]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(p1)).toMatchObject({
      name: 'One',
      height: 12.5,
      rack_mounted: true,
      product_model: 'P1',
    });
    expect(byId.get(p2)).toMatchObject({ name: 'Two', height: null, rack_mounted: false });
    expect(byId.get(p3)).toMatchObject({
      name: 'P3',
      description: 'it\'s "quoted" {json}',
      product_status: false,
    });
    expect(byId.get(p1)!.updated_at.getTime()).toBeGreaterThanOrEqual(before!.updated_at.getTime());
    // Nothing to write is no statement at all.
    await updateRowsById(t.db, products, []);
  });
});

describe('appendRows', () => {
  it('writes every row as given, the values shared by a chunk sent once', async () => {
    const shared = { tenant_id: tenantA, object_model: 'Bench', user_name: "O'Neil", params: null };
    const rows = [
      { ...shared, object_id: 1, note: 'same', changes: { a: { to: 1 } } },
      { ...shared, object_id: 2, note: 'same', changes: { a: { to: 2 } }, params: { n: 2 } },
      { ...shared, object_id: 3, note: 'same', changes: null },
      // A chunk of one row, and a chunk of rows alike in every column.
      { ...shared, object_id: 4, note: 'same', changes: null },
      { ...shared, object_id: 4, note: 'same', changes: null },
      { ...shared, object_id: 4, note: 'same', changes: null },
      { ...shared, object_id: 5, note: 'alone', changes: null },
    ];
    await appendRows(t.db, activityLogs, rows, 3);
    const written = await t.db
      .select({
        tenant_id: activityLogs.tenant_id,
        object_model: activityLogs.object_model,
        object_id: activityLogs.object_id,
        user_name: activityLogs.user_name,
        note: activityLogs.note,
        params: activityLogs.params,
        changes: activityLogs.changes,
      })
      .from(activityLogs)
      .where(eq(activityLogs.object_model, 'Bench'))
      .orderBy(activityLogs.id);
    expect(written).toEqual(rows);
  });
});

describe('a thousand rows', () => {
  it('are created in one file and updated in the next, one activity entry per row', async () => {
    const header = ['ID', 'Name', 'Code', 'Type', 'Tenant ID'];
    const names = Array.from({ length: 1000 }, (_, n) => `Bulk ${n}`);
    const created = await importFile(
      'companies',
      await sheet([header, ...names.map((name, n) => ['', name, `B${n}`, 'Supplier', tenantA])]),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ created: 1000, updated: 0 });

    const rows = await t.db
      .select()
      .from(companies)
      .where(and(eq(companies.tenant_id, tenantA), like(companies.name, 'Bulk %')))
      .orderBy(companies.id);
    expect(rows).toHaveLength(1000);
    const updated = await importFile(
      'companies',
      await sheet([header, ...rows.map((c) => [c.id, `${c.name} renamed`, c.code!, 'Contractor', tenantA])]),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ created: 0, updated: 1000, unchanged: 0 });
    const after = await t.db.select().from(companies).where(like(companies.name, 'Bulk % renamed'));
    expect(after).toHaveLength(1000);
    expect(after.every((c) => c.company_type === 'Contractor' && c.contractor && !c.supplier)).toBe(true);
    const [logs] = await t.db
      .select({ n: count() })
      .from(activityLogs)
      .where(and(eq(activityLogs.object_model, 'Company'), like(activityLogs.object_name, 'Bulk %')));
    expect(logs!.n).toBe(2000);
  });
});

describe('tenant moves', () => {
  it('keep a company that is in use in its tenant, naming the row; an unused one moves', async () => {
    const used = await createCompany(t, LIBRARY_TENANT_ID, {
      name: 'Used Supplier',
      code: 'US',
      supplier: true,
      company_type: 'Supplier',
    });
    const free = await createCompany(t, LIBRARY_TENANT_ID, {
      name: 'Free Supplier',
      code: 'FS',
      supplier: true,
      company_type: 'Supplier',
    });
    const site = await createSite(t, LIBRARY_TENANT_ID);
    const product = await createProduct(t, LIBRARY_TENANT_ID, {
      name: 'Sensor',
      product_model: 'S-1',
      brand_id: brand,
      procat_id: procat,
    });
    await createDevice(t, { siteId: site.id, productId: product.id, supplier_id: used.id });
    const header = ['ID', 'Name', 'Code', 'Tenant ID'];
    const file = await sheet([
      header,
      [free.id, 'Free Supplier', 'FS', tenantA],
      [used.id, 'Used Supplier', 'US', tenantA],
    ]);

    const refused = await importFile('companies', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('import_in_use');
    expect(refused.json().params).toEqual({ row: 3, column: 'Tenant ID', value: String(tenantA) });
    const [stillFree] = await t.db.select().from(companies).where(eq(companies.id, free.id));
    expect(stillFree!.tenant_id).toBe(LIBRARY_TENANT_ID);

    const moved = await importFile(
      'companies',
      await sheet([header, [free.id, 'Free Supplier', 'FS', tenantA]]),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ updated: 1 });
  });

  it('keep a product devices use out of another tenant; to the library it may go', async () => {
    const own = await createProduct(t, tenantA, {
      name: 'Tenant sensor',
      product_model: 'TS-1',
      brand_id: brand,
      procat_id: procat,
    });
    const site = await createSite(t, tenantA);
    await createDevice(t, { siteId: site.id, productId: own.id });
    const other = (await createTenant(t, 'Tenant B')).id;
    const header = ['ID', 'Name', 'Model', 'Brand ID', 'Category ID', 'Tenant ID'];
    const row = (tenant: number) => [own.id, 'Tenant sensor', 'TS-1', brand, procat, tenant];

    const dry = await importFile('products', await sheet([header, row(other)]), true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().problems).toEqual([
      { code: 'import_in_use', params: { row: 2, column: 'Tenant ID', value: String(other) } },
    ]);
    expect((await importFile('products', await sheet([header, row(other)]))).statusCode).toBe(400);

    const toLibrary = await importFile('products', await sheet([header, row(LIBRARY_TENANT_ID)]));
    expect(toLibrary.statusCode, toLibrary.body).toBe(200);
    const [after] = await t.db.select().from(products).where(eq(products.id, own.id));
    expect(after!.tenant_id).toBe(LIBRARY_TENANT_ID);
  });
});
