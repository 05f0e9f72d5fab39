import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/db/client.ts';
import { DRIZZLE_PARSERS, drizzleClient } from '../../src/db/pglite-parsers.ts';
import { prepared } from '../../src/db/prepared.ts';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  done: boolean('done').notNull(),
  data: jsonb('data'),
  tags: text('tags').array(),
});
const AT = new Date('2026-11-27T10:15:30.123Z');
const ROWS = [
  { id: 1, name: "O'Brien's", at: AT, done: true, data: { a: [1, 'b'] }, tags: ['x', 'y z'] },
  { id: 2, name: null, at: null, done: false, data: null, tags: null },
];

let client: PGlite;
let db: DbOrTx;
beforeAll(async () => {
  client = new PGlite({ parsers: DRIZZLE_PARSERS });
  await client.exec(
    'create table things (id integer primary key, name text, at timestamptz, done boolean not null, data jsonb, tags text[])',
  );
  db = drizzle(drizzleClient(client)) as unknown as DbOrTx;
  await db.insert(things).values(ROWS);
});
afterAll(() => client?.close());

/** The things from `from` on, through a statement kept parsed. */
const keptFrom = (on: DbOrTx, from: number) =>
  prepared(on, 'things_from', (db) =>
    db
      .select()
      .from(things)
      .where(sql`${things.id} >= ${sql.placeholder('from')}`)
      .orderBy(asc(things.id)),
  ).execute({ from });

const keptNamed = async () =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (row) => row.name,
  );

describe('statements kept parsed in PGlite', () => {
  it('answer what the same select answers as a plain query, parsed once', async () => {
    const plain = await db.select().from(things).orderBy(asc(things.id));
    expect(plain).toEqual(ROWS);
    expect(await keptFrom(db, 1)).toEqual(plain);
    expect(await keptFrom(db, 2)).toEqual([ROWS[1]]);
    expect(await keptNamed()).toEqual(['kept_1']);
  });

  it('send each value by its parameter type: text, dates, JSON, arrays, null', async () => {
    const kept = prepared(db, 'things_matching', (db) =>
      db
        .select({ id: things.id })
        .from(things)
        .where(
          sql`${things.name} = ${sql.placeholder('name')} and ${things.at} = ${sql.placeholder('at')}
            and ${things.data} = ${sql.placeholder('data')}::jsonb and ${things.tags} = ${sql.placeholder('tags')}
            and ${sql.placeholder('none')}::text is null`,
        ),
    );
    const values = {
      name: "O'Brien's",
      at: AT.toISOString(),
      data: '{"a":[1,"b"]}',
      tags: ['x', 'y z'],
      none: null,
    };
    expect(await kept.execute(values)).toEqual([{ id: 1 }]);
    expect(await kept.execute({ ...values, name: 'other' })).toEqual([]);
  });

  it('reject a bad value with the database error and stay usable', async () => {
    const failure = await keptFrom(db, 'one' as unknown as number).catch((error: unknown) => error);
    // Drizzle wraps it, as it wraps PGlite's own; the server's errors read the cause's code.
    expect((failure as Error).cause).toMatchObject({
      code: '22P02',
      query: expect.stringContaining('"things"'),
      params: ['one'],
    });
    expect(await keptFrom(db, 2)).toEqual([ROWS[1]]);
  });

  it("wait outside a transaction for another's to end, and run inside their own", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside: unknown;
    let outside: Promise<unknown> | undefined;
    const transaction = db
      .transaction(async (tx) => {
        await tx.insert(things).values({ id: 3, done: false });
        // Sent on the database while this transaction is open: run inside it, it would see row 3.
        outside = keptFrom(db, 3);
        inside = await keptFrom(tx, 3);
        await gate;
        tx.rollback();
      })
      .catch(() => 'rolled back');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await transaction).toBe('rolled back');
    expect(inside).toEqual([{ id: 3, name: null, at: null, done: false, data: null, tags: null }]);
    expect(await outside).toEqual([]);
    expect(await db.select({ id: things.id }).from(things).where(eq(things.id, 3))).toEqual([]);
  });
});
