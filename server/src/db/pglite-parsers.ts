import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { isKeptParsed, queryKeptParsed } from './pglite-named.ts';

/**
 * The type parsers Drizzle gives PGlite with every query (drizzle-orm/pglite/session.js): dates,
 * times and intervals come back as the database's text, and Drizzle's columns read them.
 */
export const DRIZZLE_PARSERS: NonNullable<QueryOptions['parsers']> = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231, // numeric[]
    1115, // timestamp[]
    1185, // timestamptz[]
    1187, // interval[]
    1182, // date[]
  ].map((oid) => [oid, (value: string) => value]),
);

type Queries = Pick<PGlite, 'query'>;

/**
 * A PGlite made with DRIZZLE_PARSERS, as Drizzle's client: each query's own copy of them is
 * dropped. PGlite merges a query's parsers into its whole table of them at every query, which
 * doubled the cost of a small read (0.17 against 0.09 ms a statement on the bench host): about a
 * fifth of the site index's time on the embedded database. The statements `prepared()` names go
 * through a statement kept parsed (pglite-named.ts), in or out of a transaction.
 */
export function drizzleClient(client: PGlite): PGlite {
  const queries = (inner: Queries, inTransaction: boolean): Queries => ({
    query: (text, params, options) => {
      const { parsers: _same, ...rest } = options ?? {};
      if (isKeptParsed(text)) return queryKeptParsed(client, text, params, rest, inTransaction);
      return inner.query(text, params, rest);
    },
  });
  // Drizzle's session calls `query` and `transaction` only, and a transaction's `query` only; the
  // parsers it passes are always DRIZZLE_PARSERS.
  const wrapped = {
    ...queries(client, false),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => work(queries(tx, true) as Transaction)),
  };
  return wrapped as unknown as PGlite;
}
