/**
 * Browser timings of the big lists, in headless Chromium against the built app:
 *   (a) /site/{id}/devices with 20,000 generated devices (plus Demo HQ's own): ms from the start of
 *       the navigation until the table shows rows and the counter shows the total;
 *   (b) ms from a search keystroke (the input event) to the next frame after the table changed,
 *       over a series of keystrokes (median and max);
 *   (c) the same two on /tenant/products with 5,000 generated products.
 *
 * Each load starts once the machine is quiet (`untilQuiet` in harness.ts): Chromium's own work for
 * a new window would otherwise run alongside a first visit.
 *
 * The app runs as in the end-to-end tests (the compiled `node server/dist/main.js`, PGlite in a throwaway
 * DATA_DIR, demo data). PGlite takes one connection, so the server is stopped while the generators
 * write, then started again.
 *
 *   npm run build && npx tsx bench/devices-page.ts [--devices 20000] [--products 5000] [--runs 3]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { expandSiteDevices, type SiteDevicesResponse } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { openDatabase } from '../server/src/db/client.ts';
import { companies, procats, products, sites, tenants } from '../server/src/db/schema.ts';
import { startTrace, stopTrace } from './browser-trace.ts';
import { reportFigure } from './figures.ts';
import { generateDevices } from './generate-devices.ts';
import {
  CHROMIUM,
  launchChromium,
  log,
  signedInPage,
  startServer,
  stopServer,
  untilQuiet,
  waitForHealth,
} from './harness.ts';
import { describeMachine } from './machine.ts';
import { ProcessorUse, type ProcessorWatch, processorTimeByKind } from './processor-use.ts';

export interface Timing {
  name: string;
  rows: number;
  /** One figure per run (load) or keystroke (search). */
  samples: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** Median and max over the samples that measured something (a key that changed nothing is -1). */
export const summary = (t: Timing) => {
  const measured = t.samples.filter((s) => s >= 0);
  return { median: median(measured), max: Math.max(...measured) };
};

// ---------------------------------------------------------------------------------------------
// The server

// ---------------------------------------------------------------------------------------------
// Data

/** Inserts `count` products of the demo integrator's tenant (brands and categories of the catalogue). */
async function generateProducts(dataDir: string, count: number) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const db = database.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.name, 'Demo Integrator'));
    const brandRows = await db.select({ id: companies.id }).from(companies).where(eq(companies.brand, true));
    const procatRows = await db.select({ id: procats.id }).from(procats);
    for (let start = 0; start < count; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
        const n = start + i + 1;
        return {
          tenant_id: tenant!.id,
          name: `Bench product ${n}`,
          product_model: `BPM-${String(n).padStart(5, '0')}`,
          sku: `BSKU${n}`,
          brand_id: brandRows[n % brandRows.length]!.id,
          procat_id: procatRows[n % procatRows.length]!.id,
        };
      });
      await db.insert(products).values(batch);
    }
  } finally {
    await database.close();
  }
}

async function addDevices(dataDir: string, count: number): Promise<number> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const [site] = await database.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.name, 'Demo HQ')));
    await generateDevices(database.db, site!.id, count);
    return site!.id;
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The browser

/**
 * Navigates and returns the ms from the navigation's start (performance.timeOrigin) to the first
 * frame in which the table shows rows and `ready(text)` holds for the counter's text.
 */
async function timeLoad(
  page: Page,
  url: string,
  counterSelector: string,
  expected: string,
  cpu?: ProcessorWatch,
): Promise<number> {
  await untilQuiet();
  const before = cpu && processorTimeByKind(cpu.serverPid);
  const profiler =
    process.env.BENCH_PROFILE && !process.env.BENCH_PROFILE.endsWith('keys')
      ? await startProfile(page)
      : null;
  // BENCH_TRACE=1 prints where the browser's main thread spent the load, from its own trace.
  const browser = page.context().browser();
  if (process.env.BENCH_TRACE && browser) await startTrace(browser, page);
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    ({ selector, text }) => {
      const counter = document.querySelector(selector);
      const rows = document.querySelectorAll('[role="table"] [role="row"]').length;
      return counter?.textContent?.trim() === text && rows > 1 ? performance.now() : false;
    },
    { selector: counterSelector, text: expected },
    { polling: 'raf', timeout: 60_000 },
  );
  const painted = (await handle.jsonValue()) as number;
  if (cpu && before) cpu.use.add(before, processorTimeByKind(cpu.serverPid));
  if (profiler) await printProfile(profiler);
  if (process.env.BENCH_TRACE && browser) {
    const top = (await stopTrace(browser)).slice(0, 25);
    console.error(
      `[trace]\n  ${top.map(([name, ms]) => `${ms.toFixed(1).padStart(7)} ms ${name}`).join('\n  ')}`,
    );
  }
  // BENCH_DETAIL=1 prints when each script and API answer arrived, against the paint.
  if (process.env.BENCH_DETAIL) {
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => {
        const e = entry as PerformanceResourceTiming;
        return `${Math.round(e.requestStart)}-${Math.round(e.responseEnd)} ${e.name.replace(location.origin, '')}`;
      }),
    );
    console.error(`[detail] painted at ${Math.round(painted)}\n  ${entries.join('\n  ')}`);
  }
  return painted;
}

