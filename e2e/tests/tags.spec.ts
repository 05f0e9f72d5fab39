/**
 * Tags (issue 43): three devices tagged at once from Edit Selected Devices, the tag typed into the
 * dialog ("type to create"), then the devices page filtered by it; on a phone, the device card
 * shows the tag and the tag is added from there.
 */
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const counter = (page: Page) => page.getByTestId('device-counter');
const table = (page: Page) => page.getByRole('table', { name: 'Devices' });

async function siteWithDevices(page: Page, codes: string[]) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Tags ${unique()}`);
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  const ids: number[] = [];
  for (const code of codes)
    ids.push((await apiCreateDevice(page.request, token, site.id, switchId, { code })).id);
  return { site, token, ids };
}

test('tags: tag three devices in bulk, then filter the devices page by the tag', async ({ page }) => {
  const { site } = await siteWithDevices(page, ['G-1', 'G-2', 'G-3', 'G-4']);
  const tag = `Fire ${unique()}`;
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  await expect(counter(page)).toHaveText('4 of 4 devices');
  for (const code of ['G-1', 'G-2', 'G-4'])
    await page.getByRole('checkbox', { name: `Select ${code}` }).check();
  await page.getByRole('button', { name: 'Bulk actions (3)' }).click();
  await page.getByRole('menuitem', { name: 'Edit Selected Devices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit 3 selected devices' });

  // Typed and Enter: the tag is created on the spot and shown as a chip.
  const add = dialog.getByRole('combobox', { name: 'Add tags' });
  await add.fill(tag);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/tenant/tags') && r.request().method() === 'POST',
  );
  await add.press('Enter');
  expect((await created).status()).toBe(200);
  await expect(dialog.getByRole('button', { name: tag })).toBeVisible();

  const bulk = page.waitForRequest((r) => r.url().endsWith('/api/site/devices/bulk'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const sent = (await bulk).postDataJSON();
  expect(sent.changes.add_tags).toHaveLength(1);
  expect(Object.keys(sent.changes)).toEqual(['add_tags']);
  await expect(page.getByText('All Devices Updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByTestId('tag-filter').getByRole('combobox').click();
  await page.getByRole('option', { name: tag }).click();
  await expect(counter(page)).toHaveText('3 of 4 devices');
  for (const code of ['G-1', 'G-2', 'G-4']) {
    await expect(table(page).getByRole('row', { name: new RegExp(code) })).toBeVisible();
  }
  await expect(table(page).getByRole('row', { name: /G-3/ })).toHaveCount(0);

  await page.getByTestId('tag-filter').getByRole('combobox').click();
  await page.getByRole('option', { name: 'All tags' }).click();
  await expect(counter(page)).toHaveText('4 of 4 devices');
});

test('@phone tags: the device card adds a tag by typing it', async ({ page }) => {
  const { site, ids } = await siteWithDevices(page, ['P-1']);
  const tag = `Zone ${unique()}`;
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${ids[0]}` });
  const tags = page.getByTestId('device-tags');
  const input = tags.getByRole('combobox', { name: 'Tags' });
  await input.fill(tag);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/devices') && r.request().method() === 'PUT',
  );
  await input.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(tags.getByRole('button', { name: tag })).toBeVisible();
});
