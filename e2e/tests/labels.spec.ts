/**
 * QR labels (issue 42): three devices selected on the devices page printed on a partly used
 * L4732 sheet (the download is a PDF, the request names those three); two cables' labels from the
 * connections page's selection; and on a phone, a location's devices on Dymo labels.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const counter = (page: Page) => page.getByTestId('device-counter');

/** The downloaded file's bytes: a PDF, whatever its name. */
async function expectPdf(download: Download) {
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await download.path();
  const bytes = await readFile(path!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return bytes;
}

test('labels: print labels for three selected devices, the download is a PDF', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Labels ${unique()}`);
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  const ids: Record<string, number> = {};
  for (const code of ['L-1', 'L-2', 'L-3', 'L-4'])
    ids[code] = (await apiCreateDevice(page.request, token, site.id, switchId, { code })).id;

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  await expect(counter(page)).toHaveText('4 of 4 devices');
  for (const code of ['L-1', 'L-2', 'L-4'])
    await page.getByRole('checkbox', { name: `Select ${code}` }).check();
  await page.getByRole('button', { name: 'Labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await expect(dialog.getByRole('radio', { name: 'The selected devices (3)' })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: /Avery L4732/ }).click();
  await dialog.getByRole('spinbutton', { name: 'Start at label' }).fill('81');
  await expect(dialog.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
  await dialog.getByRole('spinbutton', { name: 'Start at label' }).fill('5');
  await dialog.getByRole('checkbox', { name: 'Serial number' }).check();

  const request = page.waitForRequest((r) => r.url().endsWith('/api/site/devices/labels'));
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const body = (await request).postDataJSON() as { ids: number[] };
  expect(body).toEqual({
    site_id: site.id,
    ids: expect.any(Array),
    format: 'L4732',
    start_at: 5,
    fields: ['name', 'location', 'serial'],
  });
  expect([...body.ids].sort()).toEqual([ids['L-1'], ids['L-2'], ids['L-4']].sort());
  await expectPdf(await download);
  await expect(dialog).toBeHidden();
});

test('labels: cable labels for the selected cables of the connections page', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Cable Labels ${unique()}`);
  for (const [a, b] of [
    ['Patch 1', 'Desk 1'],
    ['Patch 2', 'Desk 2'],
  ]) {
    const response = await page.request.post('/api/site/connections', {
      headers: { authorization: `Bearer ${token}` },
      data: { site_id: site.id, a_label: a, b_label: b },
    });
    expect(response.status()).toBe(200);
  }
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/connections` });
  await expect(page.getByTestId('connection-counter')).toHaveText('2 of 2 cables');
  await expect(page.getByRole('button', { name: 'Cable labels' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('button', { name: 'Cable labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Labels for 2 cables' });
  await dialog.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: /Brother 62 mm/ }).click();
  // A roll has no partly used sheet.
  await expect(dialog.getByRole('spinbutton', { name: 'Start at label' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const bytes = await expectPdf(await download);
  // Two labels a cable, one a page on a roll.
  expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(4);
});

test('@phone labels: a location’s devices on Dymo labels, from a phone', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const headers = { authorization: `Bearer ${token}` };
  const site = await apiCreateSite(page.request, token, `E2E Phone Labels ${unique()}`);
  const floor = (
    (await (
      await page.request.post('/api/site/floors', { headers, data: { site_id: site.id, name: 'Level 1' } })
    ).json()) as {
      floor: { id: number };
    }
  ).floor;
  const location = (
    (await (
      await page.request.post('/api/site/locations', {
        headers,
        data: { floor_id: floor.id, name: 'Plant Room' },
      })
    ).json()) as { location: { id: number } }
  ).location;
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  for (const code of ['P-1', 'P-2'])
    await apiCreateDevice(page.request, token, site.id, switchId, {
      code,
      floor_id: floor.id,
      location_id: location.id,
    });
  await apiCreateDevice(page.request, token, site.id, switchId, { code: 'P-3' });

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  await expect(counter(page)).toHaveText('3 of 3 devices');
  await page.getByRole('button', { name: 'Labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await expect(dialog.getByRole('radio', { name: 'Every device of the site' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Every device of a location' }).check();
  await dialog.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Level 1 · Plant Room' }).click();
  await dialog.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: /Dymo/ }).click();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const request = page.waitForRequest((r) => r.url().endsWith('/api/site/devices/labels'));
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  expect((await request).postDataJSON()).toMatchObject({
    location_id: location.id,
    format: '54x25',
    start_at: 1,
  });
  const bytes = await expectPdf(await download);
  expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
});
