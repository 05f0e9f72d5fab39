/**
 * Restores a backup (backup.ts) into an empty data directory and an empty database: the rows in
 * one transaction, table after table in the order of their references, each table's id sequence
 * moved past its rows; then the files, checked against their checksums, and the keys.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { signingFile, vaultKeyFile } from '../platform/vault.ts';
import { BACKUP_FORMAT, listFiles, type Manifest, rowsOf, sha256 } from './backup.ts';
import { tablesInOrder, tablesWithSerialId } from './tables.ts';

export interface RestoreTarget {
  /** An empty database, migrated to the code's schema. */
  database: Database;
  dataDir: string;
  migrations: number;
}

export class RestoreRefused extends Error {}

export async function readManifest(from: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefused(`Unknown backup format ${manifest.format}`);
  return manifest;
}

export async function restoreBackup(from: string, target: RestoreTarget): Promise<Manifest> {
  const manifest = await readManifest(from);
  if (manifest.migrations !== target.migrations) {
    throw new RestoreRefused(
      `The backup was taken at migration ${manifest.migrations}, this server is at ${target.migrations}: restore it with the version that took it`,
    );
  }
  const [tenants] = rowsOf(
    await target.database.db.execute(sql.raw('select count(*)::int as n from "tenants"')),
  );
  if (Number(tenants?.n) > 0)
    throw new RestoreRefused('The database is not empty: restore into an empty one');
  const filesDir = path.join(target.dataDir, 'files');
  if ((await listFiles(filesDir)).length > 0) throw new RestoreRefused(`${filesDir} is not empty`);

  // A damaged backup is refused before anything is written.
  for (const [key, checksum] of Object.entries(manifest.files ?? {})) {
    const file = path.join(from, 'files', key);
    if ((await sha256(file).catch(() => null)) !== checksum) {
      throw new RestoreRefused(`The file ${key} does not match its checksum: the backup is damaged`);
    }
  }

  const tables = tablesInOrder();
  const serials = tablesWithSerialId();
  await target.database.db.transaction(async (tx) => {
    for (const table of tables) {
      const pages = manifest.tables[table]?.pages ?? 0;
      for (let page = 0; page < pages; page++) {
        const json = await readFile(path.join(from, 'database', `${table}.${page}.json`), 'utf8');
        await tx.execute(
          sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
        );
      }
      if (serials.has(table)) {
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
          ),
        );
      }
    }
  });

  if (manifest.files && Object.keys(manifest.files).length > 0) {
    await cp(path.join(from, 'files'), filesDir, { recursive: true });
  }
  await mkdir(target.dataDir, { recursive: true });
  await writeFile(vaultKeyFile(target.dataDir), await readFile(path.join(from, 'keys', 'vault.key')), {
    mode: 0o600,
  });
  if (manifest.signing_keys) {
    await writeFile(signingFile(target.dataDir), await readFile(path.join(from, 'keys', 'signing.json')), {
      mode: 0o600,
    });
  }
  return manifest;
}
