import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiSignIn } from '../support/api.ts';
import { deviceCard } from '../support/device-card.ts';
import { signIn } from '../support/session.ts';
import {
  apiCreateDevice,
  apiCreateSite,
  apiProductId,
  apiSiteByName,
  apiSiteDevices,
  PRODUCTS,
  unique,
} from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const TECH = 'tech@asbuilt.demo';

const counter = (page: Page) => page.getByTestId('device-counter');
const table = (page: Page) => page.getByRole('table', { name: 'Devices' });

async function addDevice(page: Page, search: string, productName: string) {
  await page.getByRole('button', { name: 'Add device', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Device' });
  await dialog.getByLabel('Search products').fill(search);
  await dialog
    .getByRole('option', { name: new RegExp(productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .click();
  await dialog.getByRole('button', { name: 'Add Device' }).click();
  await expect(page.getByText('Device Created', { exact: true }).last()).toBeVisible();
  await expect(dialog).toBeHidden();
  // The new device's card opens.
  await expect(deviceCard(page).getByRole('heading', { name: productName })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(deviceCard(page)).toBeHidden();
}

test('devices: add three, search, filter, and a hidden column stays hidden after a reload', async ({
  page,
}) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Devices ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  await expect(counter(page)).toHaveText('0 of 0 devices');
  await expect(page.getByText('No devices yet.')).toBeVisible();

  // "Please select a product" when none is chosen.
  await page.getByRole('button', { name: 'Add device', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Device' });
  await expect(dialog.getByRole('listbox', { name: 'Products' }).getByRole('option').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Device' }).click();
  await expect(page.getByText('Please select a product')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await addDevice(page, 'catalyst 9300', PRODUCTS.switch.name);
  await addDevice(page, 'P1465', PRODUCTS.camera.name);
  await addDevice(page, 'samsung qm55', PRODUCTS.display.name);
  await expect(counter(page)).toHaveText('3 of 3 devices');
  await expect(table(page).getByRole('row')).toHaveCount(4);

  // Search: case-insensitive, on any column (here the model and the category).
  const search = page.getByRole('searchbox', { name: 'Search devices' });
  await search.fill('c9300-48P');
  await expect(counter(page)).toHaveText('1 of 3 devices');
  await expect(table(page).getByRole('row').nth(1)).toContainText(PRODUCTS.switch.category);
  await search.fill('SECURITY / camera');
  await expect(counter(page)).toHaveText('1 of 3 devices');
  await expect(table(page).getByRole('row').nth(1)).toContainText('Axis');
  await search.fill('no such device');
  await expect(counter(page)).toHaveText('0 of 3 devices');
  await expect(page.getByText('No device matches "no such device".')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(counter(page)).toHaveText('3 of 3 devices');

  // Filter by category: a chip, the counter, and saved for the next visit.
  const savedFilters = page.waitForResponse((r) => r.url().endsWith('/api/site/filters'));
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filter devices' });
  await filters.getByRole('combobox', { name: 'Categories' }).click();
  await page.getByRole('option', { name: PRODUCTS.display.category }).click();
  await page.keyboard.press('Escape');
  await filters.getByRole('button', { name: 'Apply' }).click();
  expect((await savedFilters).status()).toBe(200);
  await expect(counter(page)).toHaveText('1 of 3 devices');
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips.getByText(`Category: ${PRODUCTS.display.category}`)).toBeVisible();
  await page.reload();
  await expect(counter(page)).toHaveText('1 of 3 devices');
  await chips.getByRole('button', { name: 'Clear filters' }).click();
  await expect(counter(page)).toHaveText('3 of 3 devices');

  // Columns: the defaults; hiding Brand and showing Model is saved per user and site.
  const header = table(page).getByRole('row').first();
  for (const label of [
    'Image',
    'Code',
    'Name',
    'Category',
    'Brand',
    'Serial Number',
    'Floor',
    'Location',
    'Status',
  ]) {
    await expect(header.getByRole('columnheader', { name: label, exact: true })).toBeVisible();
  }
  await expect(header.getByRole('columnheader', { name: 'Model', exact: true })).toHaveCount(0);
  const savedHeaders = page.waitForResponse((r) => r.url().endsWith('/api/site/headers'));
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Brand' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Model' }).click();
  expect((await savedHeaders).status()).toBe(200);
  await page.keyboard.press('Escape');
  await expect(header.getByRole('columnheader', { name: 'Brand', exact: true })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(counter(page)).toHaveText('3 of 3 devices');
  await expect(header.getByRole('columnheader', { name: 'Model', exact: true })).toBeVisible();
  await expect(header.getByRole('columnheader', { name: 'Brand', exact: true })).toHaveCount(0);
  await expect(header.getByRole('columnheader', { name: 'Serial Number' })).toBeVisible();
});

test('devices: the card from ?device=, inline edit, status, activity, archive and show archived', async ({
  page,
}) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Card ${unique()}`);
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  const cameraId = await apiProductId(page.request, token, site.id, PRODUCTS.camera.name);
  const device = await apiCreateDevice(page.request, token, site.id, switchId, { code: 'SW-01' });
  await apiCreateDevice(page.request, token, site.id, cameraId, { code: 'CAM-01' });

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${device.id}` });
  const sheet = deviceCard(page);
  await expect(sheet.getByRole('heading', { name: PRODUCTS.switch.name })).toBeVisible();
  await expect(sheet.getByText(`Cisco · ${PRODUCTS.switch.model}`)).toBeVisible();
  await expect(sheet.getByText('SW-01')).toBeVisible();

  // Empty properties wait behind Show More; an edit sends the id and that one property.
  await expect(sheet.getByText('Serial Number')).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Show more properties' }).click();
  await sheet.getByRole('button', { name: 'Edit Serial Number' }).click();
  await sheet.getByRole('textbox', { name: 'Serial Number' }).fill('SN-E2E-42');
  const edit = page.waitForRequest((r) => r.url().endsWith('/api/site/devices') && r.method() === 'PUT');
  await sheet.getByRole('textbox', { name: 'Serial Number' }).press('Enter');
  expect((await edit).postDataJSON()).toEqual({
    id: device.id,
    sn: 'SN-E2E-42',
    updated_at: expect.any(String),
  });
  await expect(page.getByText('Device Updated', { exact: true })).toBeVisible();
  await expect(sheet.getByText('SN-E2E-42')).toBeVisible();

  // A date shows as DD/MM/YYYY.
  await sheet.getByRole('button', { name: 'Edit Purchase Date' }).click();
  await sheet.getByRole('textbox', { name: 'Purchase Date' }).fill('2025-03-14');
  await sheet.getByRole('textbox', { name: 'Purchase Date' }).press('Enter');
  await expect(sheet.getByText('14/03/2025')).toBeVisible();

  // Status, in the site's colour; the table row follows.
  await dismissToasts(page);
  await sheet.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Installed' }).click();
  await expect(page.getByText('Status Updated')).toBeVisible();
  await expect(sheet.getByRole('combobox', { name: 'Status' })).toContainText('Installed');

  // Activity of the device.
  await sheet.getByRole('tab', { name: 'Activity' }).click();
  const activity = sheet.getByRole('list', { name: 'Device activity' });
  await expect(activity).toContainText('Updated: Status');
  await expect(activity).toContainText('Updated: Serial Number');
  await expect(activity).toContainText('by ');

  // Archive: gone from the list until "Show archived".
  await dismissToasts(page);
  await sheet.getByRole('button', { name: 'Device menu' }).click();
  await page.getByRole('menuitem', { name: 'Archive this Device' }).click();
  await expect(page.getByText('Device Archived', { exact: true })).toBeVisible();
  // The card's chip, and the activity's new entry in the reader's words.
  await expect(
    sheet.getByRole('list', { name: 'Device activity' }).getByText('Archived', { exact: true }),
  ).toBeVisible();
  await expect(sheet.getByText('Archived', { exact: true })).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page).not.toHaveURL(/device=/);
  await expect(counter(page)).toHaveText('1 of 1 devices');
  await expect(table(page).getByRole('row', { name: /SW-01/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filter devices' });
  await filters.getByLabel('Show archived').check();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(counter(page)).toHaveText('2 of 2 devices');
  const row = table(page).getByRole('row', { name: /SW-01/ });
  await expect(row).toContainText('Installed');

  // Row click opens the card; restore it from the archive.
  await row.getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`device=${device.id}`));
  await dismissToasts(page);
  await sheet.getByRole('button', { name: 'Device menu' }).click();
  await page.getByRole('menuitem', { name: 'Remove Device from Archive' }).click();
  await expect(page.getByText('Device Removed from Archive', { exact: true })).toBeVisible();

  // Change related Product: the New device dialog in change-product mode.
  await dismissToasts(page);
  await sheet.getByRole('button', { name: 'Device menu' }).click();
  await page.getByRole('menuitem', { name: 'Change related Product' }).click();
  const change = page.getByRole('dialog', { name: 'Change related Product' });
  await change.getByLabel('Search products').fill('P1465');
  await change.getByRole('option', { name: new RegExp(PRODUCTS.camera.name) }).click();
  await change.getByRole('button', { name: 'Change Product' }).click();
  await expect(page.getByText('Product Changed', { exact: true })).toBeVisible();
  await expect(sheet.getByRole('heading', { name: PRODUCTS.camera.name })).toBeVisible();
  const stored = (await apiSiteDevices(page.request, token, site.id)).find((d) => d.id === device.id);
  expect(stored).toMatchObject({
    archived: false,
    status: 'Installed',
    sn: 'SN-E2E-42',
    purchase_date: '2025-03-14',
    product_id: cameraId,
  });
});

test('devices: bulk status change of selected rows', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Bulk ${unique()}`);
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  for (const code of ['B-1', 'B-2', 'B-3'])
    await apiCreateDevice(page.request, token, site.id, switchId, { code });

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  await expect(counter(page)).toHaveText('3 of 3 devices');
  await expect(page.getByRole('button', { name: 'Bulk actions' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select B-1' }).check();
  await page.getByRole('checkbox', { name: 'Select B-3' }).check();
  await page.getByRole('button', { name: 'Bulk actions (2)' }).click();
  await page.getByRole('menuitem', { name: 'Set status…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set the status of 2 devices' });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Faulty' }).click();
  const bulk = page.waitForRequest((r) => r.url().endsWith('/api/site/devices/bulk'));
  await dialog.getByRole('button', { name: 'Apply' }).click();
  expect((await bulk).postDataJSON()).toMatchObject({ changes: { status: 'Faulty' } });
  await expect(page.getByText('All Devices Updated successfully')).toBeVisible();
  await expect(table(page).getByRole('row', { name: /B-1/ })).toContainText('Faulty');
  await expect(table(page).getByRole('row', { name: /B-2/ })).toContainText('Status not set');
  await expect(table(page).getByRole('row', { name: /B-3/ })).toContainText('Faulty');

  // Select all, archive all: the list empties.
  await page.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('button', { name: 'Bulk actions (3)' }).click();
  await page.getByRole('menuitem', { name: 'Archive', exact: true }).click();
  await expect(page.getByText('All Devices Updated successfully').last()).toBeVisible();
  await expect(counter(page)).toHaveText('0 of 0 devices');
});

test('devices: an edit made stale by someone else is refused, and their change is shown', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Stale ${unique()}`);
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  const device = await apiCreateDevice(page.request, token, site.id, switchId, {
    code: 'SW-STALE',
    sn: 'SN-1',
  });

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${device.id}` });
  const sheet = deviceCard(page);
  await expect(sheet.getByText('SN-1')).toBeVisible();

  // Someone else changes the serial number while the card is open.
  const other = await page.request.put('/api/site/devices', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: device.id, sn: 'SN-THEIRS' },
  });
  expect(other.status()).toBe(200);

  await sheet.getByRole('button', { name: 'Edit Serial Number' }).click();
  await sheet.getByRole('textbox', { name: 'Serial Number' }).fill('SN-MINE');
  await sheet.getByRole('textbox', { name: 'Serial Number' }).press('Enter');
  await expect(page.getByText(/Someone else changed this since you opened it/)).toBeVisible();
  // The editor keeps what was typed; put aside, it shows their value, reloaded.
  await expect(sheet.getByRole('textbox', { name: 'Serial Number' })).toHaveValue('SN-MINE');
  await sheet.getByRole('textbox', { name: 'Serial Number' }).press('Escape');
  await expect(sheet.getByText('SN-THEIRS')).toBeVisible();

  // Made again on their version, the edit goes through.
  await sheet.getByRole('button', { name: 'Edit Serial Number' }).click();
  await sheet.getByRole('textbox', { name: 'Serial Number' }).fill('SN-MINE');
  await sheet.getByRole('textbox', { name: 'Serial Number' }).press('Enter');
  await expect(page.getByText('Device Updated', { exact: true })).toBeVisible();
  await expect(sheet.getByText('SN-MINE')).toBeVisible();
});

test('devices: a Reader sees no edit affordances', async ({ page }) => {
  const { token } = await apiSignIn(page.request, TECH);
  const warehouse = await apiSiteByName(page.request, token, 'Demo Warehouse');
  await signIn(page, TECH, { to: `/site/${warehouse.id}/devices` });
  await expect(counter(page)).toHaveText(/^\d+ of \d+ devices$/);
  await expect(page.getByRole('button', { name: 'Add device', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Bulk actions/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Select all rows' })).toHaveCount(0);

  await table(page).getByRole('row').nth(1).getByRole('cell').nth(1).click();
  const sheet = deviceCard(page);
  await expect(sheet.getByRole('tab', { name: 'General' })).toBeVisible();
  // The activity is the Logs page's (Contributor and above).
  await expect(sheet.getByRole('tab', { name: 'Activity' })).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Show more properties' }).click();
  await expect(sheet.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(sheet.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await dismissToasts(page);
  await sheet.getByRole('button', { name: 'Device menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Share' })).toBeVisible();
  await expect(page.getByRole('menuitem')).toHaveCount(1);
});

test('@phone devices as cards on a phone, the card as a full-width sheet', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  await signIn(page, INTEGRATOR, { to: `/site/${hq.id}/devices` });
  const list = page.getByRole('list', { name: 'Devices' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('HQ-SW-001');
  await expect(counter(page)).toHaveText(/^1 of \d+ devices$/);
  await list.getByRole('listitem').first().click();
  const sheet = deviceCard(page);
  await expect(sheet.getByText('HQ-SW-001')).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual((page.viewportSize()?.width ?? 0) - 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('devices: Edit Selected Devices sets a floor and location on three devices, and only on them', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Bulk Edit ${unique()}`);
  const headers = { authorization: `Bearer ${token}` };
  const floor = (
    await (
      await page.request.post('/api/site/floors', { headers, data: { site_id: site.id, name: 'Level 2' } })
    ).json()
  ).floor as { id: number };
  await page.request.post('/api/site/locations', {
    headers,
    data: { floor_id: floor.id, name: 'Plant Room' },
  });
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  for (const code of ['E-1', 'E-2', 'E-3', 'E-4'])
    await apiCreateDevice(page.request, token, site.id, switchId, { code });

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  await expect(counter(page)).toHaveText('4 of 4 devices');
  for (const code of ['E-1', 'E-2', 'E-4'])
    await page.getByRole('checkbox', { name: `Select ${code}` }).check();
  await page.getByRole('button', { name: 'Bulk actions (3)' }).click();
  await page.getByRole('menuitem', { name: 'Edit Selected Devices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit 3 selected devices' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Floor' }).click();
  await page.getByRole('option', { name: 'Level 2' }).click();
  await dialog.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Plant Room' }).click();
  const bulk = page.waitForRequest((r) => r.url().endsWith('/api/site/devices/bulk'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Only the filled fields travel.
  expect(Object.keys((await bulk).postDataJSON().changes).sort()).toEqual(['floor_id', 'location_id']);
  await expect(page.getByText('All Devices Updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const code of ['E-1', 'E-2', 'E-4']) {
    await expect(table(page).getByRole('row', { name: new RegExp(code) })).toContainText('Plant Room');
  }
  await expect(table(page).getByRole('row', { name: /E-3/ })).not.toContainText('Plant Room');

  // Export the selection: the bulk menu's dialog, loaded after the page drew its rows.
  for (const code of ['E-1', 'E-3']) await page.getByRole('checkbox', { name: `Select ${code}` }).check();
  await page.getByRole('button', { name: 'Bulk actions (2)' }).click();
  await page.getByRole('menuitem', { name: 'Export selection' }).click();
  const selectionDialog = page.getByRole('dialog', { name: 'Export 2 devices' });
  const [selection] = await Promise.all([
    page.waitForEvent('download'),
    selectionDialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  const selectionBook = new ExcelJS.Workbook();
  await selectionBook.xlsx.readFile(await selection.path());
  const codes = selectionBook.worksheets[0]!.getColumn(2).values.slice(2);
  expect(codes.sort()).toEqual(['E-1', 'E-3']);
  await expect(selectionDialog).toBeHidden();
  for (const code of ['E-1', 'E-3']) await page.getByRole('checkbox', { name: `Select ${code}` }).uncheck();

  // Export what the page shows: the search applied, an optional column added.
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('Plant Room');
  await expect(counter(page)).toHaveText('3 of 4 devices');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export 3 devices' });
  await exportDialog.getByLabel('Note').check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportDialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${site.name} devices.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(17).value).toBe('Note');
  expect(sheet.rowCount).toBe(4);
  expect(sheet.getRow(2).getCell(5).value).toBe('Plant Room');

  // Change cells in the file and import it back: a wrong status first, shown on its cell.
  const rowOf = (code: string) => [2, 3, 4].find((n) => sheet.getRow(n).getCell(2).value === code)!;
  sheet.getRow(rowOf('E-2')).getCell(5).value = null;
  sheet.getRow(rowOf('E-2')).getCell(17).value = 'Moved back by E2E';
  sheet.getRow(rowOf('E-4')).getCell(16).value = 'Exploded';
  const file = (buffer: ArrayBuffer) => ({
    name: 'edited.xlsx',
    mimeType: XLSX,
    buffer: Buffer.from(buffer),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Import devices' });
  await wizard.locator('input[type=file]').setInputFiles(file(await book.xlsx.writeBuffer()));
  await expect(wizard.getByText('edited.xlsx: 3 rows')).toBeVisible();
  await expect(wizard.getByRole('combobox', { name: 'Field for the column Location' })).toHaveText(
    'Location',
  );
  await expect(wizard.getByRole('combobox', { name: 'Field for the column Category' })).toHaveText(
    "Don't import",
  );
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText(/^1 problem: fix it in the file/)).toBeVisible();
  await expect(wizard.locator('td[data-problem]')).toHaveText('Exploded');
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();

  sheet.getRow(rowOf('E-4')).getCell(16).value = null;
  await wizard.locator('input[type=file]').setInputFiles(file(await book.xlsx.writeBuffer()));
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Ready: 0 new, 1 changed, 2 unchanged.')).toBeVisible();
  // E-2's row is marked changed, each changed cell old → new; the two others unchanged.
  const changedRow = wizard.locator('tr[data-status="changed"]');
  await expect(changedRow).toHaveCount(1);
  await expect(changedRow).toContainText('E-2');
  await expect(changedRow).toContainText('Changed');
  await expect(wizard.locator('tr[data-status="unchanged"]')).toHaveCount(2);
  const changedCells = changedRow.locator('td[data-changed]');
  await expect(changedCells).toHaveCount(2);
  await expect(changedCells.filter({ hasText: 'Plant Room' })).toContainText('empty, was Plant Room');
  await expect(changedCells.filter({ hasText: 'Plant Room' }).locator('s')).toHaveText('Plant Room');
  await expect(changedCells.filter({ hasText: 'Moved back by E2E' })).toContainText(
    'Moved back by E2E, was empty',
  );
  await expect(changedCells.filter({ hasText: 'Moved back by E2E' }).locator('strong')).toHaveText(
    'Moved back by E2E',
  );
  await wizard.getByLabel('Only new and changed rows').check();
  await expect(wizard.locator('tbody tr')).toHaveCount(1);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Validate and Upload')).not.toContainText('(done)');
  await wizard.getByRole('button', { name: 'Upload' }).click();
  await expect(wizard.getByText('Devices created: 0, updated: 1.')).toBeVisible();
  // Once written, the last step is ticked too.
  await expect(wizard.getByText('Validate and Upload')).toContainText('(done)');
  await expect(page.getByText('Devices uploaded').first()).toBeVisible();
  await wizard.getByRole('button', { name: 'Close' }).click();
  // E-2 left the Plant Room, so the search shows the two others.
  await expect(counter(page)).toHaveText('2 of 4 devices');
  const after = await apiSiteDevices(page.request, token, site.id);
  expect(after.find((d) => d.code === 'E-2')).toMatchObject({ location_id: null, note: 'Moved back by E2E' });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('devices: a long list draws the rows scrolled to, and a new sort order goes back to the top', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  await signIn(page, INTEGRATOR, { to: `/site/${hq.id}/devices` });
  await expect(counter(page)).toHaveText(/^[\d,]+ of [\d,]+ devices$/);
  const rowCount = Number(await table(page).getAttribute('aria-rowcount'));
  // Enough rows that only some are drawn: the header and the devices, numbered from 1.
  expect(rowCount).toBeGreaterThan(60);
  const row = (index: number) => table(page).locator(`[role="row"][aria-rowindex="${index}"]`);
  await expect(row(2)).toBeVisible();
  await expect(row(rowCount)).toHaveCount(0);

  const scrollArea = table(page).locator('xpath=..');
  await scrollArea.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(row(rowCount)).toBeVisible();
  await expect(row(2)).toHaveCount(0);

  await table(page).getByRole('columnheader', { name: 'Code', exact: true }).getByRole('button').click();
  await expect(table(page).getByRole('columnheader', { name: 'Code', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(row(2)).toBeVisible();
  expect(await scrollArea.evaluate((element) => element.scrollTop)).toBe(0);
});

test('devices: Add device with a quantity of 3 and a code pattern gives three coded rows', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Devices many ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  await expect(counter(page)).toHaveText('0 of 0 devices');

  await page.getByRole('button', { name: 'Add device', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Device' });
  await dialog.getByLabel('Search products').fill('catalyst 9300');
  await dialog.getByRole('option', { name: PRODUCTS.switch.name }).click();
  // One device: its own code and serial; several: a pattern instead.
  await expect(dialog.getByRole('textbox', { name: 'Serial Number' })).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
  await expect(dialog.getByRole('textbox', { name: 'Serial Number' })).toHaveCount(0);
  const pattern = dialog.getByRole('textbox', { name: 'Code pattern' });
  await pattern.fill('AP-001');
  await expect(dialog.getByText('A code pattern needs one counter in braces')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add 3 devices' })).toBeDisabled();
  await pattern.fill('AP-{001}');
  await expect(dialog.getByText('AP-001 … AP-003')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add 3 devices' }).click();
  await expect(page.getByText('3 devices created', { exact: true }).last()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(counter(page)).toHaveText('3 of 3 devices');
  const rows = table(page).getByRole('row');
  await expect(rows).toHaveCount(4);
  for (const [index, code] of ['AP-001', 'AP-002', 'AP-003'].entries()) {
    await expect(rows.nth(index + 1)).toContainText(code);
  }
});

test('devices: at 1440 px Name, Serial and Status are on screen, and a resized column keeps its width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Devices widths ${unique()}`);
  const productId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  await apiCreateDevice(page.request, token, site.id, productId, { code: 'W-1', sn: 'SN-W-1' });
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  await expect(counter(page)).toHaveText('1 of 1 devices');

  const header = table(page).getByRole('row').first();
  for (const label of ['Name', 'Serial Number', 'Status']) {
    const cell = header.getByRole('columnheader', { name: label, exact: true });
    await expect(cell).toBeInViewport({ ratio: 1 });
  }
  // Nothing to scroll sideways: the default columns fit.
  const sideways = await table(page).evaluate((el) => {
    const scroller = el.parentElement!;
    return scroller.scrollWidth - scroller.clientWidth;
  });
  expect(sideways).toBeLessThanOrEqual(0);

  const name = header.getByRole('columnheader', { name: 'Name', exact: true });
  const before = (await name.boundingBox())!;
  const grip = (await page.getByRole('separator', { name: 'Resize the column Name' }).boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 60, grip.y + grip.height / 2, { steps: 5 });
  await page.mouse.move(grip.x + grip.width / 2 + 120, grip.y + grip.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => Math.round((await name.boundingBox())!.width))
    .toBe(Math.round(before.width + 120));
  const resized = Math.round((await name.boundingBox())!.width);

  await page.reload();
  await expect(counter(page)).toHaveText('1 of 1 devices');
  await expect.poll(async () => Math.round((await name.boundingBox())!.width)).toBe(resized);
});

test('@phone devices: a card shows the serial when the search found it there', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Devices serial ${unique()}`);
  const productId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  await apiCreateDevice(page.request, token, site.id, productId, { code: 'PH-1', sn: 'FOC2231X0AB' });
  await apiCreateDevice(page.request, token, site.id, productId, { code: 'PH-2', sn: 'FOC2231Y9ZZ' });
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  const list = page.getByRole('list', { name: 'Devices' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('Serial Number')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('x0ab');
  await expect(counter(page)).toHaveText('1 of 2 devices');
  await expect(list.getByRole('listitem').first()).toContainText('Serial Number');
  await expect(list.getByRole('listitem').first()).toContainText('FOC2231X0AB');
  // A search that matched elsewhere (the code) shows no serial.
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('PH-2');
  await expect(counter(page)).toHaveText('1 of 2 devices');
  await expect(list.getByText('Serial Number')).toHaveCount(0);
});
