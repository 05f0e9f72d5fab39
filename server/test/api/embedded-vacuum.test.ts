import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vacuumDeadTables } from '../../src/db/embedded-vacuum.ts';
import { devices } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * PGlite has no autovacuum workers: the server vacuums the tables with many dead rows itself
 * (db/embedded-vacuum.ts). PostgreSQL's own autovacuum does it there.
 */
let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
});
afterAll(() => t?.close());

// PostgreSQL hands a backend's statistics over at most once a second, when it is idle.
const flushStatistics = () => t.database.raw('select pg_stat_force_next_flush()');

/** The table's dead rows, once the statistics of the statements before are in. */
const deadRows = async (table: string) => {
  await flushStatistics();
  const answer = (await t.database.raw(
    'select n_dead_tup from pg_stat_user_tables where schemaname = current_schema() and relname = $1',
    [table],
  )) as { rows: { n_dead_tup: number | string }[] };
  return Number(answer.rows[0]?.n_dead_tup ?? 0);
};

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database vacuumed by the server', () => {
  it('vacuums a table whose rows were rewritten, and leaves it be when there is nothing to clear', async () => {
    await t.db.execute(
      sql`insert into devices (site_id, product_id, name) select ${w.sites.main.id}, ${w.products.library.id}, 'Bulk ' || g from generate_series(1, 300) g`,
    );
    for (let round = 0; round < 3; round++) {
      await t.db
        .update(devices)
        .set({ note: `round ${round}` })
        .where(eq(devices.site_id, w.sites.main.id));
    }
    expect(await deadRows('devices')).toBeGreaterThan(300);

    await flushStatistics();
    expect(await vacuumDeadTables(t.database)).toContain('devices');
    expect(await deadRows('devices')).toBe(0);
    await flushStatistics();
    expect(await vacuumDeadTables(t.database)).not.toContain('devices');
  });

  it('vacuums a table that grew while its counts were lost, as they are when PGlite restarts', async () => {
    await t.db.execute(
      sql`insert into devices (site_id, product_id, name) select ${w.sites.main.id}, ${w.products.library.id}, 'Loaded ' || g from generate_series(1, 3000) g`,
    );
    // PGlite keeps the counts in memory: a restart starts them again from nothing.
    await flushStatistics();
    await t.database.raw('select pg_stat_reset()');
    const counts = (await t.database.raw(
      `select n_mod_since_analyze from pg_stat_user_tables where schemaname = current_schema() and relname = 'devices'`,
    )) as { rows: { n_mod_since_analyze: number | string }[] };
    expect(Number(counts.rows[0]?.n_mod_since_analyze ?? 0)).toBe(0);

    expect(await vacuumDeadTables(t.database)).toContain('devices');
    // Its statistics now see its size: the next pass leaves it be.
    expect(await vacuumDeadTables(t.database)).not.toContain('devices');
  });
});
