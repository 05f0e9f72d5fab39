/**
 * Set-based writes for imports, bulk changes and the activity log: many rows, each with its own
 * values, in one statement per group of rows that set the same columns (chunked), instead of one
 * statement per row or one parameter per cell:
 *
 *   INSERT INTO t (a, b) SELECT v.a, v.b FROM jsonb_to_recordset($1::jsonb)
 *     AS v(n integer, a text, b boolean) ORDER BY v.n RETURNING id
 *   UPDATE t SET a = v.a, b = v.b, updated_at = now()
 *     FROM jsonb_to_recordset($1::jsonb) AS v(id integer, a text, b boolean) WHERE t.id = v.id
 *
 * The values travel as one JSON parameter typed by the table's own column types, so the SQL is
 * the same on PostgreSQL and PGlite. PGlite binds parameters slowly: 10,000 device rows took it
 * 2.1 s as a multi-row VALUES insert and take a fraction of that as one JSON parameter.
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

export interface RowUpdate<T extends PgTable> {
  id: number;
  set: Partial<T['$inferInsert']>;
}

const CHUNK = 2000;
/** The record field that keeps the rows' order (no column is named so). */
const ORDER = '__n';

function columnsOf(table: PgTable): Record<string, PgColumn> {
  return getTableColumns(table) as Record<string, PgColumn>;
}

/** Rows grouped by the columns they give (sorted keys), so each group is one statement. */
function groupByKeys<R>(rows: R[], keysOf: (row: R) => string[]): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  // Rows built by one piece of code give their keys in one order: each order is sorted once.
  const sorted = new Map<string, string>();
  for (const row of rows) {
    const keys = keysOf(row);
    const given = keys.join(',');
    let signature = sorted.get(given);
    if (signature === undefined) {
      signature = keys.sort().join(',');
      sorted.set(given, signature);
    }
    const group = groups.get(signature);
    if (group) group.push(row);
    else groups.set(signature, [row]);
  }
  return groups;
}

/** The JSON form of a column's value for `jsonb_to_recordset`, as the column would bind it. */
function jsonValue(column: PgColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  // JSON columns keep their value (the driver mapping would make it a JSON string).
  const mapped = /^jsonb?$/.test(column.getSQLType()) ? value : column.mapToDriverValue(value);
  return mapped instanceof Date ? mapped.toISOString() : mapped;
}

/** `v(a text, b boolean, ...)`: the record's columns, typed as the table's. */
function recordDefinition(columns: PgColumn[], extra: SQL[] = []): SQL {
  return sql.join(
    [...extra, ...columns.map((col) => sql`${sql.identifier(col.name)} ${sql.raw(col.getSQLType())}`)],
    sql`, `,
  );
}

function recordsOf<R>(
  rows: R[],
  keys: string[],
  columns: PgColumn[],
  cellOf: (row: R, key: string) => unknown,
) {
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (let n = 0; n < keys.length; n++) {
      record[columns[n]!.name] = jsonValue(columns[n]!, cellOf(row, keys[n]!));
    }
    return record;
  });
}

/**
 * Inserts the rows and answers their ids in the rows' order. Columns a row leaves out take their
 * default (rows are grouped by the columns they give).
 */
export async function insertRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const columns = columnsOf(table);
  if (!columns.id) throw new Error('insertRows needs a table with an id column');
  const ids: number[] = new Array(rows.length);
  const indexed = rows.map((values, index) => ({ values: values as Record<string, unknown>, index }));
  const groups = groupByKeys(indexed, ({ values }) =>
    Object.keys(values).filter((key) => columns[key] && values[key] !== undefined),
  );
  for (const [signature, group] of groups) {
    const keys = signature ? signature.split(',') : [];
    const cols = keys.map((key) => columns[key]!);
    const names = sql.join(
      cols.map((col) => sql.identifier(col.name)),
      sql`, `,
    );
    const picked = sql.join(
      cols.map((col) => sql`v.${sql.identifier(col.name)}`),
      sql`, `,
    );
    for (let start = 0; start < group.length; start += CHUNK) {
      const chunk = group.slice(start, start + CHUNK);
      const records = recordsOf(chunk, keys, cols, (row, key) => row.values[key]);
      records.forEach((record, n) => {
        record[ORDER] = n;
      });
      const definition = recordDefinition(cols, [sql`${sql.identifier(ORDER)} integer`]);
      // Rows come back in the order the SELECT gives them: each record's place in the array.
      const answer = await db.execute<{ id: number }>(
        keys.length === 0
          ? sql`INSERT INTO ${table} SELECT FROM generate_series(1, ${chunk.length}) RETURNING ${columns.id}`
          : sql`INSERT INTO ${table} (${names}) SELECT ${picked} FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(${definition}) ORDER BY v.${sql.identifier(ORDER)} RETURNING ${columns.id}`,
      );
      const answered = (answer as unknown as { rows: { id: number }[] }).rows;
      answered.forEach((row, n) => {
        ids[chunk[n]!.index] = Number(row.id);
      });
    }
  }
  return ids;
}

