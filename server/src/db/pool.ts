/**
 * PostgreSQL connections: the server's pool (client.ts), and the connection the handover pack's
 * process opens for itself, which loads this without the embedded database.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, QueryListener } from './client.ts';
import { oneQueryPerConnection } from './one-query-per-connection.ts';
import { guardPool } from './pool-guards.ts';
import * as schema from './schema.ts';

/**
 * Where a PostgreSQL database is: enough for another process of the server to open connections of
 * its own (the handover pack's), which an embedded PGlite, living in the server, cannot offer.
 */
export interface PgConnection {
  url: string;
  /** The schema the server's connections use as search_path (tests isolate themselves this way). */
  schemaName?: string;
}

export interface PoolOptions {
  max: number;
  /** How its connections are named in pg_stat_activity. */
  applicationName: string;
  /** Throw on a query sent on a busy connection (development and tests). */
  strictConnections?: boolean;
}

/** A pool of connections to `connection`, which outlives the database's hiccups (pool-guards.ts). */
export function openPool(connection: PgConnection, options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: connection.url,
    max: options.max,
    application_name: options.applicationName,
    ...(connection.schemaName ? { options: `-c search_path=${connection.schemaName}` } : {}),
  });
  if (options.strictConnections) pool.on('connect', oneQueryPerConnection);
  guardPool(pool);
  return pool;
}

/** Drizzle's logger option for a listener of every statement. */
export function queryLogger(listener: QueryListener | undefined) {
  return listener ? { logQuery: listener } : false;
}

/** Drizzle over a pool of `openPool`: the same queries as the server's, on connections of their own. */
export function poolDb(pool: pg.Pool, onQuery?: QueryListener): Db {
  return drizzlePg(pool, { schema, logger: queryLogger(onQuery) }) as unknown as Db;
}
