/**
 * The device import: Full Access only; rows create (a product by ID or by model and brand) and
 * update (by ID) with places and companies by name, code or ID; every problem named by row and
 * column; one bad row writes nothing; a dry run writes nothing and says what each row would do,
 * with a changed cell's old value; an export imports back unchanged; the wizard's file reader
 * refuses formulas, zip bombs and more than 50,000 rows.
 */
import {
  autoMapDeviceColumns,
  type DeviceImportRow,
  deviceImportRows,
  mappedHeaders,
  type SheetContent,
} from '@asbuilt/domain';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, devices } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';
import { zipClaiming } from '../support/spreadsheets.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

type Values = DeviceImportRow['values'];
const importRows = (
  rows: { row: number; values: Values }[],
  options: { dry_run?: boolean; token?: string; site_id?: unknown; headers?: Record<string, string> } = {},
) =>
  t.call('POST', '/api/site/devices/import', {
    token: options.token ?? w.tokens.integrator,
    body: {
      site_id: options.site_id ?? w.sites.main.id,
      rows,
      ...(options.dry_run !== undefined ? { dry_run: options.dry_run } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    },
  });
const readFile = (data: Buffer, type = XLSX, token = w.tokens.integrator) =>
  t.call('POST', `/api/site/devices/import/sheet?site_id=${w.sites.main.id}`, {
    token,
    body: data,
    headers: { 'content-type': type },
  });
const siteCount = async () =>
  (await t.db.select({ n: count() }).from(devices).where(eq(devices.site_id, w.sites.main.id)))[0]!.n;

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('devices');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

let sequence = 0;
const code = () => `IMP-${++sequence}`;

describe('POST /api/site/devices/import', () => {
  it('is for Full Access (permission 3); Contributors get 403, other tenants 404, nothing written', async () => {
    const before = await siteCount();
    await expectAccessMatrix(w, 3, (token) =>
      importRows([{ row: 2, values: { product_id: String(w.products.own.id) } }], { token, dry_run: true }),
    );
    expect(await siteCount()).toBe(before);
    expect(
      (await importRows([{ row: 2, values: { id: String(w.foreignDevice.id), note: 'x' } }])).statusCode,
    ).toBe(400);
  });

  it('creates by product and updates by ID, names resolved, one activity entry per device', async () => {
    const existing = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.library.id,
      code: code(),
      floor_id: w.floors.ground.id,
    });
    const newCode = code();
    const response = await importRows([
      {
        row: 2,
        values: {
          brand: 'a brand',
          model: 'oc-1',
          code: newCode,
          floor: 'First',
          location: 'office',
          zone: 'First Zone',
          layer: 'NET',
          supplier: 'A Supplier',
          contractor: 'a contractor',
          status: 'installed',
          purchase_date: '31/03/2026',
          mac: '00:1a:2b:3c:4d:5e',
        },
      },
      {
        row: 3,
        values: {
          id: String(existing.id),
          location: 'Lobby',
          note: 'Checked on site',
          warranty_expiration_date: '2030-01-15',
          archived: 'yes',
        },
      },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, updated: 1, unchanged: 0, problems: [] });

    const [created] = await t.db.select().from(devices).where(eq(devices.code, newCode));
    expect(created).toMatchObject({
      product_id: w.products.own.id,
      floor_id: w.floors.first.id,
      location_id: w.locations.office.id,
      zone_id: w.zones.firstZone.id,
      layer_id: w.layers.network.id,
      supplier_id: w.companies.supplier.id,
      contractor_id: w.companies.contractor.id,
      status: 'Installed',
      purchase_date: '2026-03-31',
      mac: '00:1a:2b:3c:4d:5e',
    });
    const [updated] = await t.db.select().from(devices).where(eq(devices.id, existing.id));
    expect(updated).toMatchObject({
      location_id: w.locations.lobby.id,
      note: 'Checked on site',
      warranty_expiration_date: '2030-01-15',
      archived: true,
      code: existing.code,
    });
    expect((await logsOf(t, 'Device', created!.id)).map((l) => [l.action, l.parent_name])).toEqual([
      ['created', 'Office'],
    ]);
    const logs = await logsOf(t, 'Device', existing.id);
    expect(logs.map((l) => l.action)).toEqual(['archived']);
    expect(logs[0]!.changes).toMatchObject({ location_id: { from: null, to: w.locations.lobby.id } });
  });

  it('writes nothing when one row of 1,000 is wrong, and names that row and its column', async () => {
    const before = await siteCount();
    const rows = Array.from({ length: 1000 }, (_, n) => ({
      row: n + 2,
      values: {
        product_id: String(w.products.library.id),
        code: `BATCH-${n}`,
        floor_id: String(n === 736 ? w.elsewhere.floor.id : w.floors.ground.id),
      } as Values,
    }));
    const response = await importRows(rows, { headers: { floor_id: 'Etage (ID)' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('import_not_found');
    expect(response.json().params).toEqual({
      row: 738,
      column: 'Etage (ID)',
      value: String(w.elsewhere.floor.id),
    });
    expect(await siteCount()).toBe(before);

    rows[736]!.values.floor_id = String(w.floors.first.id);
    const dry = await importRows(rows, { dry_run: true });
    expect(dry.json()).toMatchObject({ created: 1000, updated: 0, problems: [] });
    expect(await siteCount()).toBe(before);
    const done = await importRows(rows);
    expect(done.json()).toMatchObject({ created: 1000, updated: 0 });
    expect(await siteCount()).toBe(before + 1000);
    const [logged] = await t.db
      .select({ n: count() })
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.object_model, 'Device'),
          eq(activityLogs.action, 'created'),
          eq(activityLogs.site_id, w.sites.main.id),
        ),
      );
    expect(logged!.n).toBeGreaterThanOrEqual(1000);
  });

  it('reports every problem of a dry run by row and column, in reading order', async () => {
    const taken = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: 'TAKEN-1',
    });
    const response = await importRows(
      [
        { row: 2, values: { model: 'No Such Model', code: 'NEW-A' } },
        { row: 3, values: { code: 'NEW-B' } },
        { row: 4, values: { id: String(w.foreignDevice.id), note: 'mine now' } },
        { row: 5, values: { id: String(w.device.id), floor: 'First', location: 'Lobby' } },
        {
          row: 6,
          values: { product_id: String(w.products.own.id), purchase_date: '31/02/2026', ip: '999.1.1.1' },
        },
        { row: 7, values: { product_id: String(w.products.theirs.id) } },
        { row: 8, values: { product_id: String(w.products.own.id), code: 'DUP' } },
        { row: 9, values: { product_id: String(w.products.own.id), code: 'dup' } },
        { row: 10, values: { product_id: String(w.products.own.id), code: 'taken-1' } },
        { row: 11, values: { id: String(w.device.id), note: 'twice' } },
        {
          row: 12,
          values: { product_id: String(w.products.own.id), status: 'Broken', contractor: 'B Contractor' },
        },
      ],
      { dry_run: true },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().problems).toEqual([
      { code: 'import_product_not_found', params: { row: 2, column: 'Model', value: 'No Such Model' } },
      { code: 'import_required', params: { row: 3, column: 'Product ID' } },
      { code: 'import_unknown_id', params: { row: 4, column: 'ID', value: String(w.foreignDevice.id) } },
      {
        code: 'import_problem',
        params: {
          row: 5,
          column: 'Location',
          problem: 'location_not_on_floor',
          location: 'Lobby',
          floor: 'First',
        },
      },
      { code: 'import_invalid', params: { row: 6, column: 'Ip Address', value: '999.1.1.1' } },
      { code: 'import_invalid', params: { row: 6, column: 'Purchase Date', value: '31/02/2026' } },
      {
        code: 'import_product_not_found',
        params: { row: 7, column: 'Product ID', value: String(w.products.theirs.id) },
      },
      { code: 'import_duplicate', params: { row: 8, column: 'Code', value: 'DUP' } },
      { code: 'import_duplicate', params: { row: 9, column: 'Code', value: 'dup' } },
      { code: 'import_code_taken', params: { row: 10, column: 'Code', value: 'taken-1' } },
      { code: 'import_duplicate', params: { row: 11, column: 'ID', value: String(w.device.id) } },
      {
        code: 'import_problem',
        params: {
          row: 12,
          column: 'Status',
          problem: 'status_not_of_site',
          status: 'Broken',
          statuses: expect.any(String),
        },
      },
      { code: 'import_not_found', params: { row: 12, column: 'Contractor', value: 'B Contractor' } },
    ]);
    const [still] = await t.db.select().from(devices).where(eq(devices.id, w.device.id));
    expect(still!.floor_id).toBe(w.floors.ground.id);
    expect((await t.db.select().from(devices).where(eq(devices.id, taken.id)))[0]!.code).toBe('TAKEN-1');
  });

  it("says on a dry run what each clean row would do, with a changed cell's old value", async () => {
    const moving = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: code(),
      floor_id: w.floors.ground.id,
      location_id: w.locations.lobby.id,
      note: 'Old note',
    });
    const staying = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: code(),
    });
    const before = await siteCount();
    const response = await importRows(
      [
        { row: 2, values: { product_id: String(w.products.own.id), code: code() } },
        {
          row: 3,
          values: {
            id: String(moving.id),
            code: moving.code!,
            model: 'ls-24',
            floor_code: 'Fir',
            floor: 'First',
            location: 'Office',
            note: 'New note',
            warranty_expiration_date: '15/01/2030',
            archived: 'no',
          },
        },
        { row: 4, values: { id: String(staying.id), code: staying.code!, note: '' } },
        { row: 5, values: { model: 'No Such Model' } },
      ],
      { dry_run: true, headers: { note: 'Remarks', floor_code: 'Level code' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    // Only the cells that change carry their old value, under the file's headers; the problem row
    // is left out.
    expect(response.json().changes).toEqual([
      { row: 2, status: 'new' },
      {
        row: 3,
        status: 'changed',
        was: {
          Model: 'OC-1',
          'Level code': 'Gro',
          Floor: 'Ground',
          Location: 'Lobby',
          Remarks: 'Old note',
          'Warranty Expires': '',
        },
      },
      { row: 4, status: 'unchanged' },
    ]);
    expect(await siteCount()).toBe(before);

    // A real import answers the counts alone.
    const written = await importRows([{ row: 2, values: { id: String(moving.id), note: 'New note' } }]);
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ updated: 1 });
    expect(written.json().changes).toBeUndefined();
  });

  it('imports an export back unchanged, then applies the one cell changed in it', async () => {
    const exported = await t.call('POST', '/api/site/devices/export', {
      token: w.tokens.integrator,
      body: { site_id: w.sites.main.id, columns: ['note', 'purchase_date', 'archived'] },
    });
    expect(exported.statusCode).toBe(200);
    const read = await readFile(exported.rawPayload);
    expect(read.statusCode, read.body).toBe(200);
    const content = read.json() as SheetContent;
    const mapping = autoMapDeviceColumns(content.headers);
    expect(mapping).toMatchObject({ ID: 'id', Floor: 'floor', 'Serial Number': 'sn', Category: null });
    const rows = deviceImportRows(content, mapping);
    const logsBefore = (await t.db.select({ n: count() }).from(activityLogs))[0]!.n;

    const same = await importRows(rows, { headers: mappedHeaders(mapping) });
    expect(same.json()).toMatchObject({ created: 0, updated: 0, unchanged: content.rows.length });
    expect((await t.db.select({ n: count() }).from(activityLogs))[0]!.n).toBe(logsBefore);

    const target = rows.find((r) => r.values.id === String(w.device.id))!;
    target.values.location = '';
    target.values.note = 'Moved during the works';
    const changed = await importRows(rows);
    expect(changed.json()).toMatchObject({ updated: 1, unchanged: content.rows.length - 1 });
    const [device] = await t.db.select().from(devices).where(eq(devices.id, w.device.id));
    expect(device).toMatchObject({
      location_id: null,
      note: 'Moved during the works',
      floor_id: w.floors.ground.id,
    });
  });

  it('answers 400 with a code for bad bodies, never 500', async () => {
    const bad = [
      { site_id: w.sites.main.id, rows: [] },
      { rows: [{ row: 2, values: {} }] },
      { site_id: w.sites.main.id, rows: [{ row: 2, values: { password: 'x' } }] },
      { site_id: w.sites.main.id, rows: [{ row: 0, values: {} }] },
      { site_id: w.sites.main.id, rows: [{ row: 2, values: { note: 5 } }] },
      { site_id: 'main', rows: [{ row: 2, values: {} }] },
    ];
    for (const body of bad) {
      const response = await t.call('POST', '/api/site/devices/import', { token: w.tokens.integrator, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
  });
});

describe('POST /api/site/devices/import/sheet', () => {
  it('reads an .xlsx and a Belgian .csv (semicolons, quotes, Windows-1252) into headers and rows', async () => {
    const file = await xlsx([
      ['ID', 'Code', 'Purchase Date'],
      [12, 'A-1', new Date(Date.UTC(2026, 2, 31))],
      [],
      [null, 'A-2'],
    ]);
    const read = await readFile(file);
    expect(read.json()).toEqual({
      headers: ['ID', 'Code', 'Purchase Date'],
      rows: [
        { row: 2, values: { ID: '12', Code: 'A-1', 'Purchase Date': '2026-03-31' } },
        { row: 4, values: { Code: 'A-2' } },
      ],
    });
    const csv = Buffer.from(
      'Code;Note\r\nB-1;"Local technique; 2e étage"\r\nB-2;"Dit ""net"" zo"\r\n',
      'latin1',
    );
    const fromCsv = await readFile(csv, 'text/csv');
    expect(fromCsv.json().rows).toEqual([
      { row: 2, values: { Code: 'B-1', Note: 'Local technique; 2e étage' } },
      { row: 3, values: { Code: 'B-2', Note: 'Dit "net" zo' } },
    ]);
    await expectAccessMatrix(w, 3, (token) => readFile(csv, 'text/csv', token));
  });

  it('refuses formulas, zip bombs, more than 50,000 rows and bodies over 10 MB', async () => {
    const formula = await readFile(await xlsx([['Code'], [{ formula: '1+1' }]]));
    expect(formula.statusCode).toBe(400);
    expect(formula.json()).toMatchObject({ code: 'import_formula', params: { row: 2, column: 'Code' } });

    const bomb = await readFile(zipClaiming(3, 100 * 1024 * 1024));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().code).toBe('spreadsheet_too_large');

    const many = Buffer.from(`Code\n${Array.from({ length: 50_001 }, (_, n) => `C${n}`).join('\n')}\n`);
    const tooMany = await readFile(many, 'text/csv');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'spreadsheet_too_many_rows', params: { max: 50_000 } });

    expect((await readFile(Buffer.alloc(11 * 1024 * 1024))).statusCode).toBe(413);
  });
});
