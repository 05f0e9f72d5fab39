import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_PARSERS, drizzleClient } from '../../src/db/pglite-parsers.ts';

const stamps = pgTable('stamps', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
});
const AT = new Date('2026-11-27T10:15:30.123Z');

let client: PGlite;
const seen: (QueryOptions | undefined)[] = [];
beforeAll(async () => {
  client = new PGlite({ parsers: DRIZZLE_PARSERS });
  await client.query('create table stamps (id integer primary key, at timestamptz not null)');
  await client.query('insert into stamps values (1, $1)', [AT.toISOString()]);
  // What reaches PGlite: the options of each query Drizzle sends through the wrapped client.
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    seen.push(options);
    return query(text, params, options);
  }) as typeof client.query;
  // Starting PGlite takes seconds of processor, many more on a busy CI host than the 10 s default allows.
}, 60_000);
afterAll(() => client?.close());

describe("Drizzle's PGlite client", () => {
  it('reads dates as Drizzle does with its own parsers, without sending them with each query', async () => {
    seen.length = 0;
    const db = drizzle(drizzleClient(client));
    const [row] = await db.select().from(stamps);
    expect(row).toEqual({ id: 1, at: AT });
    const { rows } = await db.execute<{ at: unknown }>(sql`select at from stamps`);
    expect(typeof rows[0]!.at).toBe('string');
    expect(new Date(rows[0]!.at as string)).toEqual(AT);
    expect(seen).toHaveLength(2);
    expect(seen.every((options) => options && !('parsers' in options))).toBe(true);
    expect(seen[0]?.rowMode).toBe('array');
  });

  it('does the same in a transaction, and rolls it back on an error', async () => {
    const db = drizzle(drizzleClient(client));
    const later = new Date('2026-12-01T00:00:00.000Z');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(stamps).values({ id: 2, at: later });
        expect(await tx.select().from(stamps).orderBy(stamps.id)).toEqual([
          { id: 1, at: AT },
          { id: 2, at: later },
        ]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.select().from(stamps)).toEqual([{ id: 1, at: AT }]);
  });
});
