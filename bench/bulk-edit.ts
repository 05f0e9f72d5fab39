/**
 * Bulk editing measured side by side (issue 12): 1,000 devices changed by one
 * `PUT /api/site/devices/bulk` against the same change sent as 1,000 `PUT /api/site/devices`,
 * interleaved round by round on one database; and the export of the whole site as .xlsx.
 *
 *   npx tsx bench/bulk-edit.ts [--count 20000] [--batch 1000] [--rounds 30]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/bulk-edit.ts
 *
 * The server runs in this process and is called over real HTTP on loopback. Each round changes
 * the note of the same devices to a new text, so every round really writes (and logs) every one.
 */
import { parseArgs } from 'node:util';
import { expandSiteDevices, type SiteDevicesResponse } from '@asbuilt/domain';
import { median, startBenchApi } from './api-harness.ts';
import { type Figure, reportFigure } from './figures.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '30' },
  },
});
const count = Number(values.count);
const batch = Number(values.batch);
const rounds = Number(values.rounds);

const api = await startBenchApi(count);
try {
  const { siteId } = api;
  const call = async (method: string, route: string, body: unknown) =>
    (await api.call(method, route, JSON.stringify(body))).byteLength;

  const list = await api.callJson<SiteDevicesResponse>('GET', `/api/site/refresh_devices?id=${siteId}`);
  const ids = expandSiteDevices(list, siteId)
    .slice(0, batch)
    .map((d) => d.id);

  const bulkTimes: number[] = [];
  const oneByOneTimes: number[] = [];
  // Round 0 warms both paths up and is not counted.
  for (let round = 0; round <= rounds; round++) {
    let started = performance.now();
    await call('PUT', '/api/site/devices/bulk', { ids, changes: { note: `bulk ${round}` } });
    if (round > 0) bulkTimes.push(performance.now() - started);
    started = performance.now();
    for (const id of ids) await call('PUT', '/api/site/devices', { id, note: `one ${round}` });
    if (round > 0) oneByOneTimes.push(performance.now() - started);
  }

  const exportTimes: number[] = [];
  let exportBytes = 0;
  for (let round = 0; round <= Math.min(rounds, 3); round++) {
    const started = performance.now();
    exportBytes = await call('POST', '/api/site/devices/export', { site_id: siteId });
    if (round > 0) exportTimes.push(performance.now() - started);
  }

  const bulk = median(bulkTimes);
  const oneByOne = median(oneByOneTimes);
  console.log('| database | measurement | devices | median ms | ratio |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(`| ${api.kind} | one PUT /api/site/devices/bulk | ${batch} | ${Math.round(bulk)} | 1 |`);
  console.log(
    `| ${api.kind} | ${batch} × PUT /api/site/devices | ${batch} | ${Math.round(oneByOne)} | ${(oneByOne / bulk).toFixed(0)}× slower |`,
  );
  console.log(
    `| ${api.kind} | POST /api/site/devices/export (whole site, ${(exportBytes / 1e6).toFixed(1)} MB) | ${count} | ${Math.round(median(exportTimes))} | |`,
  );
  const figure = (name: string, value: number, unit: string, target: Figure['target']) =>
    reportFigure({ point: '8', name: `${name}, ${api.kind}`, value, unit, target });
  figure(`bulk edit of ${batch} devices`, Math.round(bulk), 'ms', { max: 1000 });
  figure('the one-row calls ÷ the bulk edit', Math.round(oneByOne / bulk), '×', { min: 50 });
  figure(`export of ${count} devices`, Math.round(median(exportTimes)), 'ms', { max: 5000 });
} finally {
  await api.close();
}
