/**
 * Set-based inserts: rows travel as one JSON parameter per statement (server/src/db/set-based.ts,
 * jsonb_to_recordset), which both drivers bind fast; no statement per row.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../server/src/db/client.ts';
import { idQueue, reserveIds } from '../../server/src/db/seed/demo-support.ts';
import { appendRows, insertRows } from '../../server/src/db/set-based.ts';

export { idQueue, reserveIds };

/** Inserts the rows (insertRows chunks them) and answers their ids in the rows' order. */
export async function insertAll<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  if (rows.length === 0) return [];
  return insertRows(db, table, rows);
}

/**
 * Multi-row `INSERT … VALUES` in chunks under the 65,535 bind parameters a statement may have:
 * for rows that carry their own (reserved) ids, which insertRows does not take.
 */
export async function insertValues<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const perRow = Math.max(1, Object.keys(rows[0] as object).length);
  const chunk = Math.max(1, Math.floor(60_000 / perRow));
  for (let at = 0; at < rows.length; at += chunk) await db.insert(table).values(rows.slice(at, at + chunk));
}

/** Rows nobody refers to (activity): one JSON parameter per `chunk` rows, no ids back. */
export function insertLean<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
  chunk = 5_000,
) {
  return appendRows(db, table, rows, chunk);
}