// BENCH_PROFILE=1 prints the functions that took the browser's main thread during the load
// (self time, from Chromium's sampling profiler); build with `vite build --minify false` to read names.
async function startProfile(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  return session;
}

let profilesWritten = 0;

async function printProfile(session: CDPSession): Promise<void> {
  const { profile } = await session.send('Profiler.stop');
  // BENCH_PROFILE_FILE=f also writes each profile whole (f-1.cpuprofile, f-2…, in the order of
  // the loads), to read its callers (or open in DevTools).
  if (process.env.BENCH_PROFILE_FILE)
    await writeFile(
      `${process.env.BENCH_PROFILE_FILE}-${++profilesWritten}.cpuprofile`,
      JSON.stringify(profile),
    );
  const interval = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples?.length ?? 1);
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/assets\//, '')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (hits.get(node.id) ?? 0) * interval);
  }
  if (process.env.BENCH_PROFILE === 'timeline') {
    // What the main thread did in each 50 ms from the profile's start: the busiest function.
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const buckets = new Map<number, Map<string, number>>();
    let at = 0;
    (profile.samples ?? []).forEach((id, index) => {
      at += (profile.timeDeltas?.[index] ?? 0) / 1000;
      const frame = byId.get(id)?.callFrame;
      const name = `${frame?.functionName || '(anonymous)'} ${frame?.url.replace(/^.*\/assets\//, '') ?? ''}`;
      const bucket = buckets.get(Math.floor(at / 50)) ?? new Map<string, number>();
      bucket.set(name, (bucket.get(name) ?? 0) + 1);
      buckets.set(Math.floor(at / 50), bucket);
    });
    for (const [index, bucket] of [...buckets].sort((a, b) => a[0] - b[0])) {
      const total = [...bucket.values()].reduce((a, b) => a + b, 0);
      const idle = bucket.get('(idle) ') ?? 0;
      const busiest = [...bucket]
        .filter(([name]) => name !== '(idle) ')
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3);
      console.error(
        `  ${index * 50}ms busy ${Math.round((100 * (total - idle)) / total)}% ${busiest.map(([n, c]) => `${n}×${c}`).join(', ')}`,
      );
    }
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
  console.error(
    `[profile]\n  ${top.map(([key, ms]) => `${ms.toFixed(1).padStart(7)} ms ${key}`).join('\n  ')}`,
  );
  await session.detach();
}

/**
 * Types `keys` one at a time into the search box; for each, the ms from the input event to the
 * frame after the table's DOM changed. A key that changes nothing in the table is reported as -1.
 */
async function timeKeystrokes(page: Page, searchLabel: string, keys: string[]): Promise<number[]> {
  const input = page.getByRole('searchbox', { name: searchLabel });
  await input.click();
  const samples: number[] = [];
  for (const key of keys) {
    await page.evaluate(() => {
      const w = window as unknown as { __bench?: Promise<number> };
      const field = document.querySelector('input[type="search"]') as HTMLInputElement;
      const table = document.querySelector('[role="table"]');
      w.__bench = new Promise<number>((resolve) => {
        // No input event or no change within 5 s: reported as -1.
        setTimeout(() => resolve(-1), 5_000);
        field.addEventListener(
          'input',
          (event) => {
            const start = event.timeStamp;
            const observer = new MutationObserver(() => {
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - start));
            });
            // The keys keep some matches, so the table stays and changes in place (rows, and its
            // aria-rowcount with the count).
            if (table)
              observer.observe(table, {
                subtree: true,
                childList: true,
                characterData: true,
                attributes: true,
              });
            setTimeout(() => observer.disconnect(), 5_000);
          },
          { once: true },
        );
      });
    });
    await page.keyboard.press(key);
    const ms = await page.evaluate(() => (window as unknown as { __bench: Promise<number> }).__bench);
    samples.push(ms);
    // Let the deferred render and the virtualiser settle before the next key.
    await page.waitForTimeout(250);
  }
  return samples;
}

