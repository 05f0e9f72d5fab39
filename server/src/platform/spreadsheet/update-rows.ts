/**
 * Set-based updates for imports: many rows, each with its own values, in one statement per group
 * of rows that set the same columns (chunked), instead of one UPDATE per row:
 *
 *   UPDATE t SET a = v.a, b = v.b, updated_at = now()
 *   FROM jsonb_to_recordset($1::jsonb) AS v(id integer, a text, b boolean)
 *   WHERE t.id = v.id
 *
 * The values travel as one JSON parameter typed by the table's own column types, so the SQL is
 * the same on PostgreSQL and PGlite and no statement grows a parameter per cell.
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';

export interface RowUpdate<T extends PgTable> {
  id: number;
  set: Partial<T['$inferInsert']>;
}

const CHUNK = 2000;

/** The JSON form of a value for `jsonb_to_recordset` (dates as ISO text, the rest as is). */
function jsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/**
 * Writes every row's `set` to the row with its `id`; columns left out of a row's `set` keep their
 * value. `updated_at`, when the table has it, becomes now() for every row written.
 */
export async function updateRowsById<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: RowUpdate<T>[],
): Promise<void> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const idColumn = columns.id;
  if (!idColumn) throw new Error('updateRowsById needs a table with an id column');
  const groups = new Map<string, RowUpdate<T>[]>();
  for (const row of rows) {
    const keys = Object.keys(row.set)
      .filter((key) => key !== 'id' && key !== 'updated_at' && columns[key])
      .sort();
    if (keys.length === 0) continue;
    const signature = keys.join(',');
    const group = groups.get(signature) ?? [];
    group.push(row);
    groups.set(signature, group);
  }
  for (const [signature, group] of groups) {
    const keys = signature.split(',');
    const cols = keys.map((key) => columns[key]!);
    const definition = sql.join(
      [
        sql`${sql.identifier(idColumn.name)} integer`,
        ...cols.map((col) => sql`${sql.identifier(col.name)} ${sql.raw(col.getSQLType())}`),
      ],
      sql`, `,
    );
    const assignments: SQL[] = cols.map(
      (col) => sql`${sql.identifier(col.name)} = v.${sql.identifier(col.name)}`,
    );
    if (columns.updated_at) assignments.push(sql`${sql.identifier(columns.updated_at.name)} = now()`);
    for (let start = 0; start < group.length; start += CHUNK) {
      const records = group.slice(start, start + CHUNK).map((row) => {
        const record: Record<string, unknown> = { [idColumn.name]: row.id };
        keys.forEach((key, n) => {
          const col = cols[n]!;
          const value = (row.set as Record<string, unknown>)[key];
          // JSON columns keep their value (the driver mapping would make it a JSON string).
          const raw = value === null || value === undefined || /^jsonb?$/.test(col.getSQLType());
          record[col.name] = jsonValue(raw ? value : col.mapToDriverValue(value));
        });
        return record;
      });
      await db.execute(
        sql`UPDATE ${table} SET ${sql.join(assignments, sql`, `)} FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(${definition}) WHERE ${idColumn} = v.${sql.identifier(idColumn.name)}`,
      );
    }
  }
}
