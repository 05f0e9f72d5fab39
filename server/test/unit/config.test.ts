import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('loadConfig', () => {
  it('resolves a relative DATA_DIR from where npm was run, and seeds demo data only on the embedded database', () => {
    const embedded = loadConfig({ INIT_CWD: '/srv/asbuilt', DATA_DIR: './data' });
    expect(embedded.dataDir).toBe('/srv/asbuilt/data');
    expect(embedded.seedDemo).toBe(true);
    expect(embedded.publicUrl).toBe('http://localhost:3000');
    const server = loadConfig({
      DATABASE_URL: 'postgres://db/asbuilt',
      PORT: '8080',
      PUBLIC_URL: 'https://asbuilt.example/',
    });
    expect(server.seedDemo).toBe(false);
    expect(server.publicUrl).toBe('https://asbuilt.example');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/asbuilt', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('uses S3 only when an endpoint and a bucket are set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'files' }).s3).toMatchObject({
      bucket: 'files',
      region: 'us-east-1',
    });
  });

  it('trusts no proxy unless told, then the addresses named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback,10.0.0.0/8' }).trustProxy).toBe('loopback,10.0.0.0/8');
  });

  it('refuses a malformed setting with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid configuration: PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});
