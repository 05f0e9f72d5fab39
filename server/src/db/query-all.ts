/**
 * Several reads at once on the pool, one after the other inside a transaction: a transaction is
 * one connection, and node-postgres refuses (and pg@9 will reject) a query sent on a client that
 * is still running one. Drizzle's query builders start only when awaited, so they can be given as
 * they are; a read that is an async function is given as a function, so it starts in turn too.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

type Read<T> = PromiseLike<T> | (() => PromiseLike<T>);
type Results<T extends readonly Read<unknown>[]> = {
  -readonly [K in keyof T]: T[K] extends () => PromiseLike<infer R> ? R : Awaited<T[K]>;
};

const start = <T>(read: Read<T>): PromiseLike<T> => (typeof read === 'function' ? read() : read);

export async function queryAll<const T extends readonly Read<unknown>[]>(
  db: DbOrTx,
  reads: T,
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map(start))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await start(read));
  return results as Results<T>;
}
