import {
  CONNECTION_SHEET_COLUMNS,
  type ConnectionDto,
  type ImportReport,
  type SheetContent,
} from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  codesOf,
  connect,
  countConnections,
  dataPorts,
  deviceOn,
  listedConnections,
  productWithPorts,
} from '../support/connections.ts';
import { expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;
let first: ConnectionDto;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  const product = await productWithPorts(t, w.a.id, dataPorts(8));
  const a = await deviceOn(t, w.sites.main.id, product.product.id, 'SW-A');
  const b = await deviceOn(t, w.sites.main.id, product.product.id, 'SW-B');
  first = (
    await connect(t, w.tokens.contributor, {
      site_id: w.sites.main.id,
      a_device_id: a.id,
      a_interface_id: product.ports[0]!.id,
      b_device_id: b.id,
      b_interface_id: product.ports[0]!.id,
      cable_type: '=HYPERLINK("http://evil.test")',
      length_m: 1.5,
    })
  ).connection;
});
afterAll(() => t?.close());

const main = () => w.sites.main.id;
const importRows = (token: string, rows: Record<string, unknown>[], dryRun?: boolean) =>
  t.call('POST', '/api/site/connections/import', {
    token,
    body: { site_id: main(), rows, ...(dryRun !== undefined ? { dry_run: dryRun } : {}) },
  });

/** The exported file read back by the import's own reader, as the rows the import takes. */
async function exportedRows(): Promise<Record<string, unknown>[]> {
  const file = await t.call('GET', `/api/site/connections/export?site_id=${main()}`, {
    token: w.tokens.reader,
  });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toContain('Main connections.xlsx');
  const sheet = await t.call('POST', `/api/site/connections/import/sheet?site_id=${main()}`, {
    token: w.tokens.contributor,
    body: file.rawPayload,
    headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  });
  expect(sheet.statusCode, sheet.body).toBe(200);
  const content = sheet.json() as SheetContent;
  expect(content.headers).toEqual(CONNECTION_SHEET_COLUMNS.map((c) => c.header));
  return content.rows.map(({ row, values }) => ({
    row,
    ...Object.fromEntries(CONNECTION_SHEET_COLUMNS.map((c) => [c.key, values[c.header] ?? ''])),
  }));
}

describe('connections: export and import', () => {
  it('an export imports back unchanged, text kept as text', async () => {
    const rows = await exportedRows();
    expect(rows).toEqual([
      expect.objectContaining({
        row: 2,
        code: first.code,
        a_device: 'SW-A',
        a_port: '1',
        b_device: 'SW-B',
        b_port: '1',
        cable_type: '=HYPERLINK("http://evil.test")',
        status: 'planned',
      }),
    ]);
    const report = await importRows(w.tokens.contributor, rows, true);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, problems: [] });
  });

  it('a dry run says what would change and writes nothing; the import then writes it, numbered on', async () => {
    const rows = [
      { code: first.code, note: 'checked', status: 'Tested' },
      { a_device: 'SW-A', a_port: '2', b_device: 'SW-B', b_port: '2', cable_type: 'Cat6' },
      { a_device: 'sw-a', a_port: '3', b_label: 'Provider ONT', length_m: '3,5' },
      { code: 'X-9', a_label: 'Street', b_device: 'SW-B', b_port: '3' },
    ];
    const before = await countConnections(t, main());
    const dry = await importRows(w.tokens.contributor, rows, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      created: 3,
      updated: 1,
      unchanged: 0,
      problems: [],
      changes: [
        { row: 2, status: 'changed' },
        { row: 3, status: 'new' },
        { row: 4, status: 'new' },
        { row: 5, status: 'new' },
      ],
    });
    expect(await countConnections(t, main())).toBe(before);

    const done = await importRows(w.tokens.contributor, rows);
    expect(done.statusCode, done.body).toBe(200);
    const list = await t.call('GET', `/api/site/connections?site_id=${main()}`, { token: w.tokens.reader });
    const byCode = new Map(listedConnections(list, main()).map((c) => [c.code, c]));
    expect(byCode.get(first.code)).toMatchObject({ note: 'checked', status: 'tested' });
    expect(byCode.get('C-0002')).toMatchObject({
      a_port: { label: '2' },
      b_port: { label: '2' },
      cable_type: 'Cat6',
    });
    expect(byCode.get('C-0003')).toMatchObject({ b_label: 'Provider ONT', length_m: 3.5, b_device_id: null });
    expect(byCode.get('X-9')).toMatchObject({ a_label: 'Street', b_port: { label: '3' } });
    const logs = await logsOf(t, 'Connection', first.id);
    expect(logs.at(-1)).toMatchObject({
      action: 'updated',
      changes: { note: { from: null, to: 'checked' }, status: { from: 'planned', to: 'tested' } },
    });
  });

  it('with a bad row writes nothing and names every bad row', async () => {
    const before = await countConnections(t, main());
    const rows = [
      { a_device: 'SW-A', a_port: '5', b_device: 'SW-B', b_port: '5' },
      { a_device: 'NOPE', a_port: '1', b_label: 'X' },
      { a_device: 'SW-A', a_port: '1', b_label: 'X' },
      { a_device: 'SW-A', a_port: '6', b_label: 'X', status: 'lost' },
      { a_device: 'SW-A', a_port: '99', b_label: 'X' },
      { a_label: 'only one end' },
      { code: 'Z-1', a_label: 'A', b_label: 'B' },
      { code: 'z-1', a_label: 'A', b_label: 'B' },
    ];
    const response = await importRows(w.tokens.contributor, rows);
    expect(response.statusCode).toBe(400);
    const { params } = response.json() as { params: { row: number; column: string; problem?: string }[] };
    expect(params.map((p) => [p.row, p.column])).toEqual([
      [3, 'A Device'],
      [4, 'A Port'],
      [5, 'Status'],
      [6, 'A Port'],
      [7, 'B Device'],
      [9, 'Code'],
    ]);
    expect(codesOf(response)).toEqual([
      'import_not_found',
      'import_problem',
      'import_invalid',
      'import_not_found',
      'import_required',
      'import_duplicate',
    ]);
    expect(params[1]!.problem).toBe('connection_port_taken');
    expect(await countConnections(t, main())).toBe(before);
    const dry = await importRows(w.tokens.contributor, rows, true);
    expect((dry.json() as ImportReport).problems).toHaveLength(6);
    expect(await countConnections(t, main())).toBe(before);
  });

  it('import is for Contributors and above, export for Readers and above; bad bodies answer 400', async () => {
    let n = 0;
    await expectAccessMatrix(w, 2, (token) => importRows(token, [{ a_label: `In ${++n}`, b_label: 'Out' }]));
    await expectAccessMatrix(w, 1, (token) =>
      t.call('GET', `/api/site/connections/export?site_id=${main()}`, { token }),
    );
    for (const body of [{ site_id: main(), rows: [] }, { site_id: main(), rows: 'x' }, { rows: [{}] }]) {
      const response = await t.call('POST', '/api/site/connections/import', {
        token: w.tokens.contributor,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const notAFile = await t.call('POST', `/api/site/connections/import/sheet?site_id=${main()}`, {
      token: w.tokens.contributor,
      body: Buffer.from('not a spreadsheet'),
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    expect(notAFile.statusCode).toBe(400);
  });
});
