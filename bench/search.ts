/**
 * Issue 43, global search: p95 of `GET /api/global/search`'s work (policy, the seven kinds' SQL,
 * shaping; no HTTP) over the large bench set (500 sites, 50,000 devices), as the bench tenant's
 * integrator who reaches every site, for three queries a technician types: a site's name with a
 * typo, a serial's beginning, and a MAC in another notation than the one stored.
 * Targets: ≤ 100 ms on PostgreSQL, ≤ 200 ms on PGlite.
 *
 *   npm run bench:data -- --scale large --data-dir /tmp/bench-large
 *   npx tsx bench/search.ts --data-dir /tmp/bench-large [--rounds 50]
 *   DATABASE_URL=postgres://… npx tsx bench/search.ts [--rounds 50]
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { devices, sites, tenants, users } from '../server/src/db/schema.ts';
import { search } from '../server/src/modules/search/service.ts';
import type { Actor } from '../server/src/platform/actor.ts';
import type { AppContext } from '../server/src/platform/context.ts';
import { reportFigure } from './figures.ts';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, rounds: { type: 'string', default: '50' } },
});
const rounds = Number(values.rounds);
const url = process.env.DATABASE_URL;
if (!url && !values['data-dir']) {
  console.error('Usage: npx tsx bench/search.ts --data-dir DIR | DATABASE_URL=… npx tsx bench/search.ts');
  process.exit(2);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Swaps two letters in the middle of the first word long enough: "Brussels" → "Brusesls". */
function withTypo(name: string): string {
  const word = name.split(' ').find((w) => w.length >= 5) ?? name;
  const i = Math.floor(word.length / 2);
  const typo = word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
  return name.replace(word, typo);
}

/** `02:BE:00:12:34:56` → `02be.0012.3456`, the notation of a switch's MAC table. */
function ciscoNotation(mac: string): string {
  const hex = mac.replace(/[^0-9a-fA-F]/g, '').toLowerCase();
  return `${hex.slice(0, 4)}.${hex.slice(4, 8)}.${hex.slice(8, 12)}`;
}

async function main() {
  const database = await openDatabase(
    url ? { url } : { dataDir: path.join(path.resolve(values['data-dir']!), 'db') },
  );
  try {
    const db = database.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.name, 'Bench Large'));
    if (!tenant) throw new Error('no Bench Large tenant: run npm run bench:data -- --scale large first');
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, tenant.id), eq(users.role, 3)))
      .limit(1);
    const actor: Actor = {
      userId: user!.id,
      tenantId: tenant.id,
      role: user!.role,
      sessionId: 0,
      impersonatorId: null,
      user: user!,
    };
    const [site] = await db
      .select({ name: sites.name })
      .from(sites)
      .where(eq(sites.tenant_id, tenant.id))
      .orderBy(sql`random()`)
      .limit(1);
    const picked = await db
      .select({ sn: devices.sn, mac: devices.mac })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.site_id))
      .where(and(eq(sites.tenant_id, tenant.id), isNotNull(devices.sn), isNotNull(devices.mac)))
      .orderBy(sql`random()`)
      .limit(rounds);
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.site_id))
      .where(eq(sites.tenant_id, tenant.id))) as [{ count: number }];

    const ctx = { db } as AppContext;
    const queries: Record<string, (round: number) => string> = {
      'name with a typo': () => withTypo(site!.name),
      'serial prefix': (round) => picked[round % picked.length]!.sn!.slice(0, 7),
      'MAC, other notation': (round) => ciscoNotation(picked[round % picked.length]!.mac!),
    };
    console.log(
      `${database.kind}: ${count} devices of the bench tenant; ${rounds} rounds each; load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.log('| query | example | found (devices) | median ms | p95 ms |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const [name, make] of Object.entries(queries)) {
      // Warm the plan cache and the pages once, as a server that has been up a while has them.
      await search(ctx, actor, { q: make(0), limit: 20 });
      const times: number[] = [];
      let found = 0;
      for (let round = 0; round < rounds; round++) {
        const started = performance.now();
        const answer = await search(ctx, actor, { q: make(round), limit: 20 });
        times.push(performance.now() - started);
        found = answer.total.device;
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      console.log(
        `| ${name} | \`${make(0)}\` | ${found} | ${percentile(times, 50).toFixed(1)} | ${p95.toFixed(1)} |`,
      );
      reportFigure({
        point: 'search',
        name: `global search p95, ${name}, ${database.kind}`,
        value: Math.round(p95 * 10) / 10,
        unit: 'ms',
        target: { max: database.kind === 'postgres' ? 100 : 200 },
      });
    }
  } finally {
    await database.close();
  }
}

await main();
