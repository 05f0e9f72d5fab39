/**
 * The handover pack's job end to end (issue 42): from `POST /api/site/handover` to the pack done
 * in the storage, as the Handover page sees it, for Demo HQ as a PDF and as a ZIP (the PDF, the
 * attachments and the three .xlsx exports), and what the pack list call costs while a pack is
 * being made (the page reads it every second then).
 *
 *   npx tsx bench/handover-job.ts [--runs 3]
 *
 * PGlite in a temporary DATA_DIR seeded with the demo data; the app in this process, called
 * through `inject` (no network), so the figures are the server's own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { HandoverPackDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { sites } from '../server/src/db/schema.ts';
import { prepareDatabase } from '../server/src/db/seed/index.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-handover-job-'));
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    VAULT_KEY: 'bench-vault-key',
    NODE_ENV: 'production',
  });
  const { app, ctx } = await buildApp({ config, database, logger: false });
  await prepareDatabase(database.db, config, ctx.vault);
  await app.ready();
  const [hq] = await database.db.select().from(sites).where(eq(sites.name, 'Demo HQ'));
  if (!hq) throw new Error('Demo HQ is missing from the demo data');
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/users/login',
    payload: { username: 'integrator@asbuilt.demo', password: 'demo1234' },
  });
  const headers = { authorization: `Bearer ${login.json().token as string}` };

  const listed: number[] = [];
  const list = async (times?: number[]) => {
    const started = performance.now();
    const answer = await app.inject({ method: 'GET', url: `/api/site/handover?site_id=${hq.id}`, headers });
    times?.push(performance.now() - started);
    return answer.json().packs as HandoverPackDto[];
  };
  const quiet: number[] = [];
  for (let i = 0; i < 50; i++) await list(quiet);

  for (const format of ['pdf', 'zip'] as const) {
    const times: number[] = [];
    let last: HandoverPackDto | undefined;
    for (let run = 0; run <= runs; run++) {
      const started = performance.now();
      const asked = await app.inject({
        method: 'POST',
        url: '/api/site/handover',
        headers,
        payload: { site_id: hq.id, format },
      });
      const { id } = asked.json() as { id: number };
      for (;;) {
        last = (await list(listed)).find((pack) => pack.id === id);
        if (!last || last.status === 'done' || last.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (last?.status !== 'done') throw new Error(`pack ${id}: ${last?.status} ${last?.error_code}`);
      // The first run loads the fonts and warms the statements: reported apart.
      if (run === 0)
        console.log(
          `${format.toUpperCase()}, first run: ${((performance.now() - started) / 1000).toFixed(2)} s`,
        );
      else times.push(performance.now() - started);
    }
    console.log(
      `Demo HQ ${format.toUpperCase()} pack, asked to done: median ${(quantile(times, 0.5) / 1000).toFixed(2)} s, ` +
        `max ${(Math.max(...times) / 1000).toFixed(2)} s over ${times.length} runs; ${last!.pages} pages, ` +
        `${(last!.size! / 1024).toFixed(0)} kB; load average ${load()}`,
    );
  }
  console.log(
    `GET /api/site/handover: quiet p50 ${ms(quantile(quiet, 0.5))}, p95 ${ms(quantile(quiet, 0.95))}; ` +
      `while packs are made p50 ${ms(quantile(listed, 0.5))}, p95 ${ms(quantile(listed, 0.95))} (${listed.length} calls)`,
  );
  await app.close();
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
