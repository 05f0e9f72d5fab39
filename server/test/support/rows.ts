import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TestApp } from './app.ts';

/** The row of `table` with this id as stored, or undefined once deleted. */
export async function rowById<T extends PgTable & { id: PgColumn }>(
  t: TestApp,
  table: T,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await t.db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return row as T['$inferSelect'] | undefined;
}
