import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';

/**
 * A connection lost while the server holds it, at the worst moment: between the pool's checkout
 * and the transaction's `begin`. The pool must get it back, serve the next call, and end.
 * PostgreSQL only (PGlite has no pool).
 */
const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const schemaName = `t_${randomUUID().replaceAll('-', '')}`;

let database: Database;
let pool: pg.Pool;

beforeAll(async () => {
  if (!url) return;
  database = await openDatabase({ url, schemaName });
  pool = (database.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(async () => {
  if (!url) return;
  await database.db.execute(sql.raw(`DROP SCHEMA "${schemaName}" CASCADE`));
  await database.close();
});

/** Cuts the socket of the next connection the pool hands out, as a network failure would. */
function cutNextCheckout() {
  pool.once('acquire', (client) => {
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  });
}

const rows = (result: unknown) => (result as { rows: unknown[] }).rows;

async function settled(check: () => boolean) {
  for (let tries = 0; tries < 50 && !check(); tries++) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe.skipIf(!url)('A database connection lost while held', () => {
  it('goes back to the pool when lost before begin, so the pool neither shrinks nor hangs', async () => {
    // More cuts than the pool has connections: with one leaked per cut, the last call would wait forever.
    for (let cut = 0; cut < 12; cut++) {
      cutNextCheckout();
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      expect(await settled(() => pool.totalCount === pool.idleCount)).toBe(true);
    }
    const answer = await database.db.transaction(async (tx) => tx.execute(sql`select 1 as one`));
    expect(rows(answer)).toEqual([{ one: 1 }]);
  });

  it('goes back to the pool when lost inside the transaction, and is released once', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        await tx.execute(sql`select pg_sleep(0.05)`);
      }),
    ).rejects.toThrow();
    expect(await settled(() => pool.totalCount === pool.idleCount)).toBe(true);
    expect(rows(await database.db.execute(sql`select 2 as two`))).toEqual([{ two: 2 }]);
  });
});
