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
/** Fixed, so the test workers (which load this file again) agree with the server on it. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `asbuilt-e2e-${PORT}`);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    // A throwaway embedded database with the demo data, built web app on the same port; the
    // compiled server `npm start` runs (npm run build), every answer checked against its schema
    // (NODE_ENV is not production).
    command: `rm -rf "${E2E_DATA_DIR}" && node ../server/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      SEED_DEMO: 'true',
      MASTER_PASSWORD: 'e2e-master-password',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
    },
  },
});
