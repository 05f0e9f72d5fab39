/**
 * `npm run restore -- --from DIR`: a backup into this configuration's empty database and data
 * directory (DATA_DIR, DATABASE_URL). Start the server afterwards; without VAULT_KEY it reads the
 * restored key file.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RestoreRefused, restoreBackup } from '../backup/restore.ts';
import { loadConfig } from '../config.ts';
import { migrationCount, openDatabase } from '../db/client.ts';

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  if (!values.from) throw new RestoreRefused('Name the backup folder: npm run restore -- --from DIR');
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    const manifest = await restoreBackup(path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from), {
      database,
      dataDir: config.dataDir,
      migrations: await migrationCount(),
    });
    const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored ${rows} rows and ${Object.keys(manifest.files ?? {}).length} files into ${config.dataDir}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
