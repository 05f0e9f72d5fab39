/**
 * The Handover page (/site/{id}/handover): an Integrator makes a pack of Demo HQ in the dialog,
 * watches its bar move to Ready, downloads it (a PDF of more than a few bytes) and deletes it; a
 * Reader sees the list and the download but neither the dialog nor Delete; on a phone the dialog
 * makes a ZIP that downloads as one.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiSiteByName } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const READER = 'tech@asbuilt.demo';

const packs = (page: Page) => page.getByTestId('handover-pack');

// A pack is drawn on a thread of low priority: beside the other worker's browser and server on
// two processors it may take most of the half minute it is given, and the test goes on after it.
test.describe.configure({ timeout: 60_000 });

/** Waits until the newest pack is Ready, after seeing its bar or waiting place while it was made. */
async function watchUntilReady(page: Page) {
  const newest = packs(page).first();
  await expect(newest.getByRole('progressbar')).toBeVisible();
  await expect(newest.getByText(/^(\d+% · .+|Waiting)$/)).toBeVisible();
  await expect(newest).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(newest.getByRole('progressbar')).toHaveCount(0);
  return newest;
}

async function downloadOf(page: Page, link: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), data: await readFile(file) };
}

test('handover: make a PDF pack, watch its progress, download it, delete it', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  await signIn(page, INTEGRATOR, { to: `/site/${hq.id}/dashboard` });
  await expect(page.getByRole('heading', { name: 'Demo HQ', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Handover', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/site/${hq.id}/handover$`));
  await expect(page.getByRole('heading', { name: 'Handover', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Make a pack' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a handover pack' });
  await expect(dialog.getByRole('checkbox', { name: 'Device schedule' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^Datasheets/ })).not.toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^PDF/ })).toBeChecked();
  // No section: nothing to make.
  for (const box of await dialog.getByRole('group', { name: 'Sections' }).getByRole('checkbox').all()) {
    await box.uncheck();
  }
  await expect(dialog.getByText('Choose at least one section.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Make the pack' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Site summary' }).check();
  await dialog.getByRole('checkbox', { name: 'Device schedule' }).check();
  await dialog.getByRole('checkbox', { name: 'Floor plans with the devices' }).check();
  await dialog.getByRole('button', { name: 'Make the pack' }).click();
  await expect(dialog).toBeHidden();

  const pack = await watchUntilReady(page);
  await expect(pack.getByText(/^by .+ · \d+ pages · [\d.,]+ (kB|MB)$/)).toBeVisible();
  await expect(pack.getByText('Options: 3 sections · all floors · English')).toBeVisible();
  await dismissToasts(page);

  const link = pack.getByRole('link', { name: /^Download HP-\d+$/ });
  const { name, data } = await downloadOf(page, link);
  expect(name).toMatch(/^Demo HQ - Handover pack HP-\d+\.pdf$/);
  expect(data.length).toBeGreaterThan(1000);
  expect(data.subarray(0, 5).toString()).toBe('%PDF-');
  const head = await page.request.get((await link.getAttribute('href'))!);
  expect(head.headers()['content-type']).toBe('application/pdf');

  const number = (await pack.getByRole('heading', { level: 2 }).textContent())!;
  await pack.getByRole('button', { name: `Delete ${number}` }).click();
  const question = page.getByRole('alertdialog', { name: `Delete ${number}?` });
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: number, level: 2 })).toHaveCount(0);
});

test('handover: a Reader lists and downloads packs but makes and deletes none', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const warehouse = await apiSiteByName(page.request, token, 'Demo Warehouse');
  const made = await page.request.post('/api/site/handover', {
    headers: { authorization: `Bearer ${token}` },
    data: { site_id: warehouse.id, format: 'pdf', sections: ['summary'] },
  });
  expect(made.status()).toBe(200);
  const { id } = (await made.json()) as { id: number };
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`/api/site/handover?site_id=${warehouse.id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const { packs: all } = (await list.json()) as { packs: Array<{ id: number; status: string }> };
        return all.find((p) => p.id === id)?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('done');

  await signIn(page, READER, { to: `/site/${warehouse.id}/handover` });
  await expect(page.getByRole('heading', { name: 'Handover', level: 1 })).toBeVisible();
  const pack = packs(page).first();
  await expect(pack).toHaveAttribute('data-status', 'done');
  await expect(pack.getByRole('link', { name: /^Download HP-/ })).toBeVisible();
  await expect(pack.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Make a pack' })).toHaveCount(0);
  const { data } = await downloadOf(page, pack.getByRole('link', { name: /^Download HP-/ }));
  expect(data.subarray(0, 5).toString()).toBe('%PDF-');
});

test('@phone handover: a ZIP pack made on a phone downloads as one', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const clinic = await apiSiteByName(page.request, token, 'Demo Clinic');
  await signIn(page, INTEGRATOR, { to: `/site/${clinic.id}/handover` });
  await page.getByRole('button', { name: 'Make a pack' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a handover pack' });
  await dialog.getByRole('radio', { name: /^ZIP/ }).check();
  await dialog.getByRole('button', { name: 'Make the pack' }).click();
  await expect(dialog).toBeHidden();
  const pack = await watchUntilReady(page);
  await dismissToasts(page);
  const { name, data } = await downloadOf(page, pack.getByRole('link', { name: /^Download HP-\d+$/ }));
  expect(name).toMatch(/\.zip$/);
  expect(data.length).toBeGreaterThan(1000);
  // A ZIP's local file header.
  expect(data.readUInt32LE(0)).toBe(0x04034b50);
});