/**
 * In the page (an expression of no value, so that evaluating it does not wait): a promise (window.__card) of the ms from the next click to the frame in which a
 * device card shows its selected tab, and to the frame in which the sheet (anchored right) has
 * slid in, its right edge on the window's.
 */
const CARD_WATCH = `void (window.__card = new Promise((resolve) => {
  let first = -1;
  setTimeout(() => resolve([first, -1]), 10000);
  document.addEventListener('click', (event) => {
    const start = event.timeStamp;
    const check = () => {
      const tab = document.querySelector('[role="dialog"] [role="tab"][aria-selected="true"]');
      if (tab && first < 0) first = performance.now() - start;
      const rect = tab && tab.closest('[role="dialog"]').getBoundingClientRect();
      if (rect && Math.abs(rect.right - window.innerWidth) < 1) resolve([first, performance.now() - start]);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, { once: true, capture: true });
}))`;

/**
 * Clicks the rows one after the other; for each, the ms from the click event to the frame in
 * which the device card shows the device (its General tab), and to the end of its slide-in.
 */
async function timeCardOpens(page: Page, count: number): Promise<{ shown: number[]; settled: number[] }> {
  const shown: number[] = [];
  const settled: number[] = [];
  for (let index = 0; index < count; index++) {
    // A string, not a function: tsx would name the inner function with a helper the page lacks.
    await page.evaluate(CARD_WATCH);
    await page
      .locator('[role="table"] [role="row"]')
      .nth(index + 1)
      .getByRole('cell')
      .nth(2)
      .click();
    const [first, done] = await page.evaluate(
      () => (window as unknown as { __card: Promise<[number, number]> }).__card,
    );
    shown.push(first);
    settled.push(done);
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    await page.waitForTimeout(200);
  }
  return { shown, settled };
}

export interface BenchOptions {
  devices: number;
  products: number;
  runs: number;
  port?: number;
}

