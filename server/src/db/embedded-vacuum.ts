/**
 * PGlite runs PostgreSQL as a single process, without autovacuum's workers: rows updated or
 * deleted stay in their tables as dead versions until a VACUUM, and the planner's statistics are
 * never gathered: twenty rewrites of a 20,000-row table left 319,000 dead rows, and after some
 * ninety rewrites of a 20,000-device site its list queries ran about five times slower (bench/
 * api-overhead.ts before it vacuumed). On the embedded database the server does autovacuum's job:
 * every few minutes, each table past autovacuum's own threshold (50 rows and a fifth of the table
 * dead, or as many rows written since its last analysis) is vacuumed and analysed.
 *
 * PGlite keeps those counts in memory only: rows written before a restart (a database filled by
 * `npm run bench:data`, an import just before a stop) are counted nowhere after it. So a table is
 * also taken when its size on disk has moved past the one its statistics last saw (8 pages and a
 * tenth): a 20,000-device site filled while the server was stopped kept the statistics of its 215
 * demo devices, and counting its devices read every row (46 ms) instead of its index (about 5).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';

const EVERY_MS = 5 * 60_000;

/** Vacuums and analyses the tables past the threshold; answers their names. */
export async function vacuumDeadTables(database: Database): Promise<string[]> {
  const answer = (await database.raw(
    `select t.relname from pg_stat_user_tables t join pg_class c on c.oid = t.relid
      where t.schemaname = current_schema()
        and (t.n_dead_tup > 50 + 0.2 * t.n_live_tup
          or t.n_mod_since_analyze > 50 + 0.1 * t.n_live_tup
          or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 8 + 0.1 * c.relpages)
      order by t.relname`,
  )) as { rows: { relname: string }[] };
  const tables = answer.rows.map((row) => row.relname);
  // Names from the catalogue, quoted as identifiers.
  for (const table of tables) await database.raw(`vacuum (analyze) "${table.replaceAll('"', '""')}"`);
  return tables;
}

/** One pass of `vacuumDeadTables` on PGlite (PostgreSQL has its own autovacuum), logged, never thrown. */
export async function vacuumEmbedded(database: Database, log: FastifyBaseLogger): Promise<void> {
  if (database.kind !== 'pglite') return;
  try {
    const tables = await vacuumDeadTables(database);
    if (tables.length > 0) log.info({ tables }, 'embedded database vacuumed');
  } catch (error) {
    log.warn({ err: error }, 'embedded database vacuum failed');
  }
}

/** Runs `vacuumEmbedded` every few minutes. */
export function startEmbeddedVacuum(database: Database, log: FastifyBaseLogger): () => void {
  if (database.kind !== 'pglite') return () => undefined;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    await vacuumEmbedded(database, log);
    running = false;
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
