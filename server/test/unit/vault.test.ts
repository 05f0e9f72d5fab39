import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createVault,
  deriveSigningKeys,
  loadSigningKeys,
  loadVaultKey,
  pinSigningKeys,
  secretBinding,
} from '../../src/platform/vault.ts';

describe('vault', () => {
  const vault = createVault(randomBytes(32));
  const binding = secretBinding({ id: 7, site_id: 3 });

  it('round-trips a secret and never stores it in clear', () => {
    const sealed = vault.encrypt('p@ssw0rd!', binding);
    expect(sealed).not.toContain('p@ssw0rd!');
    expect(sealed).not.toContain(Buffer.from('p@ssw0rd!').toString('base64'));
    expect(vault.decrypt(sealed, binding)).toBe('p@ssw0rd!');
  });

  it('uses a fresh nonce each time', () => {
    const a = vault.encrypt('same', binding).split(':');
    const b = vault.encrypt('same', binding).split(':');
    expect(a[1]).not.toBe(b[1]);
    expect(a[3]).not.toBe(b[3]);
  });

  it('refuses a tampered ciphertext, a tampered tag and another key', () => {
    const sealed = vault.encrypt('secret', binding);
    const [version, iv, tag, data] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => vault.decrypt([version, iv, tag, flipped.toString('base64')].join(':'), binding)).toThrow();
    const badTag = Buffer.from(tag, 'base64');
    badTag[0] = badTag[0]! ^ 1;
    expect(() => vault.decrypt([version, iv, badTag.toString('base64'), data].join(':'), binding)).toThrow();
    expect(() => createVault(randomBytes(32)).decrypt(sealed, binding)).toThrow();
    expect(() => vault.decrypt('v2:abc', binding)).toThrow(/format/);
  });

  it('binds a password to its secret and site: moved onto another row it does not open', () => {
    const sealed = vault.encrypt('secret', binding);
    expect(() => vault.decrypt(sealed, secretBinding({ id: 8, site_id: 3 }))).toThrow();
    expect(() => vault.decrypt(sealed, secretBinding({ id: 7, site_id: 4 }))).toThrow();
  });

  it('generates the key file once, readable by its owner only, and reads it back', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vault-'));
    const first = await loadVaultKey(undefined, dir);
    expect(first).toHaveLength(32);
    expect((await stat(path.join(dir, 'vault.key'))).mode & 0o777).toBe(0o600);
    expect((await loadVaultKey(undefined, dir)).equals(first)).toBe(true);
    // VAULT_KEY wins over the file.
    expect((await loadVaultKey('from-env', dir)).equals(first)).toBe(false);
  });

  it('keeps the signing keys once pinned, whatever the vault key becomes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'signing-'));
    const oldKey = randomBytes(32);
    const derived = deriveSigningKeys(oldKey);
    expect((await loadSigningKeys(dir, oldKey)).files.equals(derived.files)).toBe(true);
    await pinSigningKeys(dir, derived);
    const afterRotation = await loadSigningKeys(dir, randomBytes(32));
    expect(afterRotation.files.equals(derived.files)).toBe(true);
    expect(afterRotation.publicDevice.equals(derived.publicDevice)).toBe(true);
    // The pinned file holds derived keys, never the vault key itself.
    expect(await readFile(path.join(dir, 'signing.json'), 'utf8')).not.toContain(oldKey.toString('base64'));
  });
});
