import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase, pgliteTemplate, type QueryListener } from '../../src/db/client.ts';
import { ensureLibraryTenant } from '../../src/db/seed/base.ts';
import { startSmtp } from './smtp.ts';

export const MASTER_PASSWORD = 'master-password-for-tests';

/** One migrated cluster per test worker (its files share loaded modules), copied for each file. */
let template: Promise<Blob> | undefined;

/** Which database the API tests run on: PGlite by default, PostgreSQL in the `api-pg` project. */
async function testDatabase(
  onQuery: QueryListener,
): Promise<{ database: Database; drop: () => Promise<void>; name: string | null }> {
  const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    template ??= pgliteTemplate();
    const database = await openDatabase({ onQuery, startFrom: await template });
    return { database, drop: async () => undefined, name: null };
  }
  const schemaName = `t_${randomUUID().replaceAll('-', '')}`;
  const database = await openDatabase({
    url,
    schemaName,
    onQuery,
    strictConnections: true,
    applicationName: schemaName,
  });
  return {
    database,
    name: schemaName,
    drop: async () => {
      await database.db.execute(sql.raw(`DROP SCHEMA "${schemaName}" CASCADE`));
    },
  };
}

/**
 * A real app on a fresh database with a real SMTP server: each test file owns its data.
 * `env` adds configuration (e.g. no MASTER_PASSWORD).
 */
export async function startTestApp(env: Record<string, string> = {}, logStream?: NodeJS.WritableStream) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-test-'));
  const smtp = await startSmtp();
  // The statements sent while `statements` runs a call (the query-count tests).
  let recorded: string[] | null = null;
  const { database, drop, name } = await testDatabase((text) => recorded?.push(text));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MASTER_PASSWORD,
    PUBLIC_URL: 'http://asbuilt.test',
    SEED_DEMO: 'false',
    VAULT_KEY: 'test-vault-key',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // No webhook worker polling beside the calls under test (it would add statements to their
    // counts at random): the webhook tests drive it themselves.
    WEBHOOK_POLL_SECONDS: '0',
    ...env,
  });
  const { app, ctx } = await buildApp(
    logStream ? { config, database, logStream } : { config, database, logger: false },
  );
  await app.ready();
  await ensureLibraryTenant(database.db);

  return {
    app,
    ctx,
    db: database.db,
    database,
    smtp,
    dataDir,
    /** On PostgreSQL, the application_name of the app's connections (pg_stat_activity). */
    databaseName: name,
    /** The SQL statements an action sends, in order. */
    async statements(action: () => Promise<unknown>): Promise<string[]> {
      recorded = [];
      try {
        await action();
        return recorded;
      } finally {
        recorded = null;
      }
    },
    /** An API call; `token` adds the bearer header. */
    call(
      method: InjectOptions['method'],
      url: string,
      options: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
    ): Promise<LightMyRequestResponse> {
      return app.inject({
        method,
        url,
        ...(options.ip ? { remoteAddress: options.ip } : {}),
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
      });
    },
    async close() {
      await app.close();
      await smtp.close();
      await drop();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A test app with the data `build` puts in it, for a file's `beforeAll`. */
export async function startWorld<W>(build: (t: TestApp) => Promise<W>): Promise<{ t: TestApp; w: W }> {
  const t = await startTestApp();
  try {
    return { t, w: await build(t) };
  } catch (error) {
    // The file's afterAll never sees an app it was not given.
    await t.close();
    throw error;
  }
}
