/**
 * `npm run backup [-- --out DIR]`: the database, the stored files and the keys, into a new folder
 * (default ./backups/asbuilt-<date>). On PGlite stop the server first (the database is one
 * process's); on PostgreSQL it may run: the rows are read in one snapshot.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';
import { migrationCount, openDatabase } from '../db/client.ts';
import { loadVaultKey } from '../platform/vault.ts';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  // npm runs this inside server/: a relative folder means relative to where the user ran npm.
  const out = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    values.out ?? path.join('backups', `asbuilt-${stamp}`),
  );
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    const manifest = await createBackup(
      {
        database,
        dataDir: config.dataDir,
        vaultKey: await loadVaultKey(config.vaultKey, config.dataDir),
        s3: Boolean(config.s3),
        migrations: await migrationCount(),
      },
      out,
    );
    const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backed up ${rows} rows, ${Object.keys(manifest.files ?? {}).length} files and the keys to ${out}`,
    );
    if (!manifest.files) console.log('Files are in the S3 bucket: back the bucket up with its own tools.');
    console.log('The backup holds the vault key: keep it as secret as the server itself.');
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
