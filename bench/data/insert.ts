/**
 * Set-based inserts: rows travel as one JSON parameter per statement (server/src/db/set-based.ts,
 * jsonb_to_recordset), which both drivers bind fast; no statement per row.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../server/src/db/client.ts';
import { idQueue, reserveIds } from '../../server/src/db/seed/demo-support.ts';
import { insertRows } from '../../server/src/db/set-based.ts';

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

/**
 * The leanest set-based insert, for rows nobody refers to (activity): one JSON parameter per
 * `chunk` rows, no RETURNING and no ORDER BY. Every row must give the same columns.
 */
export async function insertLean<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
  chunk = 5_000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0] as object).filter((key) => columns[key]);
  const cols = keys.map((key) => columns[key]!);
  const jsonb = cols.map((col) => /^jsonb?$/.test(col.getSQLType()));
  const names = sql.join(
    cols.map((col) => sql.identifier(col.name)),
    sql`, `,
  );
  const picked = sql.join(
    cols.map((col) => sql`v.${sql.identifier(col.name)}`),
    sql`, `,
  );
  const definition = sql.join(
    cols.map((col) => sql`${sql.identifier(col.name)} ${sql.raw(col.getSQLType())}`),
    sql`, `,
  );
  for (let at = 0; at < rows.length; at += chunk) {
    const records = rows.slice(at, at + chunk).map((row) => {
      const record: Record<string, unknown> = {};
      keys.forEach((key, n) => {
        const value = (row as Record<string, unknown>)[key];
        const mapped =
          value === null || value === undefined ? null : jsonb[n] ? value : cols[n]!.mapToDriverValue(value);
        record[cols[n]!.name] = mapped instanceof Date ? mapped.toISOString() : mapped;
      });
      return record;
    });
    await db.execute(
      sql`INSERT INTO ${table} (${names}) SELECT ${picked} FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(${definition})`,
    );
  }
}
