import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiCreateSwitch, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const counter = (page: Page) => page.getByTestId('connection-counter');
const table = (page: Page) => page.getByRole('table', { name: 'Connections' });

/** Picks a device by typing its code, then one of its ports by label. */
async function pickEnd(page: Page, dialog: Locator, end: 'A' | 'B', code: string, portLabel: string) {
  await dialog.getByRole('combobox', { name: `Device ${end}` }).fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code}`) }).click();
  await dialog.getByRole('combobox', { name: `Port ${end}` }).click();
  await page.getByRole('option', { name: new RegExp(`^${portLabel}`) }).click();
  await expect(dialog.getByRole('combobox', { name: `Port ${end}` })).toContainText(portLabel);
}

test('connections: create a cable in the dialog, see it in the schedule, change its status, delete it', async ({
  page,
}) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const tag = unique();
  const site = await apiCreateSite(page.request, token, `E2E Connections ${tag}`);
  const product = await apiCreateSwitch(page.request, token, `E2E Switch ${tag}`);
  await apiCreateDevice(page.request, token, site.id, product.id, {
    code: `SWA-${tag}`,
    name: 'Core switch',
  });
  await apiCreateDevice(page.request, token, site.id, product.id, {
    code: `SWB-${tag}`,
    name: 'Floor switch',
  });

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/connections` });
  await expect(counter(page)).toHaveText('0 of 0 cables');
  await expect(page.getByText('No cables yet.')).toBeVisible();

  // New connection: SWA's LAN 1 to SWB's LAN 1, code left empty (numbered by the server).
  await page.getByRole('button', { name: 'New connection', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New connection' });
  await pickEnd(page, dialog, 'A', `SWA-${tag}`, 'LAN 1');
  await pickEnd(page, dialog, 'B', `SWB-${tag}`, 'LAN 1');
  await dialog.getByLabel('Cable type').fill('Cat6');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Connection C-0001 created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await dismissToasts(page);

  // In the schedule, with both ends, their ports and the status.
  await expect(counter(page)).toHaveText('1 of 1 cables');
  const row = table(page).getByRole('row', { name: /C-0001/ });
  await expect(row).toContainText(`SWA-${tag} Core switch`);
  await expect(row).toContainText(`SWB-${tag} Floor switch`);
  await expect(row).toContainText('LAN 1');
  await expect(row).toContainText('Cat6');
  await expect(row).toContainText('Planned');

  // The search finds it by the far device's name.
  await page.getByRole('searchbox', { name: 'Search cables' }).fill('floor switch');
  await expect(counter(page)).toHaveText('1 of 1 cables');
  await page.getByRole('searchbox', { name: 'Search cables' }).fill('nothing like it');
  await expect(counter(page)).toHaveText('0 of 1 cables');
  await page.getByRole('searchbox', { name: 'Search cables' }).fill('');

  // Edit: the row opens the editor; the status becomes Installed.
  await row.getByRole('cell').nth(2).click();
  const editor = page.getByRole('dialog', { name: 'Connection C-0001' });
  await expect(editor.getByRole('combobox', { name: 'Port A' })).toContainText('LAN 1');
  await editor.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Installed' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connection updated')).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(row).toContainText('Installed');
  await dismissToasts(page);

  // Delete, after the question.
  await row.getByRole('cell').nth(2).click();
  await editor.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete connection C-0001?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Connection C-0001 deleted')).toBeVisible();
  await expect(counter(page)).toHaveText('0 of 0 cables');
  await expect(table(page).getByRole('row', { name: /C-0001/ })).toHaveCount(0);
});
