import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { DRIZZLE_PARSERS, drizzleClient } from './pglite-parsers.ts';
import { openPool, type PgConnection, poolDb, queryLogger } from './pool.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;
/** One type for both drivers: every query is written once. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: where another process of the server opens connections of its own. */
  connection?: PgConnection;
  /** A statement sent straight to the driver, bypassing Drizzle (benchmarks compare against it). */
  raw(text: string, params?: unknown[]): Promise<unknown>;
  /**
   * Runs `work` while no other server process on this database runs its own: migrations and the
   * first rows of an empty database are written once when several servers start together.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL's pool (the metrics): open and idle connections, and queries waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** Sees every statement Drizzle sends: the query-count tests and the overhead benchmark. */
export type QueryListener = (text: string, params: unknown[]) => void;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How many migrations this code has (a backup records it; a restore needs the same). */
export async function migrationCount(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export interface OpenOptions {
  /** A PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** In memory, start as a copy of this migrated cluster (`pgliteTemplate`) rather than a new one. */
  startFrom?: Blob;
  /** A PostgreSQL schema to use as search_path (tests isolate themselves this way). */
  schemaName?: string;
  onQuery?: QueryListener;
  /** Throw on a query sent on a busy PostgreSQL connection (development and tests). */
  strictConnections?: boolean;
  /** How the server's connections are named in pg_stat_activity. */
  applicationName?: string;
}

/** The advisory lock key of server start-up: "asbuilt" in ASCII. */
const STARTUP_LOCK = 0x61736275696c74n;

/** Holds a session-level advisory lock on a connection of its own while `work` runs. */
async function withAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK.toString()]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const connection: PgConnection = {
      url: options.url,
      ...(options.schemaName ? { schemaName: options.schemaName } : {}),
    };
    const pool = openPool(connection, {
      max: 10,
      applicationName: options.applicationName ?? 'asbuilt',
      strictConnections: options.strictConnections,
    });
    const db = poolDb(pool, options.onQuery);
    const exclusive = <T>(work: () => Promise<T>) => withAdvisoryLock(pool, work);
    await exclusive(async () => {
      if (options.schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.schemaName}"`);
      await migratePg(drizzlePg(pool, { schema }), {
        migrationsFolder,
        ...(options.schemaName ? { migrationsSchema: options.schemaName } : {}),
      });
    });
    return {
      db,
      kind: 'postgres',
      connection,
      raw: (text, params) => pool.query(text, params as unknown[]),
      exclusive,
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = new PGlite({
    parsers: DRIZZLE_PARSERS,
    extensions: { pg_trgm },
    ...(options.dataDir
      ? { dataDir: options.dataDir }
      : options.startFrom
        ? { loadDataDir: options.startFrom }
        : {}),
  });
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const pgliteDb = drizzlePglite(drizzleClient(client), { schema, logger: queryLogger(options.onQuery) });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    raw: (text, params) => client.query(text, params),
    // One process owns an embedded database: nothing to wait for.
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}

/**
 * A new in-memory PGlite cluster with every migration run, as a dump to start others from (the
 * API tests' databases): PGlite takes about 1.3 s to create a cluster and 0.4 s to copy one.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
