/**
 * How long the site calls take for a site with N devices (default 20,000), on a fresh database:
 * PGlite in a temporary directory, or PostgreSQL when DATABASE_URL is set (in a throwaway schema).
 *
 *   npx tsx bench/site-timings.ts [--count 20000] [--runs 5]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/site-timings.ts
 *
 * The server runs in this process and is called over real HTTP, so the figures include routing,
 * the queries, building and validating the answer, JSON and the transfer; the first call of each
 * kind warms up and is not counted.
 */
import { parseArgs } from 'node:util';
import type { SiteDevicesResponse } from '@asbuilt/domain';
import { startBenchApi } from './api-harness.ts';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '20000' }, runs: { type: 'string', default: '5' } },
});
const count = Number(values.count);
const runs = Number(values.runs);

const api = await startBenchApi(count);
try {
  const { siteId } = api;
  console.log(`${api.kind}: ${count} devices generated in ${(api.generatedMs / 1000).toFixed(1)} s`);

  const rows: string[] = [];
  for (const call of [`/api/site/sites?id=${siteId}`, `/api/site/refresh_devices?id=${siteId}`]) {
    const times: number[] = [];
    let bytes = 0;
    let devices = 0;
    for (let run = 0; run <= runs; run++) {
      const started = performance.now();
      const response = await fetch(`${api.address}${call}`, {
        headers: { authorization: `Bearer ${api.token}` },
      });
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`${call}: ${response.status} ${text.slice(0, 200)}`);
      bytes = text.length;
      devices = (JSON.parse(text) as SiteDevicesResponse).devices.rows.length;
      if (run > 0) times.push(ms);
    }
    times.sort((x, y) => x - y);
    const median = times[Math.floor(times.length / 2)]!;
    rows.push(
      `| ${api.kind} | GET ${call.replace(/\?.*/, '')} | ${devices} | ${(bytes / 1e6).toFixed(1)} MB | ` +
        `${Math.round(times[0]!)} | ${Math.round(median)} | ${Math.round(times.at(-1)!)} |`,
    );
  }
  console.log('| database | call | devices | answer | min ms | median ms | max ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  await api.close();
}
