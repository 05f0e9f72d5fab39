/**
 * The dry runs of the products, companies and connections imports say what each clean row would
 * do, as the devices import does: new, changed or unchanged, and on a changed row the old value
 * of each changed cell, as the export writes it, under the file's own header. A row with a
 * problem is left out; nothing is written.
 */
import { LIBRARY_TENANT_ID, Role } from '@asbuilt/domain';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { connect, dataPorts, deviceOn, productWithPorts } from '../support/connections.ts';
import { createCompany, createProcat, createProduct, createUser, signIn } from '../support/factories.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
/** The catalogue's administrator: the library's companies and products are theirs to import. */
let library = '';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  library = await signIn(
    t,
    (await createUser(t, { tenantId: LIBRARY_TENANT_ID, role: Role.LibraryAdmin })).email,
  );
});
afterAll(() => t?.close());

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('sheet');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const dryRun = (what: 'companies' | 'products', token: string, body: Buffer) =>
  t.call('POST', `/api/admin/${what}/import?dry_run=true`, {
    token,
    body,
    headers: { 'content-type': XLSX },
  });
const logCount = async () => (await t.db.select({ n: count() }).from(activityLogs))[0]!.n;

describe('companies import: dry run', () => {
  it("marks each clean row, a changed cell's old value under the file's header", async () => {
    const tenant = LIBRARY_TENANT_ID;
    const token = library;
    const moving = await createCompany(t, tenant, {
      name: 'Elec Old',
      code: 'EO',
      supplier: true,
      company_type: 'Supplier',
    });
    const staying = await createCompany(t, tenant, {
      name: 'Stays',
      code: 'ST',
      contractor: true,
      company_type: 'Contractor',
    });
    const theirs = await createCompany(t, w.a.id, { name: 'Theirs', code: 'TH', company_type: 'Supplier' });
    const logs = await logCount();
    const response = await dryRun(
      'companies',
      token,
      await sheet([
        // Headers as a person types them: the answer names them the same way.
        ['id', 'NAME', 'Code', 'Type', 'customer', 'Supplier', 'Contractor'],
        [moving.id, 'Elec New', 'EO', 'Supplier', 'yes', 'yes', 'no'],
        [staying.id, 'Stays', 'ST', 'Contractor', 'no', 'no', 'yes'],
        ['', 'Fresh', 'FR', 'Customer', 'yes', 'no', 'no'],
        [theirs.id, 'Taken over', 'TH', 'Supplier', 'no', 'yes', 'no'],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      created: 1,
      updated: 1,
      unchanged: 1,
      problems: [{ code: 'import_unknown_id', params: { row: 5, column: 'ID' } }],
      changes: [
        { row: 2, status: 'changed', was: { NAME: 'Elec Old', customer: 'no' } },
        { row: 3, status: 'unchanged' },
        { row: 4, status: 'new' },
      ],
    });
    expect(response.json().changes).toHaveLength(3);
    expect(response.json().changes[0].was).toEqual({ NAME: 'Elec Old', customer: 'no' });
    expect(await logCount()).toBe(logs);
  });

  it('is refused to a user who may not administer the catalogue', async () => {
    const response = await dryRun(
      'companies',
      w.tokens.integrator,
      await sheet([
        ['Name', 'Code'],
        ['X', 'X'],
      ]),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBeTruthy();
  });
});

describe('products import: dry run', () => {
  it('names the old brand, category and supplier as the export does, by name or by ID', async () => {
    const tenant = LIBRARY_TENANT_ID;
    const token = library;
    const cisco = await createCompany(t, LIBRARY_TENANT_ID, {
      name: 'Cisco Preview',
      brand: true,
      company_type: 'Brand',
    });
    const hpe = await createCompany(t, LIBRARY_TENANT_ID, {
      name: 'HPE Preview',
      brand: true,
      company_type: 'Brand',
    });
    const rexel = await createCompany(t, tenant, { name: 'Rexel', supplier: true, company_type: 'Supplier' });
    const switches = await createProcat(t, LIBRARY_TENANT_ID, { main: 'Preview', sub1: 'Switch' });
    const changing = await createProduct(t, tenant, {
      name: 'Edge switch',
      product_model: 'ES-1',
      brand_id: cisco.id,
      procat_id: switches.id,
      preferred_supplier_id: rexel.id,
      height: 44,
    });
    const same = await createProduct(t, tenant, {
      name: 'Core switch',
      product_model: 'CS-1',
      brand_id: cisco.id,
      procat_id: switches.id,
    });
    const logs = await logCount();
    const header = [
      'ID',
      'Name',
      'Model',
      'Brand',
      'Brand ID',
      'Category',
      'Preferred Supplier',
      'Height (mm)',
      'Rack Mounted',
    ];
    const response = await dryRun(
      'products',
      token,
      await sheet([
        header,
        // The brand moves (by its ID and its name: both cells show the old one); the supplier's
        // empty cell clears it.
        [changing.id, 'Edge switch', 'ES-2', 'HPE Preview', hpe.id, 'Preview / Switch', '', 44, 'yes'],
        [same.id, 'Core switch', 'CS-1', 'cisco  preview', cisco.id, 'preview/switch', '', '', 'no'],
        ['', 'New one', 'N-1', 'Cisco Preview', '', 'Preview / Switch', '', '', 'no'],
        ['', 'Broken', 'B-1', 'No such brand', '', 'Preview / Switch', '', '', 'no'],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    // The counts take every row; the rows' outcomes leave the broken one out.
    expect(response.json()).toMatchObject({ created: 2, updated: 1, unchanged: 1 });
    expect(response.json().problems).toEqual([
      { code: 'import_invalid', params: { row: 5, column: 'Brand', value: 'No such brand' } },
    ]);
    expect(response.json().changes).toEqual([
      {
        row: 2,
        status: 'changed',
        was: {
          Brand: 'Cisco Preview',
          Model: 'ES-1',
          'Brand ID': String(cisco.id),
          'Preferred Supplier': 'Rexel',
          'Rack Mounted': 'no',
        },
      },
      { row: 3, status: 'unchanged' },
      { row: 4, status: 'new' },
    ]);
    expect(await logCount()).toBe(logs);
  });

  it("another tenant's product is unknown, and left out of the rows; a user may not", async () => {
    const token = library;
    const theirs = await createProduct(t, w.b.id, { name: 'Theirs', product_model: 'T-1' });
    const response = await dryRun(
      'products',
      token,
      await sheet([
        ['ID', 'Name', 'Model'],
        [theirs.id, 'Mine now', 'T-1'],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().problems).toContainEqual({
      code: 'import_unknown_id',
      params: { row: 2, column: 'ID', value: String(theirs.id) },
    });
    expect(response.json().changes).toEqual([]);
    const refused = await dryRun('products', w.tokens.integrator, await sheet([['Name'], ['X']]));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBeTruthy();
  });
});

describe('connections import: dry run', () => {
  const importRows = (token: string, siteId: number, rows: Record<string, unknown>[]) =>
    t.call('POST', '/api/site/connections/import', { token, body: { site_id: siteId, rows, dry_run: true } });

  it("shows a changed cable's old ends and fields as the export writes them", async () => {
    const { product, ports } = await productWithPorts(t, w.a.id, dataPorts(4));
    const a = await deviceOn(t, w.sites.main.id, product.id, 'PV-A');
    const b = await deviceOn(t, w.sites.main.id, product.id, 'PV-B');
    const moving = await connect(t, w.tokens.contributor, {
      site_id: w.sites.main.id,
      a_device_id: a.id,
      a_interface_id: ports[0]!.id,
      b_device_id: b.id,
      b_interface_id: ports[0]!.id,
      cable_type: 'Cat6',
      length_m: 2.5,
    });
    const staying = await connect(t, w.tokens.contributor, {
      site_id: w.sites.main.id,
      a_device_id: a.id,
      a_interface_id: ports[1]!.id,
      b_label: 'Provider ONT',
    });
    const logs = await logCount();
    const response = await importRows(w.tokens.contributor, w.sites.main.id, [
      {
        row: 2,
        code: moving.connection.code,
        a_device: 'PV-A',
        a_port: '3',
        b_device: '',
        b_port: '',
        b_label: 'Street',
        cable_type: 'cat6',
        length_m: '4',
        status: 'installed',
      },
      { row: 3, code: staying.connection.code, a_device: 'pv-a', a_port: '2', b_label: 'Provider ONT' },
      { row: 4, a_device: 'PV-B', a_port: '4', b_label: 'Desk' },
      { row: 5, a_device: 'Nowhere', a_port: '1', b_label: 'Desk' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    expect(response.json().problems).toEqual([
      { code: 'import_not_found', params: { row: 5, column: 'A Device', value: 'Nowhere' } },
    ]);
    expect(response.json().changes).toEqual([
      {
        row: 2,
        status: 'changed',
        was: {
          'A Port': '1',
          'B Device': 'PV-B',
          'B Port': '1',
          'B Label': '',
          'Cable Type': 'Cat6',
          'Length (m)': '2.5',
          Status: 'planned',
        },
      },
      { row: 3, status: 'unchanged' },
      { row: 4, status: 'new' },
    ]);
    expect(await logCount()).toBe(logs);
  });

  it('is refused to a reader and answers 404 on another tenant’s site', async () => {
    const rows = [{ a_label: 'X', b_label: 'Y' }];
    const reader = await importRows(w.tokens.reader, w.sites.main.id, rows);
    expect(reader.statusCode).toBe(403);
    expect(reader.json().error).toBeTruthy();
    const foreign = await importRows(w.tokens.contributor, w.sites.foreign.id, rows);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBeTruthy();
  });
});
