/**
 * The node-postgres pool made to outlive its database's hiccups (PostgreSQL restarting, a network
 * cut): a lost connection never ends the process, never stays checked out, and the calls it
 * catches fail with errors marked as the database's, which answer 503 (error-plugin.ts).
 */
import type pg from 'pg';
import { aroundQueries } from './around-queries.ts';
import { markFromDatabase } from './unreachable.ts';

type Connect = (...args: unknown[]) => unknown;

export function guardPool(pool: pg.Pool): void {
  // An idle connection lost is dropped by the pool and a new one opened on next use; without a
  // listener the pool's 'error' would end the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    // The pool listens to its idle connections only: one in use that is lost emits 'error' with
    // nobody listening, which would end the process. Its query fails anyway, marked here (a lost
    // connection fails the queries under way with node-postgres's own error, which Drizzle does
    // not always wrap).
    client.on('error', () => undefined);
    aroundQueries(client, { end: markFromDatabase });
  });
  const connect = pool.connect.bind(pool) as Connect;
  (pool as unknown as { connect: Connect }).connect = (...args) => {
    // The callback form is the pool's own (pool.query), which always releases.
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then(releasedWhenLost, (error: unknown) => {
      throw markFromDatabase(error);
    });
  };
}

/**
 * A connection lost while a caller holds it goes back to the pool at once, whatever the caller
 * does next. Drizzle's transaction (drizzle-orm 0.45) sends `begin` before its try/finally, so a
 * connection cut between the pool's checkout and `begin` was never released: the pool shrank by
 * one for good (ten such cuts and every call waits forever) and `pool.end()` never returned.
 */
function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', lost);
    release(error);
  };
  const lost = () => releaseOnce(new Error('The database connection was lost'));
  client.once('end', lost);
  client.release = releaseOnce;
  return client;
}
