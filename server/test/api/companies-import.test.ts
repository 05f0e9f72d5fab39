/**
 * Companies.xlsx: the administration's export and import. Every row is checked before anything is
 * written; a bad row refuses the whole file and is named with its column; an export imported
 * back unchanged changes nothing.
 */
import { LIBRARY_TENANT_ID, Role } from '@asbuilt/domain';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, companies } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createCompany, createTenant, createUser, signIn } from '../support/factories.ts';
import { zipClaiming } from '../support/spreadsheets.ts';

let t: TestApp;
let tenantA: number;
const tokens = { superAdmin: '', libraryAdmin: '', integrator: '' };
let ownCompany: number;

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
  await createCompany(t, LIBRARY_TENANT_ID, {
    name: 'Axis',
    code: 'AXIS',
    brand: true,
    company_type: 'Brand',
  });
  ownCompany = (
    await createCompany(t, tenantA, {
      name: '=HYPERLINK("http://evil.test","click")',
      code: '+32',
      supplier: true,
      company_type: 'Supplier',
    })
  ).id;
});
afterAll(() => t?.close());

async function sheet(rows: (string | number | { formula: string })[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('companies');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const exportFile = (token: string) => t.call('GET', '/api/admin/companies/export', { token });
const importFile = (token: string, body: Buffer, dryRun = false) =>
  t.call('POST', `/api/admin/companies/import${dryRun ? '?dry_run=true' : ''}`, {
    token,
    body,
    headers: { 'content-type': XLSX },
  });
const companyCount = async () => (await t.db.select({ n: count() }).from(companies))[0]!.n;
const logCount = async () => (await t.db.select({ n: count() }).from(activityLogs))[0]!.n;

const HEADER = ['ID', 'Name', 'Code', 'Type', 'Customer', 'Brand', 'Supplier', 'Contractor', 'Tenant ID'];

describe('GET /api/admin/companies/export', () => {
  it('is Companies.xlsx with the headers, text cells for text that looks like a formula', async () => {
    const response = await exportFile(tokens.superAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toContain('Companies.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, ...HEADER]);
    const row = ws.getColumn(1).values.indexOf(ownCompany);
    expect(ws.getRow(row).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(ws.getRow(row).getCell(2).value).toBe('=HYPERLINK("http://evil.test","click")');
    expect(ws.getRow(row).getCell(3).value).toBe('+32');
  });

  it('is refused below Library Admin and without a session', async () => {
    expect((await exportFile(tokens.integrator)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/companies/export')).statusCode).toBe(401);
  });
});

describe('POST /api/admin/companies/import', () => {
  it('takes its own export back and changes nothing', async () => {
    const exported = (await exportFile(tokens.superAdmin)).rawPayload;
    const [before, logs] = [await companyCount(), await logCount()];
    const response = await importFile(tokens.superAdmin, exported);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 0, updated: 0, unchanged: before, problems: [] });
    expect(await companyCount()).toBe(before);
    expect(await logCount()).toBe(logs);
  });

  it('with one bad row among good ones writes nothing and names each problem by row and column', async () => {
    const file = await sheet([
      HEADER,
      ['', 'Good One', 'G1', 'Supplier', '', '', '', '', tenantA],
      ['', 'No Code', '', 'Brand', '', '', '', '', tenantA],
      ['', 'Bad Type', 'BT', 'Wizard', 'maybe', '', '', '', tenantA],
      [999_999, 'Ghost', 'GH', '', '', '', '', '', ''],
    ]);
    const before = await companyCount();
    const dry = await importFile(tokens.superAdmin, file, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json().problems).toEqual([
      { code: 'import_required', params: { row: 3, column: 'Code' } },
      { code: 'import_invalid', params: { row: 4, column: 'Type', value: 'Wizard' } },
      { code: 'import_invalid', params: { row: 4, column: 'Customer', value: 'maybe' } },
      { code: 'import_unknown_id', params: { row: 5, column: 'ID', value: '999999' } },
    ]);
    expect(dry.json().rows).toHaveLength(4);

    const refused = await importFile(tokens.superAdmin, file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual([
      'Row 3, Code: required',
      'Row 4, Type: "Wizard" is not valid',
      'Row 4, Customer: "maybe" is not valid',
      'Row 5, ID: there is no 999999 you may change',
    ]);
    expect(await companyCount()).toBe(before);
  });

  it('creates rows without an ID and updates rows with one, each logged, in one go', async () => {
    const file = await sheet([
      ['name', 'CODE', 'type', 'tenant id', 'id'],
      ['Lumen Electric', 'LUM', 'Contractor', tenantA, ''],
      ['Axis Communications', 'AXIS', 'Brand', LIBRARY_TENANT_ID, (await axisId()).toString()],
    ]);
    const response = await importFile(tokens.superAdmin, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, updated: 1, unchanged: 0 });
    const [lumen] = await t.db.select().from(companies).where(eq(companies.code, 'LUM'));
    expect(lumen).toMatchObject({ tenant_id: tenantA, contractor: true, company_type: 'Contractor' });
    const [axis] = await t.db.select().from(companies).where(eq(companies.code, 'AXIS'));
    expect(axis!.name).toBe('Axis Communications');
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.object_model, 'Company'));
    expect(logs.map((l) => [l.object_name, l.action])).toEqual(
      expect.arrayContaining([
        ['Lumen Electric', 'created'],
        ['Axis Communications', 'updated'],
      ]),
    );
    expect(logs.find((l) => l.action === 'updated')!.changes).toMatchObject({
      name: { from: 'Axis', to: 'Axis Communications' },
    });
  });

  it('keeps a Library Admin to the library: another tenant is refused, row by row', async () => {
    const file = await sheet([
      ['ID', 'Name', 'Code', 'Tenant ID'],
      [ownCompany, 'Taken over', 'TO', ''],
      ['', 'Elsewhere', 'EW', tenantA],
    ]);
    const response = await importFile(tokens.libraryAdmin, file, true);
    expect(response.json().problems).toEqual([
      { code: 'import_unknown_id', params: { row: 2, column: 'ID', value: String(ownCompany) } },
      { code: 'import_not_allowed', params: { row: 3, column: 'Tenant ID', value: String(tenantA) } },
    ]);
    expect((await importFile(tokens.integrator, file, true)).statusCode).toBe(403);
  });

  it('refuses formulas, files that are no spreadsheet, zip bombs and oversized bodies', async () => {
    const formula = await sheet([HEADER, ['', { formula: '1+1' }, 'F', '', '', '', '', '', '']]);
    const refused = await importFile(tokens.superAdmin, formula);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('import_formula');
    expect(refused.json().params).toEqual({ row: 2, column: 'Name' });

    const text = await importFile(tokens.superAdmin, Buffer.from('name,code\nA,B\n'));
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('spreadsheet_unreadable');

    const bomb = await importFile(tokens.superAdmin, zipClaiming(3, 100 * 1024 * 1024));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().code).toBe('spreadsheet_too_large');

    const huge = await importFile(tokens.superAdmin, Buffer.alloc(11 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
  });
});

async function axisId() {
  const [axis] = await t.db.select().from(companies).where(eq(companies.code, 'AXIS'));
  return axis!.id;
}
