import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium was not found at ${CHROMIUM}. Install it with "apt-get install -y chromium" (or set CHROMIUM_PATH); ` +
      'the end-to-end tests drive the system browser and download none.',
  );
}

const PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * Each worker has a server and a database of its own (port PORT + n, data in `${base}-n`), so the
 * spec files run side by side without seeing each other's changes; one worker kept the suite at
 * some seven minutes, the largest part of CI. E2E_WORKERS=1 runs them one after the other.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** Fixed, so the test workers (which load this file again) agree with the servers on them. */
const DATA_BASE = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `asbuilt-e2e-${PORT}`);
process.env.E2E_DATA_DIR = DATA_BASE;
process.env.E2E_PORT = String(PORT);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  // CI shares two processors between two app servers, two browsers and the test workers, and a
  // loaded run took 35 minutes where a quiet one takes 12: a page that waits on a warm-up worker
  // or a reload then passes 7 s, and a 15 s test 30 s, without anything being wrong. A wait that
  // is really broken still fails, only later; run locally, the tighter limits keep a slow screen
  // visible as a failure.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Recording a trace of every test made the suite about a fifth slower (devices and catalogue
    // specs: 122 s against 95 s): in CI only a test's retry records one, so a test that fails twice
    // still leaves its trace. Run locally, a failing test keeps its trace as before.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Each test opens a new window, and Chromium 156 starts the address bar's suggestion
        // popup with it: a web page of its own in a renderer of its own, about 0.3 s of
        // processor per window here, taken from the app under test on two processors.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  // A throwaway embedded database with the demo data per worker, built web app on the same port;
  // the compiled server `npm start` runs (npm run build), every answer checked against its schema
  // (NODE_ENV is not production). The tests find theirs through support/test.ts.
  webServer: Array.from({ length: WORKERS }, (_, n) => {
    const port = PORT + n;
    const dataDir = `${DATA_BASE}-${n}`;
    return {
      command: `rm -rf "${dataDir}" && node ../server/dist/main.js`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        MASTER_PASSWORD: 'e2e-master-password',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        // The webhooks spec's receiver listens on 127.0.0.1.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // The single sign-on specs' provider listens on 127.0.0.1 too.
        SSO_ALLOW_PRIVATE: 'true',
      },
    };
  }),
});
