import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * AES-256-GCM for vault passwords, sealed as `v1:iv:tag:ciphertext` (base64 parts) with a fresh
 * 96-bit nonce each time. The associated data binds a sealed password to its secret and site, so
 * a ciphertext copied onto another secret's row fails to open.
 */
export interface Vault {
  encrypt(plain: string, associatedData: string): string;
  /** Throws when the key is wrong, the data was tampered with or belongs to another secret. */
  decrypt(sealed: string, associatedData: string): string;
}

export const VAULT_KEY_BYTES = 32;

/** What a secret's password is bound to. */
export function secretBinding(secret: { id: number; site_id: number }): string {
  return `secret:${secret.site_id}:${secret.id}`;
}

export function createVault(key: Buffer): Vault {
  if (key.length !== VAULT_KEY_BYTES) throw new Error('The vault key must be 32 bytes');
  return {
    encrypt(plain, associatedData) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        data.toString('base64'),
      ].join(':');
    },
    decrypt(sealed, associatedData) {
      const [version, iv, tag, data, ...rest] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined || rest.length > 0) {
        throw new Error('Unknown vault format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** VAULT_KEY is any string, hashed to 32 bytes. */
export function keyFromText(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export const vaultKeyFile = (dataDir: string) => path.join(dataDir, 'vault.key');

/**
 * The key comes from VAULT_KEY or from a key file generated once in the data directory,
 * readable by its owner only.
 */
export async function loadVaultKey(vaultKey: string | undefined, dataDir: string): Promise<Buffer> {
  if (vaultKey) return keyFromText(vaultKey);
  const file = vaultKeyFile(dataDir);
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(VAULT_KEY_BYTES);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

/**
 * A new key file is written aside before the secrets move to it (so it can't be lost if the
 * process dies after the commit), then renamed over the old one.
 */
export const stagedVaultKeyFile = (dataDir: string) => `${vaultKeyFile(dataDir)}.next`;

export async function stageVaultKeyFile(dataDir: string, key: Buffer): Promise<void> {
  await writeFile(stagedVaultKeyFile(dataDir), key.toString('base64'), { mode: 0o600 });
}

export async function commitVaultKeyFile(dataDir: string): Promise<void> {
  await rename(stagedVaultKeyFile(dataDir), vaultKeyFile(dataDir));
}

/**
 * The keys that sign file URLs and public device hashes. They were derived from the vault key;
 * a key rotation writes them to `signing.json` first, so printed QR codes keep working after it.
 */
export interface SigningKeys {
  files: Buffer;
  publicDevice: Buffer;
}

export const signingFile = (dataDir: string) => path.join(dataDir, 'signing.json');

export function deriveSigningKeys(vaultKey: Buffer): SigningKeys {
  return {
    files: createHash('sha256').update('files:').update(vaultKey).digest(),
    publicDevice: createHash('sha256').update('public-device:').update(vaultKey).digest(),
  };
}

export async function loadSigningKeys(dataDir: string, vaultKey: Buffer): Promise<SigningKeys> {
  try {
    const stored = JSON.parse(await readFile(signingFile(dataDir), 'utf8')) as Record<string, string>;
    if (stored.files && stored.publicDevice) {
      return {
        files: Buffer.from(stored.files, 'base64'),
        publicDevice: Buffer.from(stored.publicDevice, 'base64'),
      };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return deriveSigningKeys(vaultKey);
}

/** Pins the signing keys in the data directory (once): a later vault key no longer changes them. */
export async function pinSigningKeys(dataDir: string, keys: SigningKeys): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const body = JSON.stringify({
    files: keys.files.toString('base64'),
    publicDevice: keys.publicDevice.toString('base64'),
  });
  await writeFile(signingFile(dataDir), body, { mode: 0o600, flag: 'wx' }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
}
