/**
 * What the API benchmarks share: a throwaway database (PGlite in a temporary directory, or a
 * schema of its own on the PostgreSQL of `DATABASE_URL`), the bench site filled with generated
 * devices, the server in this process listening on loopback, and calls signed in as the bench
 * user. `close` drops everything.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase, type QueryListener } from '../server/src/db/client.ts';
import { BENCH_USER, createBenchSite, generateDevices } from './generate-devices.ts';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A caller process (`http-caller.ts`): `get` answers the client's time, status and size. */
export function httpCaller() {
  const child = fork(new URL('./http-caller.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
  });
  let pending: ((answer: CallerAnswer) => void) | null = null;
  child.on('message', (answer: CallerAnswer) => pending?.(answer));
  return {
    /** The caller's process, apart from the server's. */
    pid: child.pid,
    get: (url: string, token: string, encoding: 'identity' | 'gzip') =>
      new Promise<CallerAnswer>((resolve, reject) => {
        pending = (answer) => {
          pending = null;
          if (answer.error || answer.status !== 200)
            reject(new Error(`${url}: ${answer.error ?? answer.status}`));
          else resolve(answer);
        };
        child.send({ url, token, encoding });
      }),
    close: () => child.disconnect(),
  };
}

interface CallerAnswer {
  ms: number;
  status: number;
  bytes: number;
  error?: string;
}

export async function startBenchApi(
  deviceCount: number,
  options: { onQuery?: QueryListener; env?: Record<string, string> } = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-bench-'));
  const url = process.env.DATABASE_URL;
  const schemaName = url ? `bench_${randomUUID().replaceAll('-', '')}` : undefined;
  const database = await openDatabase(
    url
      ? { url, schemaName: schemaName!, onQuery: options.onQuery }
      : { dataDir: path.join(dataDir, 'db'), onQuery: options.onQuery },
  );
  const dropAll = async () => {
    if (schemaName) await database.db.execute(sql.raw(`DROP SCHEMA "${schemaName}" CASCADE`));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const siteId = await createBenchSite(database.db);
    const started = performance.now();
    await generateDevices(database.db, siteId, deviceCount);
    const generatedMs = performance.now() - started;
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      VAULT_KEY: 'bench-vault-key',
      PORT: '0',
      // As in production: answers are not checked against their schemas.
      NODE_ENV: 'production',
      ...options.env,
    });
    const { app, ctx } = await buildApp({ config, database, logger: false });
    // The server's own time per call, from the request's arrival (its headers parsed) to its
    // answer's last byte written, apart from the load generator's (fetch's) time on the same
    // processors.
    let answered: ((ms: number) => void) | null = null;
    // First of the server's listeners: before Fastify's routing and hooks.
    app.server.prependListener('request', (_request, response) => {
      const started = performance.now();
      response.once('finish', () => answered?.(performance.now() - started));
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/admin/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: BENCH_USER.email, password: BENCH_USER.password }),
    });
    const { token } = (await login.json()) as { token: string };

    /** A call as the bench user; its answer's text, or an error naming the status. */
    const call = async (method: string, route: string, body?: BodyInit, type = 'application/json') => {
      const response = await fetch(`${address}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': type }),
        },
        body,
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${route}: ${response.status} ${bytes.toString().slice(0, 300)}`);
      return bytes;
    };
    const callJson = async <T>(method: string, route: string, body?: unknown) =>
      JSON.parse(
        (await call(method, route, body === undefined ? undefined : JSON.stringify(body))).toString(),
      ) as T;

    const serverClient = (
      database.db as unknown as { $client: { query(...args: unknown[]): Promise<unknown> } }
    ).$client;
    return {
      app,
      db: database.db,
      kind: database.kind,
      raw: database.raw,
      ctx,
      address,
      token,
      siteId,
      generatedMs,
      call,
      callJson,
      /**
       * A recorded statement run the way the server runs the statements it keeps parsed: a named
       * statement on PostgreSQL (`name` per statement); on PGlite, through the server's own client,
       * which keeps the texts `prepared()` named parsed (db/pglite-named.ts).
       */
      rawKept: (text: string, params: unknown[], name: string) =>
        database.kind === 'pglite'
          ? serverClient.query(text, params)
          : serverClient.query({ name, text, values: params }),
      /** The server's time for the next call it answers (ask before sending it). */
      nextServerMs: () =>
        new Promise<number>((resolve) => {
          answered = (ms) => {
            answered = null;
            resolve(ms);
          };
        }),
      close: async () => {
        await app.close();
        await dropAll();
      },
    };
  } catch (error) {
    await dropAll();
    throw error;
  }
}
