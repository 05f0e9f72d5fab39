/**
 * Bulk editing measured side by side (issue 12): 1,000 devices changed by one
 * `PUT /api/site/devices/bulk` against the same change sent as 1,000 `PUT /api/site/devices`,
 * interleaved round by round on one database; and the export of the whole site as .xlsx.
 *
 *   npx tsx bench/bulk-edit.ts [--count 20000] [--batch 1000] [--rounds 5]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/bulk-edit.ts
 *
 * The server runs in this process and is called over real HTTP on loopback. Each round changes
 * the note of the same devices to a new text, so every round really writes (and logs) every one.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { BENCH_USER, createBenchSite, generateDevices } from './generate-devices.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
  },
});
const count = Number(values.count);
const batch = Number(values.batch);
const rounds = Number(values.rounds);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-bench-'));
const url = process.env.DATABASE_URL;
const schemaName = url ? `bench_${randomUUID().replaceAll('-', '')}` : undefined;
const database = await openDatabase(
  url ? { url, schemaName: schemaName! } : { dataDir: path.join(dataDir, 'db') },
);

try {
  const siteId = await createBenchSite(database.db);
  await generateDevices(database.db, siteId, count);
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    VAULT_KEY: 'bench-vault-key',
    PORT: '0',
  });
  const { app } = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token } = (await (
    await fetch(`${address}/api/admin/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: BENCH_USER.email, password: BENCH_USER.password }),
    })
  ).json()) as { token: string };
  const call = async (method: string, route: string, body: unknown) => {
    const response = await fetch(`${address}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const bytes = await response.arrayBuffer();
    if (!response.ok)
      throw new Error(`${route}: ${response.status} ${Buffer.from(bytes).toString().slice(0, 200)}`);
    return bytes.byteLength;
  };

  const devices = (await (
    await fetch(`${address}/api/site/refresh_devices?id=${siteId}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { devices: { id: number }[] };
  const ids = devices.devices.slice(0, batch).map((d) => d.id);

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
  console.log(`| ${database.kind} | one PUT /api/site/devices/bulk | ${batch} | ${Math.round(bulk)} | 1 |`);
  console.log(
    `| ${database.kind} | ${batch} × PUT /api/site/devices | ${batch} | ${Math.round(oneByOne)} | ${(oneByOne / bulk).toFixed(0)}× slower |`,
  );
  console.log(
    `| ${database.kind} | POST /api/site/devices/export (whole site, ${(exportBytes / 1e6).toFixed(1)} MB) | ${count} | ${Math.round(median(exportTimes))} | |`,
  );
  await app.close();
} finally {
  if (schemaName) await database.db.execute(sql.raw(`DROP SCHEMA "${schemaName}" CASCADE`));
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
