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
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_DEVICE_HEADERS, expandSiteDevices, type SiteDevicesResponse } from '@asbuilt/domain';
import type { Browser, Page } from 'playwright-core';
import { printProfile, startProfile } from './browser-profile.ts';
import { addCustomFields } from './custom-fields-data.ts';
import { reportFigure } from './figures.ts';
import {
  CHROMIUM,
  launchChromium,
  log,
  signedInPage,
  startServer,
  stopServer,
  waitForHealth,
} from './harness.ts';
import { describeMachine } from './machine.ts';
import { addDevices, generateProducts } from './page-data.ts';
import { timeCardOpens, timeKeystrokes, timeLoad } from './page-timings.ts';
import { ProcessorUse, type ProcessorWatch } from './processor-use.ts';
import { addTags } from './tags-data.ts';

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

export interface BenchOptions {
  devices: number;
  products: number;
  runs: number;
  port?: number;
  /** Device custom fields filled on every device and shown as columns (issue 43). */
  customFields?: number;
  /** Tags of the tenant, none to three on each device (issue 43). */
  tags?: number;
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
    const fieldColumns = options.customFields
      ? await addCustomFields(dataDir, siteId, options.customFields)
      : [];
    if (options.tags) await addTags(dataDir, siteId, options.tags);
    server = startServer(dataDir, port);
    await waitForHealth(base);
    log('server up; measuring');

    browser = await launchChromium();
    const page = await signedInPage(browser, base);

    // The expected counter: every device not archived.
    const token = await page.evaluate(() => localStorage.getItem('asbuilt.token'));
    // The generated fields' columns and the Tags column are shown, so that their cells are drawn.
    const extraColumns = [...fieldColumns, ...(options.tags ? ['tags'] : [])];
    if (extraColumns.length > 0) {
      const shown = await page.request.post(`${base}/api/site/headers`, {
        headers: { authorization: `Bearer ${token}` },
        data: { site_id: siteId, headers: [...DEFAULT_DEVICE_HEADERS, ...extraColumns] },
      });
      if (!shown.ok()) throw new Error(`showing the custom field and tag columns: ${shown.status()}`);
    }
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
      'custom-fields': { type: 'string', default: '0' },
      tags: { type: 'string', default: '0' },
    },
  });
  const { timings, machine } = await runBrowserBench({
    devices: Number(values.devices),
    products: Number(values.products),
    runs: Number(values.runs),
    customFields: Number(values['custom-fields']),
    tags: Number(values.tags),
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
