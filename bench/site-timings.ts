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
  options: { count: { type: 'string', default: '20000' }, runs: { type: 'string', default: '5' } },
});
const count = Number(values.count);
const runs = Number(values.runs);

const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-bench-'));
const url = process.env.DATABASE_URL;
const schemaName = url ? `bench_${randomUUID().replaceAll('-', '')}` : undefined;
const database = await openDatabase(
  url ? { url, schemaName: schemaName! } : { dataDir: path.join(dataDir, 'db') },
);

try {
  const siteId = await createBenchSite(database.db);
  let started = performance.now();
  await generateDevices(database.db, siteId, count);
  console.log(
    `${database.kind}: ${count} devices generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    VAULT_KEY: 'bench-vault-key',
    PORT: '0',
  });
  const { app } = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/admin/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USER.email, password: BENCH_USER.password }),
  });
  const { token } = (await login.json()) as { token: string };

  const rows: string[] = [];
  for (const call of [`/api/site/sites?id=${siteId}`, `/api/site/refresh_devices?id=${siteId}`]) {
    const times: number[] = [];
    let bytes = 0;
    let devices = 0;
    for (let run = 0; run <= runs; run++) {
      started = performance.now();
      const response = await fetch(`${address}${call}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`${call}: ${response.status} ${text.slice(0, 200)}`);
      bytes = text.length;
      devices = (JSON.parse(text) as { devices: unknown[] }).devices.length;
      if (run > 0) times.push(ms);
    }
    times.sort((x, y) => x - y);
    const median = times[Math.floor(times.length / 2)]!;
    rows.push(
      `| ${database.kind} | GET ${call.replace(/\?.*/, '')} | ${devices} | ${(bytes / 1e6).toFixed(1)} MB | ` +
        `${Math.round(times[0]!)} | ${Math.round(median)} | ${Math.round(times.at(-1)!)} |`,
    );
  }
  console.log('| database | call | devices | answer | min ms | median ms | max ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  await app.close();
} finally {
  if (schemaName) await database.db.execute(sql.raw(`DROP SCHEMA "${schemaName}" CASCADE`));
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
