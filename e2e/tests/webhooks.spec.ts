/**
 * The Webhooks page (/tenant/settings/webhooks): an Integrator adds an endpoint pointing at a
 * receiver this test starts on 127.0.0.1 (the e2e servers run with WEBHOOK_ALLOW_PRIVATE), sees
 * its secret once, sends a test event from the delivery log and sees it delivered there, with
 * the signature the receiver got checking out against that secret; then deletes it.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let receiverUrl = '';
const hits: Hit[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The Standard Webhooks check, as a receiver would make it. */
function signatureOk(secret: string, hit: Hit): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key)
    .update(`${hit.headers['webhook-id']}.${hit.headers['webhook-timestamp']}.${hit.body}`)
    .digest('base64');
  return String(hit.headers['webhook-signature']).split(' ').includes(`v1,${mac}`);
}

async function addSendTestDelete(page: Page, path: string) {
  await page.goto('/tenant/settings');
  await page.getByRole('link', { name: /^Webhooks/ }).click();
  await expect(page).toHaveURL(/\/tenant\/settings\/webhooks$/);
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  const url = `${receiverUrl}${path}`;
  await dialog.getByLabel('Endpoint URL').fill(url);
  await dialog.getByLabel('Description').fill('Ticketing');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  // No event chosen yet: the form says so and nothing is added.
  await expect(dialog.getByText('Choose at least one event')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Devices: All' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Devices: changed' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Tickets: new message' }).check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();

  const shown = page.getByRole('dialog', { name: "The webhook's signing secret" });
  const secret = await shown.getByLabel('Secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await shown.getByRole('button', { name: 'Done' }).click();

  const item = page.getByRole('listitem', { name: url });
  await expect(item.getByText('Ticketing')).toBeVisible();
  await expect(item.getByText('5 events')).toBeVisible();
  await expect(item.getByText('All sites')).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  await item.getByRole('button', { name: 'Delivery log' }).click();
  const log = page.getByRole('dialog', { name: /^Delivery log/ });
  await expect(log.getByText('Nothing was sent yet.')).toBeVisible();
  const before = hits.length;
  await log.getByRole('button', { name: 'Send test event' }).click();
  await expect(log.getByText('webhook.test')).toBeVisible();
  await expect(log.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
  await expect(log.getByText('thanks')).toBeVisible();
  expect(hits.length).toBe(before + 1);
  const hit = hits[before]!;
  expect(JSON.parse(hit.body)).toMatchObject({ type: 'webhook.test' });
  expect(signatureOk(secret, hit)).toBe(true);
  await log.getByRole('button', { name: 'Close' }).click();

  await item.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name: url })).toHaveCount(0);
}

test('webhooks: add one, see its secret once, send a test event and see it in the log, delete it', async ({
  page,
}) => {
  await signIn(page, 'integrator@asbuilt.demo');
  await addSendTestDelete(page, '/desktop');
});

test('@phone webhooks: the same on a phone', async ({ page }) => {
  await signIn(page, 'integrator@asbuilt.demo');
  await addSendTestDelete(page, '/phone');
});
