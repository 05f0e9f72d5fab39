/**
 * Issue 42, on site with a phone: Scan reads a device's QR code from the camera (Chromium's fake
 * camera plays a video made here of the code) and opens the device card, or the public page for
 * a user without access; a code that is not an Asbuilt device says so. Take photo shrinks a large
 * picture before upload. The app is installable and shows its own page offline.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DeviceDto } from '@asbuilt/domain';
import type { Page } from '@playwright/test';
import QRCode from 'qrcode';
import config from '../playwright.config.ts';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiSiteByName, apiSiteDevices } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const OTHER = 'other@asbuilt.demo';

/** The fake camera's video: one per worker, written again by each test before it opens the camera. */
const VIDEO = path.join(tmpdir(), `asbuilt-scan-${process.pid}.y4m`);
const SIDE = 480;

/** A Y4M video (I420) of `frames` frames of a grey picture, `luma` giving each pixel's brightness. */
function writeY4m(file: string, luma: (x: number, y: number) => number, frames = 10) {
  const header = Buffer.from(`YUV4MPEG2 W${SIDE} H${SIDE} F10:1 Ip A1:1 C420jpeg\n`);
  const y = Buffer.alloc(SIDE * SIDE);
  for (let row = 0; row < SIDE; row++)
    for (let col = 0; col < SIDE; col++) y[row * SIDE + col] = luma(col, row);
  const chroma = Buffer.alloc((SIDE / 2) * (SIDE / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** The camera films a QR code of `text`, black on white with its quiet zone. */
function filmQr(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cells = modules.size + 8;
  const cell = Math.floor(SIDE / cells);
  const offset = Math.floor((SIDE - cell * modules.size) / 2);
  writeY4m(VIDEO, (x, y) => {
    const col = Math.floor((x - offset) / cell);
    const row = Math.floor((y - offset) / cell);
    const inside = x >= offset && y >= offset && col < modules.size && row < modules.size;
    return inside && modules.get(row, col) ? 16 : 235;
  });
}

// The file must exist as the browser starts: Chromium reads its format when it lists its cameras.
writeY4m(VIDEO, () => 235);

const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

/** A device of Demo HQ (with its public hash, which its label's QR code holds). */
async function demoDevice(page: Page) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiSiteByName(page.request, token, 'Demo HQ');
  const listed = (await apiSiteDevices(page.request, token, site.id)).find((d) => d.code && !d.archived)!;
  const answer = await page.request.get(`/api/site/devices?id=${listed.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  const { device } = (await answer.json()) as { device: DeviceDto };
  return { site, device, token };
}

const scanButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Scan' });

test('@phone Scan opens the camera on a device QR code and lands on its card', async ({ page, baseURL }) => {
  const { site, device } = await demoDevice(page);
  filmQr(`${baseURL}/device/${device.public_hash}`);
  await signIn(page, INTEGRATOR);
  await scanButton(page).click();
  const scanner = page.getByRole('dialog', { name: 'Scan a device' });
  await expect(scanner).toBeVisible();
  await expect(page).toHaveURL(`/site/${site.id}/devices?device=${device.id}`, { timeout: 15_000 });
  await expect(scanner).toHaveCount(0);
  const card = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });
  await expect(card.getByText(device.code!, { exact: true })).toBeVisible();
  // The camera is off once the card opens.
  expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
});

test('@phone Scan sends a user without access to the site to the public page', async ({ page, baseURL }) => {
  const { device } = await demoDevice(page);
  filmQr(`${baseURL}/device/${device.public_hash}`);
  await signIn(page, OTHER);
  await scanButton(page).click();
  await expect(page).toHaveURL(`/device/${device.public_hash}`, { timeout: 15_000 });
  await expect(page.getByText('Demo HQ')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: device.code! })).toBeVisible();
});

test('@phone Scan says a QR code is not an Asbuilt device, keeps scanning, and Cancel closes it', async ({
  page,
}) => {
  filmQr('https://www.example.com/menu/today');
  await signIn(page, INTEGRATOR);
  await scanButton(page).click();
  const scanner = page.getByRole('dialog', { name: 'Scan a device' });
  await expect(scanner.getByText('This QR code is not an Asbuilt device.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/sites$/);
  await expect(scanner.getByRole('status')).toBeVisible();
  await scanner.getByRole('button', { name: 'Cancel' }).last().click();
  await expect(scanner).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
});

test('@phone a refused or missing camera says so', async ({ page }) => {
  await page.addInitScript(() => {
    const name = sessionStorage.getItem('camera-error') ?? 'NotAllowedError';
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('no camera', name));
  });
  await signIn(page, INTEGRATOR);
  await scanButton(page).click();
  const scanner = page.getByRole('dialog', { name: 'Scan a device' });
  await expect(scanner.getByRole('alert')).toHaveText(/Access to the camera was refused/);
  await expect(scanner.getByRole('button', { name: 'Try again' })).toBeVisible();
  await scanner.getByRole('button', { name: 'Cancel' }).last().click();
  await expect(scanner).toHaveCount(0);

  await page.evaluate(() => sessionStorage.setItem('camera-error', 'NotFoundError'));
  await page.reload();
  await scanButton(page).click();
  await expect(scanner.getByRole('alert')).toHaveText('No camera was found on this device.');
  await expect(scanner.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test('@phone Take photo on the device card shrinks a large picture to 2,560 px and adds it to the pictures', async ({
  page,
}) => {
  const { site, device, token } = await demoDevice(page);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${device.id}` });
  const card = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });
  await expect(card.getByRole('button', { name: 'Take photo' })).toBeVisible();
  const input = card.getByTestId('take-photo-input');
  await expect(input).toHaveAttribute('accept', 'image/*');
  await expect(input).toHaveAttribute('capture', 'environment');

  // A 4,000 × 3,000 photo, as a phone's camera takes it.
  const photo = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, '#1f8a5b');
    gradient.addColorStop(1, '#d81b60');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 4000, 3000);
    context.fillStyle = '#fff';
    context.font = 'bold 400px sans-serif';
    context.fillText('TYPE PLATE', 300, 1600);
    return canvas.toDataURL('image/jpeg', 0.95).split(',')[1]!;
  });
  // The upload waits until its progress bar has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/global/uploads/**', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await input.setInputFiles({
    name: 'site-photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(photo, 'base64'),
  });
  await expect(card.getByTestId('photo-progress')).toBeVisible();
  release();
  await expect(page.getByText("Photo added to the device's pictures")).toBeVisible();
  await expect(card.getByRole('tab', { name: 'Files & Pictures' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByTestId('attachment-card').filter({ hasText: 'site-photo' })).toBeVisible();

  const list = await page.request.get(
    `/api/global/attachments?site_id=${site.id}&attachable_type=Device&attachable_id=${device.id}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(list.status()).toBe(200);
  const { attachments } = (await list.json()) as { attachments: { filename: string; url: string }[] };
  const uploaded = attachments.find((a) => a.filename.startsWith('site-photo'));
  expect(uploaded).toBeDefined();
  const size = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, uploaded!.url);
  expect(size).toEqual([2560, 1920]);
});

test('the app is installable: its manifest, icons and theme colour', async ({ page }) => {
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toBe('application/manifest+json');
  const body = (await manifest.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body).toMatchObject({
    name: 'Asbuilt',
    short_name: 'Asbuilt',
    start_url: '/',
    display: 'standalone',
  });
  expect(body.theme_color).toBe('#1a7a50');
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = body.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const file = await page.request.get(icon!.src);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
  }
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1a7a50');
});

test('offline, a page of the app shows the offline screen in the user’s language', async ({
  page,
  context,
}) => {
  await signIn(page, INTEGRATOR);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.goto('/site/1/devices');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  // The worker keeps no API answer: a call fails as it would without it.
  expect(
    await page.evaluate(() =>
      fetch('/api/health').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  await expect(page).toHaveTitle('You are offline');

  await page.evaluate(() => localStorage.setItem('asbuilt.language', 'nl'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Je bent offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeHidden();

  await expect(page.getByRole('link', { name: 'Opnieuw proberen' })).toHaveAttribute('href', '');

  // Back online, the page asked for comes back by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Je bent offline' })).toHaveCount(0);
  await expect(page).toHaveURL('/site/1/devices');
  await expect(page.getByRole('banner')).toBeVisible();
});
