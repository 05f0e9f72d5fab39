/**
 * The server's app on a fresh embedded database holding the demo data, and Demo HQ's row: where
 * the handover pack's benches start. `close` stops the database and removes its folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { sites } from '../server/src/db/schema.ts';
import { prepareDatabase } from '../server/src/db/seed/index.ts';

export async function openDemoHq(prefix: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const close = async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      VAULT_KEY: 'bench-vault-key',
      NODE_ENV: 'production',
    });
    const { app, ctx } = await buildApp({ config, database, logger: false });
    await prepareDatabase(database.db, config, ctx.vault);
    const [hq] = await database.db.select().from(sites).where(eq(sites.name, 'Demo HQ'));
    if (!hq) throw new Error('Demo HQ is missing from the demo data');
    return { dataDir, database, app, ctx, hq, close };
  } catch (error) {
    await close();
    throw error;
  }
}
