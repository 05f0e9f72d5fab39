import { describe, expect, it } from 'vitest';
import { packProcessEnv } from '../../src/modules/handover/pdf/process.ts';

describe("the handover pack process's environment", () => {
  const server = {
    PATH: '/usr/bin',
    HOME: '/home/asbuilt',
    TZ: 'Europe/Brussels',
    LANG: 'nl_BE.UTF-8',
    LC_TIME: 'fr_BE.UTF-8',
    NODE_ENV: 'production',
    NODE_EXTRA_CA_CERTS: '/etc/ssl/company.pem',
    PGSSLMODE: 'verify-full',
    PGSSLROOTCERT: '/etc/ssl/db.pem',
    DATABASE_URL: 'postgres://asbuilt:db-secret@db/asbuilt',
    VAULT_KEY: 'vault-key-secret',
    MASTER_PASSWORD: 'master-secret',
    S3_SECRET_ACCESS_KEY: 's3-secret',
    SMTP_URL: 'smtp://mail:smtp-secret@mail',
    AI_API_KEY: 'ai-secret',
    METRICS_TOKEN: 'metrics-secret',
    ADMIN_PASSWORD: 'admin-secret',
  };

  it("keeps what Node.js and node-postgres read, and none of the server's settings or secrets", () => {
    expect(packProcessEnv(server)).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/asbuilt',
      TZ: 'Europe/Brussels',
      LANG: 'nl_BE.UTF-8',
      LC_TIME: 'fr_BE.UTF-8',
      NODE_ENV: 'production',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/company.pem',
      PGSSLMODE: 'verify-full',
      PGSSLROOTCERT: '/etc/ssl/db.pem',
    });
  });
});
