import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandSiteDevices, type SiteDevicesResponse, type SiteIndexResponse } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';

/**
 * Issue 15: the server process killed (SIGKILL, no goodbye) in the middle of a 20,000-row device
 * import leaves the site as it was before the import, and the embedded database opens again. The
 * real server is started as `npm start` starts it, on PGlite (the default; on PostgreSQL the lost
 * connection rolls the transaction back by itself).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROWS = 20_000;
let dataDir: string;
let port: number;
let child: ChildProcess | undefined;

/** Starts `src/main.ts` on the test's data directory and waits until it answers. */
async function startServer(): Promise<ChildProcess> {
  const process_ = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'true',
      VAULT_KEY: 'sigkill-test-key',
      WEB_DIST: path.join(dataDir, 'no-web'),
      // The import's "device import writing" line is the test's cue to kill.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await printed(process_, 'Asbuilt is running');
  return process_;
}

/**
 * Resolves when the server prints `text` (a cue from inside the running process, not a guess of
 * time); rejects with the output's tail if it ends first.
 */
function printed(process_: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes(text)) return;
      process_.stdout!.off('data', collect);
      process_.stderr!.off('data', collect);
      resolve();
    };
    process_.stdout!.on('data', collect);
    process_.stderr!.on('data', collect);
    process_.once('exit', (code) => reject(new Error(`server ended (${code}): ${output.slice(-2000)}`)));
  });
}

const base = () => `http://127.0.0.1:${port}`;

/** One call on a connection of its own (no keep-alive across the killed and the new server). */
function call<T>(token: string | null, url: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base()}${url}`,
      {
        method: payload === undefined ? 'GET' : 'POST',
        agent: false,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 500) >= 400)
            reject(new Error(`${url}: ${res.statusCode} ${text.slice(0, 300)}`));
          else resolve(JSON.parse(text) as T);
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(): Promise<string> {
  const answer = await call<{ token: string }>(null, '/api/admin/users/login', {
    username: 'integrator@asbuilt.demo',
    password: 'demo1234',
  });
  return answer.token;
}

async function devicesOf(token: string, siteId: number) {
  return expandSiteDevices(
    await call<SiteDevicesResponse>(token, `/api/site/refresh_devices?id=${siteId}`),
    siteId,
  );
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-sigkill-'));
  port = await freePort();
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('SIGKILL during an import', () => {
  it('leaves the site as it was, and the database opens again', async () => {
    child = await startServer();
    let token = await signIn();
    const index = await call<SiteIndexResponse>(token, '/api/site/index');
    const site = index.sites.find((s) => s.name === 'Demo HQ')!;
    const before = await devicesOf(token, site.id);
    const { products } = await call<{ products: { id: number }[] }>(
      token,
      `/api/site/devices/new?site_id=${site.id}`,
    );
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      row: i + 2,
      values: { product_id: String(products[0]!.id), code: `KILL-${i}`, note: 'imported before the kill' },
    }));

    // The import runs; the process is killed as soon as it says it is writing its rows, inside
    // its transaction. A fixed delay was either too short or too long, depending on the host.
    const writing = printed(child, 'device import writing');
    const importing = call(token, '/api/site/devices/import', { site_id: site.id, rows }).catch(
      (error: Error) => error,
    );
    await Promise.race([writing.catch(() => undefined), importing]);
    child.kill('SIGKILL');
    const outcome = await importing;
    expect(outcome, 'the import ended before the kill').toBeInstanceOf(Error);
    await new Promise<void>((resolve) => child!.once('exit', () => resolve()));

    child = await startServer();
    token = await signIn();
    const after = await devicesOf(token, site.id);
    expect(after.length).toBe(before.length);
    expect(after.some((device) => device.code?.startsWith('KILL-'))).toBe(false);

    // And it works: the same import, run to the end, writes every row.
    await call(token, '/api/site/devices/import', { site_id: site.id, rows: rows.slice(0, 100) });
    expect((await devicesOf(token, site.id)).length).toBe(before.length + 100);
  }, 120_000);
});
