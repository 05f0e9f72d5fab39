/**
 * Issue 42 on site: what the scanner costs a phone, and how long Take photo takes (after `npm run
 * build`). It starts the built server on a fresh demo database and drives headless Chromium at a
 * phone's size with a fake camera filming a device's QR code (a Y4M video made here):
 * - the bytes the scanner loads on its first use (its screen, the QR reader's script and its
 *   WebAssembly, as gzip and Brotli copies);
 * - from the Scan button to the device card, the first scan of a fresh browser (the reader loads)
 *   and the next one (it is loaded), medians of the rounds;
 * - Take photo of a 12 and a 50 megapixel picture: the time to the card's "added" message, and the
 *   bytes sent against the picture's.
 *
 *   npm run build && npx tsx bench/scan.ts [--rounds 5]
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { median } from './api-harness.ts';
import { reportFigure } from './figures.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist');
const PORT = 3489;
const BASE = `http://127.0.0.1:${PORT}`;
const SIDE = 480;

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The scanner's own files, by the build's manifest: its screen, the reader and the wasm. */
function scannerBytes() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const fileOf = (suffix: string) => Object.entries(manifest).find(([key]) => key.endsWith(suffix))?.[1].file;
  const parts = {
    'scanner screen': fileOf('src/features/scan/ScanDialog.tsx'),
    'QR reader script': fileOf('barcode-detector/dist/es/ponyfill.js'),
    'QR reader wasm': fileOf('zxing_reader.wasm'),
  };
  const size = (file: string) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  return Object.entries(parts).map(([name, file]) => {
    const full = path.join(dist, file ?? 'missing');
    return { name, raw: size(full), gzip: size(`${full}.gz`), brotli: size(`${full}.br`) };
  });
}

