/**
 * A backup of everything a restore needs to bring the product back: every table's rows (read in
 * one snapshot), the stored files with their checksums, the vault key and the signing keys. The
 * backup is a folder; keep it as secret as the server's DATA_DIR (it holds the vault key).
 */
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { signingFile } from '../platform/vault.ts';
import { tablesInOrder } from './tables.ts';

export const BACKUP_FORMAT = 1;
/** Rows per page of a table's dump (a page is one JSON file and one INSERT on restore). */
export const PAGE_ROWS = 10_000;

export interface Manifest {
  format: number;
  created_at: string;
  /** How many migrations the database had: a restore needs the same. */
  migrations: number;
  database: Database['kind'];
  tables: Record<string, { rows: number; pages: number }>;
  /** Stored files (local storage) by key, with their SHA-256; absent with S3 storage. */
  files: Record<string, string> | null;
  signing_keys: boolean;
}

export interface BackupSource {
  database: Database;
  dataDir: string;
  vaultKey: Buffer;
  /** True when files are in an S3 bucket (backed up with the bucket's own tools). */
  s3: boolean;
  migrations: number;
}

/** The rows of a raw statement's result (both drivers answer `{ rows }`). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** Every file under `root`, as keys with forward slashes. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

export async function createBackup(
  source: BackupSource,
  out: string,
  pageRows = PAGE_ROWS,
): Promise<Manifest> {
  await mkdir(path.join(out, 'database'), { recursive: true });
  const tables: Manifest['tables'] = {};
  // One snapshot for every table: a backup taken while the server runs (PostgreSQL) is consistent.
  await source.database.db.transaction(
    async (tx) => {
      for (const table of tablesInOrder()) {
        let rows = 0;
        let pages = 0;
        // Pages by physical row address (stable within the snapshot), each starting where the last
        // ended: no OFFSET that rereads every earlier row for each page of a big table.
        let after = '(0,0)';
        for (;;) {
          const [page] = rowsOf(
            await tx.execute(
              sql.raw(
                `with page as (select ctid as at, r from "${table}" r where ctid > '${after}'::tid order by ctid limit ${pageRows}) ` +
                  `select count(*)::int as n, (array_agg(at order by at desc))[1]::text as last, coalesce(json_agg(r order by at), '[]'::json)::text as json from page`,
              ),
            ),
          );
          const count = Number(page?.n ?? 0);
          if (count === 0) break;
          await writeFile(path.join(out, 'database', `${table}.${pages}.json`), String(page!.json));
          rows += count;
          pages += 1;
          after = String(page!.last);
          if (count < pageRows) break;
        }
        tables[table] = { rows, pages };
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  let files: Manifest['files'] = null;
  if (!source.s3) {
    files = {};
    const root = path.join(source.dataDir, 'files');
    for (const key of await listFiles(root)) files[key] = await sha256(path.join(root, key));
    await cp(root, path.join(out, 'files'), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  await mkdir(path.join(out, 'keys'), { recursive: true });
  await writeFile(path.join(out, 'keys', 'vault.key'), source.vaultKey.toString('base64'), { mode: 0o600 });
  const signing = await readFile(signingFile(source.dataDir)).catch(() => null);
  if (signing) await writeFile(path.join(out, 'keys', 'signing.json'), signing, { mode: 0o600 });

  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    created_at: new Date().toISOString(),
    migrations: source.migrations,
    database: source.database.kind,
    tables,
    files,
    signing_keys: signing !== null,
  };
  await writeFile(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
