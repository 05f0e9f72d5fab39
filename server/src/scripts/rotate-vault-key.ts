/**
 * `npm run rotate-vault-key`: re-encrypts every vault password under a new key, in one
 * transaction. Stop the server first.
 *
 * - With the key file (no VAULT_KEY): a new random key replaces DATA_DIR/vault.key.
 * - With VAULT_KEY: give the new key in NEW_VAULT_KEY; then start with VAULT_KEY set to it.
 *
 * File links and public device hashes (printed QR codes) keep their signing keys: they are
 * pinned in DATA_DIR/signing.json before the vault key changes.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { rotateVaultKey } from '../modules/secrets/keys.ts';
import {
  commitVaultKeyFile,
  createVault,
  keyFromText,
  loadSigningKeys,
  loadVaultKey,
  pinSigningKeys,
  stagedVaultKeyFile,
  stageVaultKeyFile,
  VAULT_KEY_BYTES,
  vaultKeyFile,
} from '../platform/vault.ts';

async function main() {
  const config = loadConfig();
  const nextText = process.env.NEW_VAULT_KEY;
  if (config.vaultKey && !nextText) {
    throw new Error(
      'VAULT_KEY is set: give the new key in NEW_VAULT_KEY, run again, then start with VAULT_KEY set to it.',
    );
  }
  const oldKey = await loadVaultKey(config.vaultKey, config.dataDir);
  const newKey = nextText ? keyFromText(nextText) : randomBytes(VAULT_KEY_BYTES);
  if (newKey.equals(oldKey)) throw new Error('The new key is the key in use: nothing to do.');

  await pinSigningKeys(config.dataDir, await loadSigningKeys(config.dataDir, oldKey));
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    if (!nextText) await stageVaultKeyFile(config.dataDir, newKey);
    const count = await rotateVaultKey(database.db, createVault(oldKey), createVault(newKey)).catch(
      async (error) => {
        await rm(stagedVaultKeyFile(config.dataDir), { force: true });
        throw error;
      },
    );
    if (nextText) {
      // The old key file must not outlive the rotation: it would be picked up without VAULT_KEY.
      if (!config.vaultKey) await rm(vaultKeyFile(config.dataDir), { force: true });
      console.log(`Re-encrypted ${count} passwords. Start the server with VAULT_KEY set to the new key.`);
    } else {
      await commitVaultKeyFile(config.dataDir);
      console.log(`Re-encrypted ${count} passwords under a new key in ${vaultKeyFile(config.dataDir)}.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
