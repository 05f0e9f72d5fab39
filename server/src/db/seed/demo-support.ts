import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';

/** A file the demo writes under `${dataDir}/files`, named by its storage key. */
export interface DemoFile {
  key: string;
  content: string | Buffer;
}

/**
 * Takes the next `count` values of a table's id sequence, so rows can be built with their ids
 * (and cross references, and file keys that name them) before one bulk insert.
 */
export async function reserveIds(db: DbOrTx, table: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count}::int)`,
  )) as unknown as { rows: { id: number | string }[] };
  const ids = result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  if (ids.length !== count) throw new Error(`Could not reserve ${count} ids in ${table}`);
  return ids;
}

/** Hands out reserved ids one by one. */
export function idQueue(ids: number[]): () => number {
  let index = 0;
  return () => {
    const id = ids[index++];
    if (id === undefined) throw new Error('Ran out of reserved ids');
    return id;
  };
}

export async function writeDemoFiles(dataDir: string, files: readonly DemoFile[]): Promise<void> {
  const root = path.join(dataDir, 'files');
  const folders = new Set(files.map((file) => path.dirname(path.join(root, file.key))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  await Promise.all(files.map((file) => writeFile(path.join(root, file.key), file.content)));
}
