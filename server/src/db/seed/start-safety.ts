import { isIP } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { Db } from '../client.ts';
import { users } from '../schema.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-sites.ts';

/**
 * The demo accounts' password is printed in the README, a Super Admin among them: a server that
 * others can reach must not get them by default, nor keep them unnoticed.
 */

/** Whether only this machine can reach a server listening on `host`. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (name.startsWith('::ffff:')) return isLoopbackHost(name.slice('::ffff:'.length));
  return name === '::1';
}

/**
 * Whether demo data may be created: always on loopback; beyond it only when SEED_DEMO=true was
 * set explicitly (the embedded database's default is not enough).
 */
export function demoSeedAllowed(config: Pick<Config, 'host' | 'seedDemo' | 'seedDemoAsked'>): boolean {
  return config.seedDemo && (isLoopbackHost(config.host) || config.seedDemoAsked);
}

export function demoRefusalMessage(host: string): string {
  return [
    `Demo accounts NOT created: the server listens on ${host}, beyond this machine, and their`,
    'password (demo1234) is public. Set SEED_DEMO=true to create them anyway, or ADMIN_EMAIL and',
    'ADMIN_PASSWORD for a first Super Admin of your own.',
  ].join('\n');
}

/** The active demo accounts whose password is still the demo one. */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, hash: users.password_hash })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          DEMO_USERS.map((u) => u.email),
        ),
        eq(users.user_status, true),
      ),
    );
  const still: string[] = [];
  for (const row of rows) if (await verifyPassword(row.hash, DEMO_PASSWORD)) still.push(row.email);
  return still.sort();
}

export function demoPasswordWarning(host: string, emails: string[]): string {
  return [
    `WARNING: the server listens on ${host}, beyond this machine, and these accounts still have`,
    `the public demo password demo1234: ${emails.join(', ')}.`,
    'Change their passwords or deactivate them.',
  ].join('\n');
}
