/**
 * The tables of the schema in an order where each comes after the tables it refers to: the order
 * a restore inserts them in (no table refers to itself).
 */
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.ts';

function isTable(value: unknown): value is PgTable {
  try {
    return Boolean(getTableConfig(value as PgTable).name);
  } catch {
    return false;
  }
}

/** Written by the database's own triggers as the other rows go in: neither saved nor restored. */
const DERIVED = new Set(['site_device_versions']);

export function tablesInOrder(): string[] {
  const tables = Object.values(schema)
    .filter(isTable)
    .filter((table) => !DERIVED.has(getTableConfig(table).name));
  const refersTo = new Map<string, Set<string>>();
  for (const table of tables) {
    const config = getTableConfig(table);
    const targets = new Set(
      config.foreignKeys
        .map((fk) => getTableConfig(fk.reference().foreignTable).name)
        .filter((n) => n !== config.name),
    );
    refersTo.set(config.name, targets);
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name)) return;
    if (path.has(name)) throw new Error(`Tables refer to each other in a circle through ${name}`);
    path.add(name);
    for (const target of refersTo.get(name) ?? []) visit(target, path);
    path.delete(name);
    ordered.push(name);
  };
  for (const name of [...refersTo.keys()].sort()) visit(name, new Set());
  return ordered;
}

/** The tables whose `id` is a serial: a restore moves each one's sequence past its rows. */
export function tablesWithSerialId(): Set<string> {
  const names = Object.values(schema)
    .filter(isTable)
    .map((table) => getTableConfig(table))
    .filter((config) =>
      config.columns.some((column) => column.name === 'id' && column.columnType === 'PgSerial'),
    )
    .map((config) => config.name);
  return new Set(names);
}
