import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createBackup, listFiles, rowsOf, sha256 } from '../../src/backup/backup.ts';
import { RestoreRefused, restoreBackup } from '../../src/backup/restore.ts';
import { tablesInOrder } from '../../src/backup/tables.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, migrationCount, openDatabase } from '../../src/db/client.ts';
import { loadVaultKey } from '../../src/platform/vault.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type SiteWorld, siteWorld } from '../support/sites.ts';

/**
 * Issue 15: `npm run backup` and `npm run restore` bring a server back whole. The source is the
 * test's database (PGlite, or PostgreSQL in the api-pg run); the backup is restored into an empty
 * data directory on PGlite, and a server started on it answers with the same rows, the same files
 * and the same vault passwords.
 */

let t: TestApp;
let w: SiteWorld;
let work: string;
let restored: Database | undefined;
let secretId: number;

const counts = async (database: Database) => {
  const result: Record<string, number> = {};
  for (const table of tablesInOrder()) {
    const [row] = rowsOf(await database.db.execute(sql.raw(`select count(*)::int as n from "${table}"`)));
    result[table] = Number(row!.n);
  }
  return result;
};

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
  work = await mkdtemp(path.join(tmpdir(), 'asbuilt-backup-'));
  const created = await t.call('POST', '/api/site/secrets', {
    token: w.tokens.contributor,
    body: { site_id: w.sites.main.id, name: 'Core switch', password: 'pässword-✓' },
  });
  secretId = created.json().secret.id;
  // Stored files, in nested folders as the storage keeps them.
  await mkdir(path.join(t.dataDir, 'files', 'products', '1'), { recursive: true });
  await writeFile(
    path.join(t.dataDir, 'files', 'products', '1', 'a.png'),
    Buffer.from([137, 80, 78, 71, 1, 2, 3]),
  );
  await writeFile(path.join(t.dataDir, 'files', 'plan.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(async () => {
  await restored?.close();
  await t?.close();
  await rm(work, { recursive: true, force: true });
});

const source = async () => ({
  database: {
    db: t.db,
    kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
  } as unknown as Database,
  dataDir: t.dataDir,
  vaultKey: await loadVaultKey(t.ctx.config.vaultKey, t.dataDir),
  s3: false,
  migrations: await migrationCount(),
});

describe('backup and restore', () => {
  it('restore into an empty data directory gives the same rows, files and vault passwords', async () => {
    const out = path.join(work, 'backup');
    // Pages of 4 rows, so that every table of more rows is saved in several, one after the other.
    const manifest = await createBackup(await source(), out, 4);
    expect(manifest.tables.devices!.rows).toBeGreaterThan(0);
    expect(manifest.tables.users!.pages).toBe(Math.ceil(manifest.tables.users!.rows / 4));
    expect(manifest.tables.users!.pages).toBeGreaterThan(1);
    expect(Object.keys(manifest.files!)).toEqual(['plan.svg', 'products/1/a.png']);

    const dataDir = path.join(work, 'restored');
    restored = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await restoreBackup(out, { database: restored, dataDir, migrations: await migrationCount() });

    const sourceCounts = await counts({ db: t.db } as unknown as Database);
    expect(await counts(restored)).toEqual(sourceCounts);
    const files = await listFiles(path.join(dataDir, 'files'));
    expect(files).toEqual(await listFiles(path.join(t.dataDir, 'files')));
    for (const key of files) {
      expect(await sha256(path.join(dataDir, 'files', key))).toBe(
        await sha256(path.join(t.dataDir, 'files', key)),
      );
    }

    // A server on the restored data, with no VAULT_KEY: the restored key file opens the vault,
    // the sessions and ids carry on, and new rows get new ids.
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://asbuilt.test',
      WEB_DIST: path.join(dataDir, 'no-web'),
      MASTER_PASSWORD: 'x'.repeat(12),
    });
    const { app } = await buildApp({ config, database: restored, logger: false });
    try {
      await app.ready();
      const headers = { authorization: `Bearer ${w.tokens.contributor}` };
      const reveal = await app.inject({
        method: 'POST',
        url: '/api/site/secrets/reveal',
        headers,
        payload: { id: secretId },
      });
      expect(reveal.statusCode, reveal.body).toBe(200);
      expect(reveal.json().password).toBe('pässword-✓');
      const site = await app.inject({
        method: 'GET',
        url: `/api/site/refresh_site?id=${w.sites.main.id}`,
        headers,
      });
      expect(site.statusCode).toBe(200);
      const device = await app.inject({
        method: 'POST',
        url: '/api/site/devices',
        headers,
        payload: { site_id: w.sites.main.id, product_id: w.products.library.id },
      });
      expect(device.statusCode, device.body).toBe(200);
      expect(device.json().device.id).toBeGreaterThan(w.foreignDevice.id);
    } finally {
      await app.close();
    }
  });

  it('refuses to restore over data, and a damaged file', async () => {
    const out = path.join(work, 'backup-2');
    await createBackup(await source(), out);
    const dataDir = path.join(work, 'not-empty');
    // Over the first restore's database: not empty.
    await expect(
      restoreBackup(out, { database: restored!, dataDir, migrations: await migrationCount() }),
    ).rejects.toBeInstanceOf(RestoreRefused);

    await writeFile(path.join(out, 'files', 'plan.svg'), '<svg/>');
    const fresh = await openDatabase({ dataDir: path.join(work, 'damaged', 'db') });
    try {
      await expect(
        restoreBackup(out, {
          database: fresh,
          dataDir: path.join(work, 'damaged'),
          migrations: await migrationCount(),
        }),
      ).rejects.toThrow(/checksum/);
      await expect(
        restoreBackup(out, { database: fresh, dataDir: path.join(work, 'other'), migrations: 1 }),
      ).rejects.toThrow(/migration/);
    } finally {
      await fresh.close();
    }
  });
});