/**
 * Inserts rows nobody needs the ids of (log entries): as `insertRows`, without the ordering and
 * the ids coming back, in chunks of `chunk` rows. A column with the same plain value on every row
 * of a chunk (the author, the site, the action of an import's entries) is sent once, as a
 * parameter of its own, instead of in every record: a third of an import's log JSON.
 */
export async function appendRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
  chunk = CHUNK,
): Promise<void> {
  const columns = columnsOf(table);
  const groups = groupByKeys(rows as Record<string, unknown>[], (values) =>
    Object.keys(values).filter((key) => columns[key] && values[key] !== undefined),
  );
  for (const [signature, group] of groups) {
    const keys = signature.split(',');
    const cols = keys.map((key) => columns[key]!);
    const names = sql.join(
      cols.map((col) => sql.identifier(col.name)),
      sql`, `,
    );
    for (let start = 0; start < group.length; start += chunk) {
      const part = group.slice(start, start + chunk);
      const same = sameOnEvery(part, keys, cols);
      const varyingKeys = keys.filter((_, n) => !same.has(cols[n]!.name));
      const varying = varyingKeys.map((key) => columns[key]!);
      const records = recordsOf(part, varyingKeys, varying, (row, key) => row[key]);
      const picked = sql.join(
        cols.map((col) =>
          same.has(col.name)
            ? sql`${same.get(col.name)}::${sql.raw(col.getSQLType())}`
            : sql`v.${sql.identifier(col.name)}`,
        ),
        sql`, `,
      );
      await db.execute(
        sql`INSERT INTO ${table} (${names}) SELECT ${picked} FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(${recordDefinition(varying)})`,
      );
    }
  }
}

/**
 * The columns whose value is the same text, number, boolean or null on every row, with that
 * value as the record would carry it; at least one column is left to the records, which give the
 * statement its rows.
 */
function sameOnEvery(
  rows: Record<string, unknown>[],
  keys: string[],
  cols: PgColumn[],
): Map<string, unknown> {
  const same = new Map<string, unknown>();
  const [first, ...rest] = rows;
  if (!first || rest.length === 0) return same;
  keys.forEach((key, n) => {
    const col = cols[n]!;
    const value = first[key];
    // A JSON column's text or number is JSON inside the record, not a parameter's text.
    if (value !== null && (typeof value === 'object' || /^jsonb?$/.test(col.getSQLType()))) return;
    if (rest.every((row) => row[key] === value)) same.set(col.name, jsonValue(col, value));
  });
  if (same.size === cols.length) same.delete(cols[0]!.name);
  return same;
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
  const columns = columnsOf(table);
  const idColumn = columns.id;
  if (!idColumn) throw new Error('updateRowsById needs a table with an id column');
  const groups = groupByKeys(rows, (row) =>
    Object.keys(row.set).filter((key) => key !== 'id' && key !== 'updated_at' && columns[key]),
  );
  for (const [signature, group] of groups) {
    if (!signature) continue;
    const keys = signature.split(',');
    const cols = keys.map((key) => columns[key]!);
    const definition = recordDefinition(cols, [sql`${sql.identifier(idColumn.name)} integer`]);
    const assignments: SQL[] = cols.map(
      (col) => sql`${sql.identifier(col.name)} = v.${sql.identifier(col.name)}`,
    );
    if (columns.updated_at) assignments.push(sql`${sql.identifier(columns.updated_at.name)} = now()`);
    for (let start = 0; start < group.length; start += CHUNK) {
      const chunk = group.slice(start, start + CHUNK);
      const records = recordsOf(chunk, keys, cols, (row, key) => (row.set as Record<string, unknown>)[key]);
      chunk.forEach((row, n) => {
        records[n]![idColumn.name] = row.id;
      });
      await db.execute(
        sql`UPDATE ${table} SET ${sql.join(assignments, sql`, `)} FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(${definition}) WHERE ${idColumn} = v.${sql.identifier(idColumn.name)}`,
      );
    }
  }
}

/**
 * `column = ANY('{1,2,3}'::int[])`: a list of ids as one parameter. `inArray` binds one parameter
 * per id, and PGlite binds parameters slowly (a thousand ids cost it tens of milliseconds).
 */
export function inIds(column: PgColumn, ids: readonly number[]): SQL {
  if (!ids.every(Number.isSafeInteger)) throw new Error('inIds takes whole numbers only');
  return sql`${column} = ANY(${`{${ids.join(',')}}`}::int[])`;
}
