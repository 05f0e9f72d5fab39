import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVault } from '../../src/platform/vault.ts';

describe('vault', () => {
  const vault = createVault(randomBytes(32));

  it('round-trips a secret and never stores it in clear', () => {
    const sealed = vault.encrypt('p@ssw0rd!');
    expect(sealed).not.toContain('p@ssw0rd!');
    expect(vault.decrypt(sealed)).toBe('p@ssw0rd!');
  });

  it('uses a fresh IV each time', () => {
    expect(vault.encrypt('same')).not.toBe(vault.encrypt('same'));
  });

  it('refuses a tampered ciphertext and another key', () => {
    const sealed = vault.encrypt('secret');
    const parts = sealed.split(':');
    const tampered = [...parts.slice(0, 3), Buffer.from('other!').toString('base64')].join(':');
    expect(() => vault.decrypt(tampered)).toThrow();
    expect(() => createVault(randomBytes(32)).decrypt(sealed)).toThrow();
  });
});