function writeQrVideo(file: string, text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = Math.floor(SIDE / (modules.size + 8));
  const offset = Math.floor((SIDE - cell * modules.size) / 2);
  const luma = Buffer.alloc(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const col = Math.floor((x - offset) / cell);
      const row = Math.floor((y - offset) / cell);
      const dark =
        x >= offset && y >= offset && col < modules.size && row < modules.size && modules.get(row, col);
      luma[y * SIDE + x] = dark ? 16 : 235;
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, Buffer.alloc((SIDE * SIDE) / 2, 128)]);
  const header = Buffer.from(`YUV4MPEG2 W${SIDE} H${SIDE} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

async function api<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
  return (await response.json()) as T;
}

async function phonePage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((t) => localStorage.setItem('asbuilt.token', t), token);
  const page = await context.newPage();
  await page.goto(`${BASE}/sites`);
  await page.getByRole('banner').getByRole('button', { name: 'Scan' }).waitFor();
  return page;
}

/** From the Scan button to the device card's code on screen, in ms. */
async function scanOnce(page: Page, code: string): Promise<number> {
  await page.goto(`${BASE}/sites`);
  const button = page.getByRole('banner').getByRole('button', { name: 'Scan' });
  await button.waitFor();
  const started = performance.now();
  await button.click();
  await page.getByRole('dialog').getByText(code, { exact: true }).waitFor({ timeout: 30_000 });
  return performance.now() - started;
}

/** A picture of `width` × `height` as a phone's camera writes it (JPEG 0.92), made in the page. */
async function cameraPicture(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      // Noise, as a real scene has: a flat picture would compress to nothing.
      const tile = context.createImageData(256, 256);
      for (let i = 0; i < tile.data.length; i++) tile.data[i] = (i % 4 === 3 ? 255 : Math.random() * 255) | 0;
      for (let y = 0; y < h; y += 256) for (let x = 0; x < w; x += 256) context.putImageData(tile, x, y);
      return canvas.toDataURL('image/jpeg', 0.92).split(',')[1]!;
    },
    { w: width, h: height },
  );
  return Buffer.from(base64, 'base64');
}

async function takePhoto(page: Page, siteId: number, deviceId: number, picture: Buffer, name: string) {
  await page.goto(`${BASE}/site/${siteId}/devices?device=${deviceId}`);
  const input = page.getByTestId('take-photo-input');
  await input.waitFor({ state: 'attached' });
  const started = performance.now();
  await input.setInputFiles({ name, mimeType: 'image/jpeg', buffer: picture });
  await page.getByText("Photo added to the device's pictures").first().waitFor({ timeout: 60_000 });
  return performance.now() - started;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'asbuilt-bench-scan-'));
const video = path.join(dataDir, 'qr.y4m');
writeQrVideo(video, 'https://placeholder.invalid/');
const server = spawn('node', [path.join(root, 'server/dist/main.js')], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
let browser: Browser | undefined;
try {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { token } = await api<{ token: string }>('POST', '/api/admin/users/login', undefined, {
    username: 'integrator@asbuilt.demo',
    password: 'demo1234',
  });
  const { sites } = await api<{ sites: { id: number; name: string }[] }>('GET', '/api/site/index', token);
  const site = sites.find((s) => s.name === 'Demo HQ')!;
  const codes = await api<{ devices: { columns: string[]; rows: unknown[][] } }>(
    'GET',
    `/api/site/refresh_devices?id=${site.id}`,
    token,
  );
  const deviceId = Number(codes.devices.rows[0]![codes.devices.columns.indexOf('id')]);
  const { device } = await api<{ device: { id: number; code: string; public_hash: string } }>(
    'GET',
    `/api/site/devices?id=${deviceId}`,
    token,
  );
  writeQrVideo(video, `${BASE}/device/${device.public_hash}`);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });

  const first: number[] = [];
  const next: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const page = await phonePage(browser, token);
    first.push(await scanOnce(page, device.code));
    next.push(await scanOnce(page, device.code));
    await page.context().close();
  }

  const photos: { name: string; ms: number[]; sent: number; taken: number }[] = [];
  for (const [name, width, height] of [
    ['12 MP (4,000 × 3,000)', 4000, 3000],
    ['50 MP (8,160 × 6,120)', 8160, 6120],
  ] as const) {
    const page = await phonePage(browser, token);
    const picture = await cameraPicture(page, width, height);
    const ms: number[] = [];
    for (let round = 0; round < Math.min(rounds, 3); round++) {
      ms.push(await takePhoto(page, site.id, device.id, picture, `bench-${width}-${round}.jpg`));
    }
    const { attachments } = await api<{ attachments: { filename: string; size: number | null }[] }>(
      'GET',
      `/api/global/attachments?site_id=${site.id}&attachable_type=Device&attachable_id=${device.id}&limit=100`,
      token,
    );
    const sent = attachments.find((a) => a.filename.startsWith(`bench-${width}-0`))?.size ?? 0;
    photos.push({ name, ms, sent, taken: picture.length });
    await page.context().close();
  }

  console.log(
    `\nScanner's files (first use only; ${new Date().toISOString()}, load ${loadavg()[0]!.toFixed(2)})`,
  );
  console.log('| file | raw | gzip | brotli |\n| --- | ---: | ---: | ---: |');
  for (const part of scannerBytes()) {
    console.log(`| ${part.name} | ${kb(part.raw)} | ${kb(part.gzip)} | ${kb(part.brotli)} |`);
  }
  console.log(`\nScan to card, phone viewport, fake camera, ${rounds} rounds (median, min–max)`);
  console.log('| scan | median | range |\n| --- | ---: | ---: |');
  const line = (name: string, samples: number[]) =>
    console.log(
      `| ${name} | ${median(samples).toFixed(0)} ms | ${Math.min(...samples).toFixed(0)}–${Math.max(...samples).toFixed(0)} ms |`,
    );
  line('first in a fresh browser (reader loads)', first);
  line('next one', next);
  console.log('\nTake photo to "added" (shrunk to 2,560 px, JPEG 0.85)');
  console.log('| picture | median | taken | sent |\n| --- | ---: | ---: | ---: |');
  for (const photo of photos) {
    console.log(
      `| ${photo.name} | ${median(photo.ms).toFixed(0)} ms | ${kb(photo.taken)} | ${kb(photo.sent)} |`,
    );
  }
  reportFigure({ point: '42', name: 'scan to card, first use', value: median(first), unit: 'ms' });
  reportFigure({ point: '42', name: 'scan to card, next', value: median(next), unit: 'ms' });
} finally {
  await browser?.close();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  await rm(dataDir, { recursive: true, force: true });
}
