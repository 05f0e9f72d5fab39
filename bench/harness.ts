/**
 * What the browser benchmarks share: the built app started on a throwaway data dir (as the
 * end-to-end tests do), the system Chromium, and a page signed in as the demo integrator.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
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

/** The machine's processors' busy and total time so far (Linux), or null elsewhere. */
function processorTimes(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    // idle and iowait
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return null;
  }
}

/**
 * Waits until the machine is quiet: its processors under 20 % busy over three tenths of a second
 * in a row (at most 10 s; a fixed 2 s where /proc/stat cannot be read). A new browser context
 * opens a window, and Chromium does its own work for it: about 0.6 s of processor here, half of
 * it the address bar's suggestion popup, a web page in a renderer of its own. A load timed while
 * that runs measures Chromium's window on two processors as much as the app. A user's window
 * is open before they go to an address. BENCH_NO_SETTLE=1 skips the wait, as before 28 November.
 */
export async function untilQuiet(): Promise<void> {
  if (process.env.BENCH_NO_SETTLE) return;
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  let last = processorTimes();
  if (!last) return sleep(2_000);
  const deadline = Date.now() + 10_000;
  let quiet = 0;
  while (quiet < 3 && Date.now() < deadline) {
    await sleep(100);
    const now = processorTimes()!;
    const busy = (now.busy - last.busy) / Math.max(1, now.total - last.total);
    quiet = busy < 0.2 ? quiet + 1 : 0;
    last = now;
  }
}
