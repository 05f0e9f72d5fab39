/**
 * A connection lost while a caller holds it goes back to the pool at once, whatever the caller
 * does next. Drizzle's transaction (drizzle-orm 0.45) sends `begin` before its try/finally, so a
 * connection cut between the pool's checkout and `begin` was never released: the pool shrank by
 * one for good (ten such cuts and every call waits forever) and `pool.end()` never returned.
 */
import type pg from 'pg';

type Connect = (...args: unknown[]) => unknown;

export function releaseLostConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as Connect;
  (pool as unknown as { connect: Connect }).connect = (...args) => {
    // The callback form is the pool's own (pool.query), which always releases.
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
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
    });
  };
}
