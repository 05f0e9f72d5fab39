/**
 * Development and test guard: a query sent on a PostgreSQL connection that is still running one
 * throws at once, naming the mistake. node-postgres queues such a query with a deprecation warning
 * today and pg@9 will refuse it; it happens when the reads of a transaction (one connection) are
 * started together (see db/query-all.ts for the way to run them).
 */
import type pg from 'pg';

export const BUSY_CONNECTION =
  'A query was sent on a database connection that is running one: run the queries of a transaction one after the other';

type Query = (...args: unknown[]) => unknown;

export function oneQueryPerConnection(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  let running = 0;
  const done = () => {
    running -= 1;
  };
  (client as unknown as { query: Query }).query = (...args) => {
    if (running > 0) throw new Error(BUSY_CONNECTION);
    running += 1;
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (callback as Query)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
      return (result as Promise<unknown>).then(
        (value) => {
          done();
          return value;
        },
        (error: unknown) => {
          done();
          throw error;
        },
      );
    }
    done(); // a submittable (cursor, stream) reports its end itself; not used by the app
    return result;
  };
}
