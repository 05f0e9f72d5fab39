/**
 * Development and test guard: a query sent on a PostgreSQL connection that is still running one
 * throws at once, naming the mistake. node-postgres queues such a query with a deprecation warning
 * today and pg@9 will refuse it; it happens when the reads of a transaction (one connection) are
 * started together (see db/query-all.ts for the way to run them).
 */
import type pg from 'pg';
import { aroundQueries } from './around-queries.ts';

export const BUSY_CONNECTION =
  'A query was sent on a database connection that is running one: run the queries of a transaction one after the other';

export function oneQueryPerConnection(client: pg.PoolClient): void {
  let running = 0;
  aroundQueries(client, {
    start: () => {
      if (running > 0) throw new Error(BUSY_CONNECTION);
      running += 1;
    },
    end: (error) => {
      running -= 1;
      return error;
    },
  });
}
