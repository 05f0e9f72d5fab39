import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** AES-256-GCM for vault passwords: `v1:iv:tag:ciphertext`, base64 parts. */
export interface Vault {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function createVault(key: Buffer): Vault {
  if (key.length !== 32) throw new Error('The vault key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        data.toString('base64'),
      ].join(':');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown vault format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key comes from VAULT_KEY (any string, hashed to 32 bytes) or from a key file generated
 * once in the data directory, readable by its owner only.
 */
export async function loadVaultKey(vaultKey: string | undefined, dataDir: string): Promise<Buffer> {
  if (vaultKey) return createHash('sha256').update(vaultKey).digest();
  const file = path.join(dataDir, 'vault.key');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}
