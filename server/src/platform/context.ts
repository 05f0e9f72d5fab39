import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { PgConnection } from '../db/pool.ts';
import type { DeviceLinks } from './device-links.ts';
import type { Mailer } from './mail.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Storage } from './storage.ts';
import type { Vault } from './vault.ts';

/** What services need from the outside world; built once in buildApp and handed to every module. */
export interface AppContext {
  db: Db;
  /**
   * On PostgreSQL, where the handover pack's process opens a connection of its own to read the
   * site itself, leaving the server its own work. Absent on PGlite.
   */
  pgConnection?: PgConnection;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  vault: Vault;
  storage: Storage;
  /** Signs and checks the hashes of the public device page. */
  deviceLinks: DeviceLinks;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}
