import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { secrets, sites, tenants } from '../../src/db/schema.ts';
import { createVault, keyFromText, secretBinding } from '../../src/platform/vault.ts';

/**
 * The real server, started as `npm start` starts it, on an embedded database whose secrets were
 * sealed under another key: it must refuse to start and say why. (PGlite only: the data directory
 * holds the database.)
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-vault-start-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const [tenant] = await database.db.insert(tenants).values({ name: 'Keyed' }).returning();
  const [site] = await database.db
    .insert(sites)
    .values({ name: 'Keyed site', tenant_id: tenant!.id })
    .returning();
  const [secret] = await database.db
    .insert(secrets)
    .values({ site_id: site!.id, name: 'Sealed' })
    .returning();
  await database.db.update(secrets).set({
    password_encrypted: createVault(keyFromText('the-right-key')).encrypt('pw', secretBinding(secret!)),
  });
  await database.close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function run(
  script: string,
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const base: Record<string, string | undefined> = { ...process.env };
    delete base.VAULT_KEY;
    delete base.NEW_VAULT_KEY;
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: serverDir,
      env: {
        ...base,
        ...env,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        PORT: '0',
        DATABASE_URL: '',
        WEB_DIST: path.join(dataDir, 'no-web'),
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      // A server that started is stopped at once: the test only wants to know that it did.
      if (output.includes('Asbuilt is running')) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const start = (vaultKey?: string) => run('src/main.ts', { VAULT_KEY: vaultKey });
const rotate = (env: Record<string, string>) => run('src/scripts/rotate-vault-key.ts', env);

describe.skipIf(process.env.TEST_DB === 'postgres')('starting with a vault key', () => {
  it('a key that does not decrypt the stored secrets stops the start with a clear message', async () => {
    const { code, output } = await start('a-wrong-key');
    expect(code).toBe(1);
    expect(output).toContain('The vault key does not decrypt 1 of the 1 stored passwords');
    expect(output).toContain('npm run rotate-vault-key');
    expect(output).not.toContain('Asbuilt is running');
  }, 60_000);

  it('the right key starts', async () => {
    const { output } = await start('the-right-key');
    expect(output).toContain('Asbuilt is running');
  }, 60_000);

  it('npm run rotate-vault-key moves the secrets to NEW_VAULT_KEY; then only the new key starts', async () => {
    const refused = await rotate({ VAULT_KEY: 'the-right-key' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('NEW_VAULT_KEY');
    const rotated = await rotate({ VAULT_KEY: 'the-right-key', NEW_VAULT_KEY: 'the-second-key' });
    expect(rotated.output).toContain('Re-encrypted 1 passwords');
    expect(rotated.code).toBe(0);
    // File links and printed QR codes keep their signing keys across the rotation.
    expect(JSON.parse(await readFile(path.join(dataDir, 'signing.json'), 'utf8'))).toHaveProperty(
      'publicDevice',
    );
    expect((await start('the-right-key')).code).toBe(1);
    expect((await start('the-second-key')).output).toContain('Asbuilt is running');
  }, 120_000);

  it('with the key file, the rotation writes a new random key file that the next start uses', async () => {
    const file = path.join(dataDir, 'vault.key');
    await writeFile(file, keyFromText('the-second-key').toString('base64'), { mode: 0o600 });
    const before = await readFile(file, 'utf8');
    const rotated = await rotate({});
    expect(rotated.code, rotated.output).toBe(0);
    const after = await readFile(file, 'utf8');
    expect(after).not.toBe(before);
    expect(Buffer.from(after, 'base64')).toHaveLength(32);
    expect(rotated.output).not.toContain(after.trim());
    expect((await start()).output).toContain('Asbuilt is running');
    expect((await start('the-second-key')).code).toBe(1);
  }, 120_000);
});
