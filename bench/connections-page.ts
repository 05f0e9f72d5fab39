/**
 * The cable schedule in the browser (bench/connections.ts --part page): the built app on a
 * throwaway DATA_DIR with the demo data, Demo HQ given N generated devices and about N cables
 * (generate-devices.ts, data/connections.ts) while the server is stopped (PGlite takes one
 * connection), then /site/{id}/connections in headless Chromium, signed in as the demo
 * integrator. A load is timed from the navigation's start to the first frame in which the table
 * shows rows and the counter reads every cable ("N of N cables"), as devices-page.ts times the
 * devices page (page-timings.ts); the same switches (BENCH_PROFILE, BENCH_TRACE, BENCH_DETAIL).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { openDatabase } from '../server/src/db/client.ts';
import { sites } from '../server/src/db/schema.ts';
import { printProfile, startProfile } from './browser-profile.ts';
import { addConnections } from './data/connections.ts';
import { generateDevices } from './generate-devices.ts';
import {
  CHROMIUM,
  launchChromium,
  log,
  signedInPage,
  startServer,
  stopServer,
  waitForHealth,
} from './harness.ts';
import { timeKeystrokes, timeLoad } from './page-timings.ts';

/** Adds the devices and their cables to Demo HQ; answers its id. */
async function addScheduleData(dataDir: string, devices: number, cables: number): Promise<number> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const [site] = await database.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.name, 'Demo HQ')));
    await generateDevices(database.db, site!.id, devices);
    const written = await addConnections(database.db, site!.id, cables);
    log(`${written.cables} cables between ${written.cabledDevices} devices`);
    return site!.id;
  } finally {
    await database.close();
  }
}

export async function runSchedulePage(options: {
  devices: number;
  cables: number;
  runs: number;
  port: number;
}) {
  const base = `http://127.0.0.1:${options.port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-bench-cables-'));
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  const timings = new Map<string, number[]>();
  try {
    // A server left on the port would answer the health checks meant for this one.
    const stale = await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    );
    if (stale) throw new Error(`Something answers on port ${options.port} already: pick another (--port)`);
    log(`first start in ${dataDir}`);
    server = startServer(dataDir, options.port);
    await waitForHealth(base);
    await stopServer(server);
    server = null;
    log(`generating ${options.devices} devices and about ${options.cables} cables`);
    const siteId = await addScheduleData(dataDir, options.devices, options.cables);
    server = startServer(dataDir, options.port);
    await waitForHealth(base);
    log('server up; measuring');

    browser = await launchChromium();
    const page = await signedInPage(browser, base);
    const token = await page.evaluate(() => localStorage.getItem('asbuilt.token'));
    const list = await page.request.get(`${base}/api/site/connections?site_id=${siteId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // Rows of values under their column names (an older server: an array of objects).
    const listed = ((await list.json()) as { connections: unknown[] | { rows: unknown[] } }).connections;
    const total = Array.isArray(listed) ? listed.length : listed.rows.length;
    const counter = `${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} cables`;
    const url = `${base}/site/${siteId}/connections`;
    const visit = (on = page) => timeLoad(on, url, '[data-testid="connection-counter"]', counter);

    const inContext: number[] = [];
    for (let run = 0; run < options.runs; run++) inContext.push(await visit());
    timings.set('visits in one context', inContext);
    log(`visits in one context: ${inContext.map(Math.round).join(', ')} ms`);

    // A new user's first visit: a new browser context each time, nothing in its cache.
    const first: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      const fresh = await signedInPage(browser, base, token ?? undefined);
      first.push(await visit(fresh));
      await fresh.context().close();
    }
    timings.set('first visit (new browser context)', first);
    log(`first visits: ${first.map(Math.round).join(', ')} ms`);

    // Each key changes the matches (codes, device codes, ports): narrowing, then widening again.
    await visit();
    const keys = ['1', '2', '3', '4', 'Backspace', 'Backspace', 'Backspace', 'Backspace', 'b', 'e'];
    const profiler = process.env.BENCH_PROFILE === 'keys' ? await startProfile(page) : null;
    timings.set('search keystroke to the table changed', await timeKeystrokes(page, 'Search cables', keys));
    if (profiler) await printProfile(profiler);
    log(`keystrokes: ${timings.get('search keystroke to the table changed')!.map(Math.round).join(', ')} ms`);
    return { timings, cables: total, devices: options.devices, chromium: CHROMIUM };
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}
