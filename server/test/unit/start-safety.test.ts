import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { demoPasswordWarning, demoSeedAllowed, isLoopbackHost } from '../../src/db/seed/start-safety.ts';

describe('a safe start', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('tells loopback from addresses other machines reach', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'asbuilt.example', '::ffff:10.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('seeds the demo accounts beyond loopback only when SEED_DEMO=true is set explicitly', () => {
    expect(demoSeedAllowed(loadConfig({}))).toBe(true);
    expect(demoSeedAllowed(loadConfig({ HOST: '0.0.0.0' }))).toBe(false);
    expect(demoSeedAllowed(loadConfig({ HOST: '0.0.0.0', SEED_DEMO: 'true' }))).toBe(true);
    expect(demoSeedAllowed(loadConfig({ HOST: '0.0.0.0', SEED_DEMO: 'false' }))).toBe(false);
    expect(demoSeedAllowed(loadConfig({ SEED_DEMO: 'false' }))).toBe(false);
  });

  it('names the accounts with the demo password, never a hash', () => {
    const text = demoPasswordWarning('0.0.0.0', ['admin@asbuilt.demo']);
    expect(text).toMatch(/admin@asbuilt\.demo/);
    expect(text).toMatch(/demo1234/);
    expect(text).not.toMatch(/\$argon2/);
  });

  it('reads the default storage quota from STORAGE_QUOTA_MB', () => {
    expect(loadConfig({}).storageQuotaMb).toBe(10_240);
    expect(loadConfig({ STORAGE_QUOTA_MB: '500' }).storageQuotaMb).toBe(500);
    expect(() => loadConfig({ STORAGE_QUOTA_MB: '0' })).toThrow(/STORAGE_QUOTA_MB/);
  });
});
