/**
 * Custom fields (issue 43): an integrator adds a choice field on the tenant settings' Custom
 * fields page, sets it on one device in the card's Details, shows it as a column of the devices
 * page and filters the page by its value. On a phone the card shows the value.
 */
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const counter = (page: Page) => page.getByTestId('device-counter');
const table = (page: Page) => page.getByRole('table', { name: 'Devices' });
const card = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });

async function siteWithDevices(page: Page) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Fields ${unique()}`);
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  const first = await apiCreateDevice(page.request, token, site.id, switchId, { code: 'CF-01' });
  await apiCreateDevice(page.request, token, site.id, switchId, { code: 'CF-02' });
  await apiCreateDevice(page.request, token, site.id, switchId, { code: 'CF-03' });
  return { token, site, first };
}

test('custom fields: add one, set it on a device, show it as a column, filter by it', async ({ page }) => {
  test.slow();
  const { site, first } = await siteWithDevices(page);
  const name = `Fire zone ${unique()}`;

  await signIn(page, INTEGRATOR, { to: '/tenant/settings' });
  await page.getByRole('link', { name: /Custom fields/ }).click();
  await expect(page).toHaveURL(/\/tenant\/settings\/custom-fields$/);
  const devicesSection = page.getByRole('region', { name: 'Devices' });
  await devicesSection.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a custom field' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Choice from a list' }).click();
  await dialog.getByRole('textbox', { name: 'Options' }).fill('Z1\nZ2');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Custom field added')).toBeVisible();
  await expect(devicesSection.getByText(name)).toBeVisible();

  // The card's Details: edited in place like the device's own properties.
  await page.goto(`/site/${site.id}/devices?device=${first.id}`);
  const sheet = card(page);
  const details = sheet.getByRole('region', { name: 'Details' });
  await expect(details).toBeVisible();
  await details.getByRole('button', { name: `Edit ${name}` }).click();
  // The list opens from the keyboard (the editor has the focus); a click outside the editor saves.
  await details.getByRole('combobox').press('ArrowDown');
  await page.getByRole('option', { name: 'Z2' }).click();
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/site/devices') && r.method() === 'PUT');
  await details.getByRole('button', { name: `Save ${name}` }).click();
  const body = (await saved).postDataJSON() as { custom_fields: Record<string, string> };
  expect(Object.values(body.custom_fields)).toEqual(['Z2']);
  await expect(details.getByText('Z2', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // A column of the page, picked in the columns menu and saved with the others.
  await expect(counter(page)).toHaveText('3 of 3 devices');
  const header = table(page).getByRole('row').first();
  await expect(header.getByRole('columnheader', { name })).toHaveCount(0);
  const savedHeaders = page.waitForResponse((r) => r.url().endsWith('/api/site/headers'));
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name }).click();
  expect((await savedHeaders).status()).toBe(200);
  await page.keyboard.press('Escape');
  await expect(header.getByRole('columnheader', { name })).toBeVisible();
  await expect(table(page).getByRole('row').filter({ hasText: 'CF-01' })).toContainText('Z2');

  // The page's search finds the value; the filter keeps the devices holding it.
  await page.getByRole('searchbox').fill('z2');
  await expect(counter(page)).toHaveText('1 of 3 devices');
  await page.getByRole('searchbox').fill('');
  await expect(counter(page)).toHaveText('3 of 3 devices');
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filter devices' });
  await filters.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: 'Z2' }).click();
  await page.keyboard.press('Escape');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(counter(page)).toHaveText('1 of 3 devices');
  await expect(page.getByRole('group', { name: 'Active filters' }).getByText(`${name}: Z2`)).toBeVisible();
  await page.reload();
  await expect(counter(page)).toHaveText('1 of 3 devices');
  await expect(header.getByRole('columnheader', { name })).toBeVisible();
});

test('@phone custom fields: the device card shows the Details', async ({ page }) => {
  const { token, site, first } = await siteWithDevices(page);
  const name = `Licence ${unique()}`;
  const created = await page.request.post('/api/tenant/custom_fields', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, type: 'text', applies_to: 'devices' },
  });
  expect(created.status()).toBe(200);
  const field = (await created.json()).custom_field as { id: number };
  const set = await page.request.put('/api/site/devices', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: first.id, custom_fields: { [field.id]: 'LIC-2031' } },
  });
  expect(set.status()).toBe(200);

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${first.id}` });
  const details = card(page).getByRole('region', { name: 'Details' });
  await expect(details.getByText(name)).toBeVisible();
  await expect(details.getByText('LIC-2031')).toBeVisible();
});
