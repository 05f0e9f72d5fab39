/**
 * What the browser benchmarks share: the built app started on a throwaway data dir (as the
 * end-to-end tests do), the system Chromium, and a page signed in as the demo integrator.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO = { email: 'integrator@asbuilt.demo', password: 'demo1234' };

export const log = (message: string) => console.error(`[bench] ${message}`);

export async function waitForHealth(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('The server did not start');
}

/**
 * The compiled server, as `npm start` runs it (build it first: `npm run build`).
 * BENCH_SERVER_LOG=file keeps the server's request log (each call's arrival and answer time);
 * BENCH_SERVER_PROF=dir writes the server's CPU profile there when it stops (node --cpu-prof).
 */
export function startServer(dataDir: string, port: number): ChildProcess {
  const logFile = process.env.BENCH_SERVER_LOG;
  const profileDir = process.env.BENCH_SERVER_PROF;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return spawn('node', [...profile, 'server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: logFile ? 'info' : 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'ignore', 'inherit'],
    detached: true,
  });
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A page of a new browser context (nothing cached), on the sign-in page with the demo integrator's
 * session stored: `token` when given (sign-in is rate limited), else a new one.
 */
export async function signedInPage(browser: Browser, base: string, token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (!token) {
    const response = await page.request.post(`${base}/api/admin/users/login`, {
      data: { username: DEMO.email, password: DEMO.password },
    });
    ({ token } = (await response.json()) as { token: string });
  }
  await page.goto(`${base}/login`);
  await page.evaluate((t) => localStorage.setItem('asbuilt.token', t), token);
  return page;
}
