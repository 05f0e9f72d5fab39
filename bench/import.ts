/**
 * The device import measured side by side (issue 12): 10,000 spreadsheet rows imported end to end
 * (the .xlsx read by `POST /api/site/devices/import/sheet`, then `POST /api/site/devices/import`
 * checking and writing them) against the same 10,000 devices sent as 10,000
 * `POST /api/site/devices`, the one-row call, with their ids looked up beforehand as a client of
 * that call must. Interleaved round by round on one database, after a warm-up round.
 *
 *   npx tsx bench/import.ts [--rows 10000] [--existing 20000] [--rounds 30] [--calls 500]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/import.ts
 *
 * The rows name their product by model and brand, their floor and room by name, a zone, a status,
 * a serial number and a MAC address; each round imports new codes, so every round creates.
 *
 * Each round's one-row side sends `--calls` of the round's devices, spread over the sheet, and
 * counts their time at rows ÷ calls (`--calls` equal to `--rows` sends them all): 10,000 calls a
 * round would make 30 rounds last an hour. Between rounds, untimed, the devices both sides added
 * are deleted and the table vacuumed, so that every round starts from the same site.
 */
import { parseArgs } from 'node:util';
import { autoMapDeviceColumns, deviceImportRows, mappedHeaders, type SheetContent } from '@asbuilt/domain';
import { and, eq, like, or, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { companies, devices, floors, locations, products, zones } from '../server/src/db/schema.ts';
import { median, startBenchApi } from './api-harness.ts';
import { reportFigure } from './figures.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    existing: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '30' },
    calls: { type: 'string', default: '500' },
    /** Leave out the one-row calls (to profile the import alone). */
    'import-only': { type: 'boolean', default: false },
  },
});
const rowCount = Number(values.rows);
const rounds = Number(values.rounds);
const callCount = Math.min(Number(values.calls), rowCount);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const api = await startBenchApi(Number(values.existing));
try {
  const { siteId, db } = api;
  const productRows = await db
    .select({ id: products.id, model: products.product_model, brand: companies.name })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.brand_id))
    .where(sql`${products.name} like 'Bench product %'`);
  const floorRows = await db.select().from(floors).where(eq(floors.site_id, siteId));
  const locationRows = await db.select().from(locations).where(eq(locations.site_id, siteId));
  const zoneRows = await db.select().from(zones).where(eq(zones.site_id, siteId));

  /** Row n of a round: what the sheet says, and the ids a one-row client sends for it. */
  const device = (round: number, n: number) => {
    const product = productRows[n % productRows.length]!;
    const location = locationRows[(n * 7) % locationRows.length]!;
    const floor = floorRows.find((f) => f.id === location.floor_id)!;
    const zone = zoneRows.find((z) => z.floor_id === floor.id)!;
    const mac = (n + round * rowCount).toString(16).padStart(12, '0').match(/../g)!.join(':');
    return {
      sheet: [
        product.brand,
        product.model,
        `R${round}-${n}`,
        floor.name,
        location.name,
        zone.name,
        'Installed',
        `SN${round}-${n}`,
        mac,
      ],
      body: {
        site_id: siteId,
        product_id: product.id,
        code: `O${round}-${n}`,
        floor_id: floor.id,
        location_id: location.id,
        zone_id: zone.id,
        status: 'Installed',
        sn: `SN${round}-${n}`,
        mac,
      },
    };
  };
  const HEADERS = [
    'Brand',
    'Model',
    'Code',
    'Floor',
    'Location',
    'Zone',
    'Status',
    'Serial Number',
    'Mac Address',
  ];
  const workbookOf = async (round: number) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('devices');
    sheet.addRow(HEADERS);
    for (let n = 0; n < rowCount; n++) sheet.addRow(device(round, n).sheet);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };

  const call = async <T>(route: string, body: BodyInit, type = 'application/json'): Promise<T> =>
    JSON.parse((await api.call('POST', route, body, type)).toString()) as T;

  const importTimes: number[] = [];
  const readTimes: number[] = [];
  const oneByOneTimes: number[] = [];
  let fileBytes = 0;
  // Round 0 warms both paths up and is not counted.
  for (let round = 0; round <= rounds; round++) {
    const rows = rowCount;
    const file = await workbookOf(round);
    fileBytes = file.byteLength;
    let started = performance.now();
    const content = await call<SheetContent>(`/api/site/devices/import/sheet?site_id=${siteId}`, file, XLSX);
    const read = performance.now() - started;
    const mapping = autoMapDeviceColumns(content.headers);
    const report = await call<{ created: number; problems: unknown[] }>(
      '/api/site/devices/import',
      JSON.stringify({
        site_id: siteId,
        rows: deviceImportRows(content, mapping).slice(0, rows),
        headers: mappedHeaders(mapping),
      }),
    );
    if (report.created !== rows) throw new Error(`import created ${report.created} of ${rows}`);
    const took = performance.now() - started;
    console.error(
      `round ${round}: import of ${rows} rows ${Math.round(took)} ms (read ${Math.round(read)} ms)`,
    );
    if (round > 0) {
      importTimes.push(took);
      readTimes.push(read);
    }

    if (!values['import-only']) {
      const step = rows / callCount;
      started = performance.now();
      for (let k = 0; k < callCount; k++) {
        await call('/api/site/devices', JSON.stringify(device(round, Math.floor(k * step)).body));
      }
      if (round > 0) oneByOneTimes.push(((performance.now() - started) * rows) / callCount);
    }
    // The next round starts from the same site: this round's devices gone, their space reclaimed.
    await db
      .delete(devices)
      .where(
        and(
          eq(devices.site_id, siteId),
          or(like(devices.code, `R${round}-%`), like(devices.code, `O${round}-%`)),
        ),
      );
    await db.execute(sql`VACUUM ANALYZE devices`);
    console.error(`round ${round} done`);
  }

  const imported = median(importTimes);
  const oneByOne = median(oneByOneTimes);
  const n = rowCount.toLocaleString('en');
  console.log('| database | measurement | rows | median ms | ratio |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(
    `| ${api.kind} | .xlsx read + POST /api/site/devices/import (${(fileBytes / 1e6).toFixed(1)} MB file) | ${n} | ${Math.round(imported)} (read ${Math.round(median(readTimes))}) | 1 |`,
  );
  console.log(
    `| ${api.kind} | ${n} × POST /api/site/devices (${callCount.toLocaleString('en')} sent a round, counted × ${(rowCount / callCount).toLocaleString('en')}) | ${n} | ${Math.round(oneByOne)} | ${(oneByOne / imported).toFixed(0)}× slower |`,
  );
  reportFigure({
    point: '8',
    name: `import of ${n} rows, ${api.kind}`,
    value: Math.round(imported),
    unit: 'ms',
    target: { max: 10_000 },
  });
  if (!values['import-only']) {
    reportFigure({
      point: '8',
      name: `the one-row calls ÷ the import, ${api.kind}`,
      value: Math.round(oneByOne / imported),
      unit: '×',
      target: { min: 50 },
    });
  }
} finally {
  await api.close();
}