export async function runBrowserBench(
  options: BenchOptions,
): Promise<{ timings: Timing[]; machine: string }> {
  const port = options.port ?? 3290;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-bench-web-'));
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  const timings: Timing[] = [];
  try {
    // First start: migrations and demo data. Then the generators, with the server stopped.
    log(`first start in ${dataDir}`);
    server = startServer(dataDir, port);
    await waitForHealth(base);
    await stopServer(server);
    log(`generating ${options.devices} devices and ${options.products} products`);
    const siteId = await addDevices(dataDir, options.devices);
    if (options.products > 0) await generateProducts(dataDir, options.products);
    server = startServer(dataDir, port);
    await waitForHealth(base);
    log('server up; measuring');

    browser = await launchChromium();
    const page = await signedInPage(browser, base);

    // The expected counter: every device not archived.
    const token = await page.evaluate(() => localStorage.getItem('asbuilt.token'));
    const list = await page.request.get(`${base}/api/site/refresh_devices?id=${siteId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const devices = expandSiteDevices((await list.json()) as SiteDevicesResponse, siteId);
    const active = devices.filter((d) => !d.archived).length;
    const counterText = `${active.toLocaleString('en-US')} of ${active.toLocaleString('en-US')} devices`;

    /** The devices page opened in `on`: ms from navigation to its rows and total. */
    const visit = (on: Page, cpu?: ProcessorWatch) =>
      timeLoad(on, `${base}/site/${siteId}/devices`, '[data-testid="device-counter"]', counterText, cpu);

    const loads: number[] = [];
    for (let run = 0; run < options.runs; run++) loads.push(await visit(page));
    timings.push({
      name: 'devices page: navigation to rows and total',
      rows: devices.length,
      samples: loads,
    });
    log(`devices page loads: ${loads.map(Math.round).join(', ')} ms`);

    // A new user's first visit: a new browser context each time (no script in its cache), on
    // the sign-in page with a session, as after signing in.
    // BENCH_CPU=1 also prints the processor time each kind of process spent per first visit.
    const firstVisits: number[] = [];
    const cpu: ProcessorWatch | undefined = process.env.BENCH_CPU
      ? { use: new ProcessorUse(), serverPid: server.pid }
      : undefined;
    for (let run = 0; run < options.runs; run++) {
      const fresh = await signedInPage(browser, base, token ?? undefined);
      firstVisits.push(await visit(fresh, cpu));
      await fresh.context().close();
    }
    if (cpu) log(`processor ms per first visit: ${cpu.use.perRun()}`);
    timings.push({
      name: 'devices page, first visit (new browser context): navigation to rows and total',
      rows: devices.length,
      samples: firstVisits,
    });
    log(`devices page first visits: ${firstVisits.map(Math.round).join(', ')} ms`);

    // The first visit after a change: one device renamed through the API before each visit.
    const afterEdit: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      const device = devices[run]!;
      const edit = await page.request.put(`${base}/api/site/devices`, {
        headers: { authorization: `Bearer ${token}` },
        data: { id: device.id, name: `${device.name} (edited)`, updated_at: device.updated_at },
      });
      if (!edit.ok()) throw new Error(`editing device ${device.id}: ${edit.status()} ${await edit.text()}`);
      afterEdit.push(await visit(page));
    }
    timings.push({
      name: 'devices page after one device edited: navigation to rows and total',
      rows: devices.length,
      samples: afterEdit,
    });
    log(`devices page loads after an edit: ${afterEdit.map(Math.round).join(', ')} ms`);

    const cards = await timeCardOpens(page, 10);
    timings.push({
      name: 'devices page: row click to the card shown',
      rows: devices.length,
      samples: cards.shown,
    });
    timings.push({
      name: 'devices page: row click to the card slid in',
      rows: devices.length,
      samples: cards.settled,
    });
    log(
      `card opens: ${cards.shown.map(Math.round).join(', ')} ms (slid in: ${cards.settled.map(Math.round).join(', ')})`,
    );

    // Each key changes the matches: narrowing, then widening again.
    const keys = ['2', '0', '2', '4', 'Backspace', 'Backspace', 'Backspace', 'Backspace', 'b', 'e'];
    // BENCH_PROFILE=keys profiles the keystrokes instead of the loads.
    const keysProfiler = process.env.BENCH_PROFILE === 'keys' ? await startProfile(page) : null;
    timings.push({
      name: 'devices page: search keystroke to table update',
      rows: devices.length,
      samples: await timeKeystrokes(page, 'Search devices', keys),
    });
    if (keysProfiler) await printProfile(keysProfiler);

    log(`devices search: ${timings.at(-1)!.samples.map(Math.round).join(', ')} ms`);
    if (options.products > 0) {
      const index = await page.request.get(`${base}/api/tenant/products`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const total = ((await index.json()) as { products: unknown[] }).products.length;
      const productLoads: number[] = [];
      for (let run = 0; run < options.runs; run++) {
        productLoads.push(
          await timeLoad(
            page,
            `${base}/tenant/products`,
            'main h1 + p',
            `${total.toLocaleString('en-US')} products`,
          ),
        );
      }
      timings.push({
        name: 'products page: navigation to rows and total',
        rows: total,
        samples: productLoads,
      });
      const productKeys = ['1', '2', '3', 'Backspace', 'Backspace', 'Backspace', 'c', 'i', 's', 'c'];
      // BENCH_PROFILE=product-keys profiles these keystrokes.
      const productKeysProfiler =
        process.env.BENCH_PROFILE === 'product-keys' ? await startProfile(page) : null;
      timings.push({
        name: 'products page: search keystroke to table update',
        rows: total,
        samples: await timeKeystrokes(page, 'Search products', productKeys),
      });
      if (productKeysProfiler) await printProfile(productKeysProfiler);
    }
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
  return { timings, machine: describeMachine(CHROMIUM) };
}

export function printTimings(timings: Timing[]) {
  console.log('| measurement | rows | median ms | max ms | samples |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const t of timings) {
    const { median: m, max } = summary(t);
    console.log(
      `| ${t.name} | ${t.rows.toLocaleString('en-US')} | ${Math.round(m)} | ${Math.round(max)} | ${t.samples.map((s) => (s < 0 ? 'no change' : Math.round(s))).join(', ')} |`,
    );
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '20000' },
      products: { type: 'string', default: '5000' },
      runs: { type: 'string', default: '3' },
    },
  });
  const { timings, machine } = await runBrowserBench({
    devices: Number(values.devices),
    products: Number(values.products),
    runs: Number(values.runs),
  });
  console.log(machine);
  printTimings(timings);
  const devices = Number(values.devices);
  const held: [name: string, label: string, max: number][] = [
    [
      'devices page, first visit (new browser context): navigation to rows and total',
      'devices page, first visit',
      devices >= 100_000 ? 3000 : 1000,
    ],
    ['devices page: search keystroke to table update', 'search keystroke', 50],
    ['devices page: row click to the card shown', 'device card', 200],
  ];
  for (const [name, label, max] of held) {
    const timing = timings.find((t) => t.name === name);
    if (!timing) continue;
    reportFigure({
      point: '4',
      name: `${label}, ${devices.toLocaleString('en-US')} devices`,
      value: Math.round(summary(timing).median),
      unit: 'ms',
      target: { max },
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
