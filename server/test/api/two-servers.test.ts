/**
 * Two server processes on one PostgreSQL (issue 14, scale out): started together they migrate and
 * seed once; a session opened on one is valid on the other; concurrent changes through both lose
 * nothing and duplicate nothing. PostgreSQL only: PGlite is one process's own database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { prepareDatabase } from '../../src/db/seed/index.ts';

const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const schemaName = `two_${randomUUID().replaceAll('-', '')}`;
const ADMIN = { email: 'first-admin@example.test', password: 'first-admin-password' };

type Server = Awaited<ReturnType<typeof buildApp>> & { database: Database };
let servers: Server[] = [];

/** What `main.ts` does up to listening: open (and migrate), build, prepare under the lock. */
async function startServer(dataDir: string): Promise<Server> {
  const database = await openDatabase({ url: url!, schemaName });
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url!,
    SEED_DEMO: 'true',
    VAULT_KEY: 'two-servers-vault-key',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const built = await buildApp({ config, database, logger: false });
  await database.exclusive(() => prepareDatabase(database.db, config, built.ctx.vault));
  return { ...built, database };
}

describe.skipIf(!url)('two servers on one PostgreSQL', () => {
  beforeAll(async () => {
    // One data dir for both, as two processes sharing a volume (the vault key file).
    const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-two-'));
    servers = await Promise.all([startServer(dataDir), startServer(dataDir)]);
  });
  afterAll(async () => {
    for (const server of servers) await server.app.close();
    await servers[0]?.database.db.execute(sql.raw(`DROP SCHEMA "${schemaName}" CASCADE`));
    for (const server of servers) await server.database.close();
  });

  it('migrate once and seed the empty database once', async () => {
    const db = servers[0]!.database.db;
    const migrations = (await db.execute(
      sql.raw(
        `select count(*)::int as n, count(distinct hash)::int as distinct_n from "${schemaName}".__drizzle_migrations`,
      ),
    )) as unknown as { rows: { n: number; distinct_n: number }[] };
    expect(migrations.rows[0]!.n).toBeGreaterThan(0);
    expect(migrations.rows[0]!.n).toBe(migrations.rows[0]!.distinct_n);
    const admins = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${ADMIN.email}`);
    expect(admins).toHaveLength(1);
    const demo = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = 'integrator@asbuilt.demo'`);
    expect(demo).toHaveLength(1);
  });

  it('accept on one the session opened on the other, and apply concurrent changes through both, losing nothing and duplicating nothing', async () => {
    const [a, b] = servers as [Server, Server];
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/admin/users/login',
      payload: { username: 'integrator@asbuilt.demo', password: 'demo1234' },
    });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token}` };
    const me = await b.app.inject({ method: 'GET', url: '/api/global/me', headers });
    expect(me.statusCode).toBe(200);

    const index = (await b.app.inject({ method: 'GET', url: '/api/site/index', headers })).json();
    const site = index.sites.find((s: { name: string }) => s.name === 'Demo HQ');
    const list = (
      await a.app.inject({ method: 'GET', url: `/api/site/refresh_devices?id=${site.id}`, headers })
    ).json();
    const deviceId = list.devices.rows[0][0] as number;

    // Different fields of one device through both servers at once: both changes stay.
    const put = (server: Server, body: Record<string, unknown>) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/site/devices',
        headers,
        payload: { id: deviceId, ...body },
      });
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => put(a, { sn: `SN-A-${i}` })),
      ...Array.from({ length: 5 }, (_, i) => put(b, { mac: `00:00:00:00:00:0${i}` })),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const device = (
      await b.app.inject({ method: 'GET', url: `/api/site/devices?id=${deviceId}`, headers })
    ).json().device;
    expect(device.sn).toMatch(/^SN-A-\d$/);
    expect(device.mac).toMatch(/^00:00:00:00:00:0\d$/);

    // The same new user through both at once: one is created, the other refused as taken.
    const email = `twin-${randomUUID().slice(0, 6)}@example.test`;
    const create = (server: Server) =>
      server.app.inject({
        method: 'POST',
        url: '/api/tenant/users',
        headers,
        payload: { email, fname: 'Twin', lname: 'User', password: 'twin-password-1' },
      });
    const twins = await Promise.all([create(a), create(b)]);
    expect(twins.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await a.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = ${email}`);
    expect(rows).toHaveLength(1);
  });
});
