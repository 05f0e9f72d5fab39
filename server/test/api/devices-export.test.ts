/**
 * `<site> devices.xlsx`: the standard columns and the optional ones asked for, the devices shown
 * (or every device not archived), text kept as text; Contributors and above; other tenants 404.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { expectAccessMatrix, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let formula: number;
let archived: number;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  formula = (
    await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: '=HYPERLINK("http://evil.test")',
      note: '@SUM(A1)',
      floor_id: w.floors.first.id,
    })
  ).id;
  archived = (
    await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: 'OLD',
      archived: true,
    })
  ).id;
});
afterAll(() => t?.close());

const exportOf = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/site/devices/export', { token, body });

async function sheetOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { headers: rows[0] as string[], rows: rows.slice(1), sheet };
}

describe('POST /api/site/devices/export', () => {
  it('is for Contributors and above, and 404 for another tenant', async () => {
    const answers = await expectAccessMatrix(w, 2, (token) => exportOf(token, { site_id: w.sites.main.id }));
    expect(answers.integrator.headers['content-disposition']).toContain('Main devices.xlsx');
    expect((await exportOf(w.tokens.other, { site_id: w.sites.main.id })).statusCode).toBe(404);
  });

  it('writes the 16 standard columns and every device not archived, names resolved', async () => {
    const response = await exportOf(w.tokens.integrator, { site_id: w.sites.main.id });
    expect(response.statusCode).toBe(200);
    const { headers, rows } = await sheetOf(response.rawPayload);
    expect(headers).toEqual([
      'ID',
      'Code',
      'Name',
      'Floor',
      'Location',
      'Zone',
      'Layer',
      'Category',
      'Brand',
      'Model',
      'Supplier',
      'Contractor',
      'Serial Number',
      'Mac Address',
      'Ip Address',
      'Status',
    ]);
    const ids = rows.map((r) => r[0]);
    expect(ids).toContain(w.device.id);
    expect(ids).not.toContain(archived);
    const main = rows.find((r) => r[0] === w.device.id)!;
    expect(main.slice(1, 6)).toEqual(['MAIN-001', w.device.name, 'Ground', 'Lobby', 'Ground Zone']);
    expect(main.slice(7, 10)).toEqual(['Network / Switch', 'Library Brand', 'LS-24']);
    expect(main[15]).toBe('Planned');
  });

  it('writes only the devices asked for, with the optional columns, text that looks like a formula as text', async () => {
    const response = await exportOf(w.tokens.contributor, {
      site_id: w.sites.main.id,
      ids: [formula, archived],
      columns: ['note', 'archived', 'floor_id'],
    });
    const { headers, rows, sheet } = await sheetOf(response.rawPayload);
    expect(headers.slice(16)).toEqual(['Note', 'Archived', 'Floor ID']);
    expect(rows.map((r) => r[0])).toEqual([formula, archived]);
    const cell = sheet.getRow(2).getCell(2);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://evil.test")');
    expect(sheet.getRow(2).getCell(17).value).toBe('@SUM(A1)');
    expect(rows[1]![17]).toBe('yes');
  });

  it('refuses an unknown column', async () => {
    const response = await exportOf(w.tokens.integrator, { site_id: w.sites.main.id, columns: ['password'] });
    expect(response.statusCode).toBe(400);
  });
});
