import type { Config } from '../../config.ts';
import type { Vault } from '../../platform/vault.ts';
import type { Db } from '../client.ts';
import { users } from '../schema.ts';
import { ensureFirstAdmin, ensureLibraryTenant } from './base.ts';
import { seedDemo } from './demo.ts';
import { ensureReleaseNotes } from './release-notes.ts';
import { demoSeedAllowed } from './start-safety.ts';

export interface PrepareResult {
  seededDemo: boolean;
  /** Demo data was due on this empty database but refused: the server listens beyond loopback. */
  refusedDemo: boolean;
  createdAdmin: boolean;
}

/** Base rows every database needs, then demo data and the first admin on an empty database. */
export async function prepareDatabase(db: Db, config: Config, vault: Vault): Promise<PrepareResult> {
  await ensureLibraryTenant(db);
  await ensureReleaseNotes(db);
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  const empty = !anyUser;
  const seededDemo = empty && demoSeedAllowed(config);
  const refusedDemo = empty && config.seedDemo && !seededDemo;
  if (seededDemo) await seedDemo(db, { dataDir: config.dataDir, vault });
  const createdAdmin = empty && config.admin ? await ensureFirstAdmin(db, config.admin) : false;
  return { seededDemo, refusedDemo, createdAdmin };
}
