/**
 * Global search (issue 43): Ctrl+K from any page, part of a demo device's MAC typed in another
 * notation, Enter opens the device's card; on a phone the header's icon opens a full-screen box
 * and a tap on the result does the same. The query is then offered among the recent searches.
 */
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiSiteByName, apiSiteDevices } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const card = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });

/** A Demo HQ device with a MAC, and the last three bytes of it written with dashes. */
async function demoDevice(page: Page) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  const devices = await apiSiteDevices(page.request, token, hq.id);
  const device = devices.find((d) => d.mac && d.code && !d.archived);
  expect(device, 'a Demo HQ device with a MAC').toBeDefined();
  const hex = device!.mac!.replace(/[^0-9a-fA-F]/g, '').toLowerCase();
  const part = hex.slice(6).match(/../g)!.join('-');
  return { hq, device: device!, part };
}

test('search: Ctrl+K, part of a MAC, Enter opens the device card', async ({ page }) => {
  const { hq, device, part } = await demoDevice(page);
  await signIn(page, INTEGRATOR, { to: '/sites' });
  await expect(page.getByTestId('global-search-button')).toBeVisible();

  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: 'Search everything' });
  await expect(box).toBeVisible();
  await box.getByRole('combobox', { name: 'Search everything' }).fill(part);
  const first = box.getByTestId('search-result').first();
  await expect(first).toContainText(device.code!);
  await expect(first).toContainText('Demo HQ');
  await expect(box.getByText(/^Devices \(\d+\)$/)).toBeVisible();
  await expect(first).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/site/${hq.id}/devices\\?device=${device.id}$`));
  await expect(card(page).getByText(device.code!, { exact: true }).first()).toBeVisible();

  // `/` opens it again outside a text field, offering the query among the recent searches.
  await page.keyboard.press('Escape');
  await expect(card(page)).toBeHidden();
  await page.locator('body').click({ position: { x: 5, y: 200 } });
  await page.keyboard.press('/');
  await expect(box.getByText('Recent searches')).toBeVisible();
  await expect(box.getByText(part, { exact: true })).toBeVisible();
});

test('@phone search: the header icon opens a full-screen box, a tap opens the device card', async ({
  page,
}) => {
  const { hq, device, part } = await demoDevice(page);
  await signIn(page, INTEGRATOR, { to: '/sites' });

  await page.getByRole('button', { name: 'Search (Ctrl+K)' }).click();
  const box = page.getByRole('dialog', { name: 'Search everything' });
  await expect(box).toBeVisible();
  const size = page.viewportSize()!;
  const frame = await box.boundingBox();
  expect(frame?.width).toBeGreaterThanOrEqual(size.width - 1);

  await box.getByRole('combobox', { name: 'Search everything' }).fill(part.replaceAll('-', ':'));
  const first = box.getByTestId('search-result').first();
  await expect(first).toContainText(device.code!);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/site/${hq.id}/devices\\?device=${device.id}$`));
  await expect(card(page).getByText(device.code!, { exact: true }).first()).toBeVisible();
});

test('search: a contact and a file found open on their page, the one asked for shown', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  const headers = { authorization: `Bearer ${token}` };
  const contacts = (await (
    await page.request.get(`/api/site/contacts?site_id=${hq.id}`, { headers })
  ).json()) as { contacts: Array<{ id: number; lname: string | null }> };
  const contact = contacts.contacts.find((c) => c.lname);
  const files = (await (
    await page.request.get(`/api/global/attachments?site_id=${hq.id}&limit=50`, { headers })
  ).json()) as { attachments: Array<{ id: number; filename: string; file_class: string }> };
  const file = files.attachments.find((a) => a.file_class !== 'image' && a.filename.length > 4);
  expect(contact, 'a Demo HQ contact with a last name').toBeDefined();
  expect(file, 'a Demo HQ file that is not a picture').toBeDefined();

  await signIn(page, INTEGRATOR, { to: '/sites' });
  const box = page.getByRole('dialog', { name: 'Search everything' });
  const open = async (query: string, match: string) => {
    // The header (and its shortcut) is there once its button is.
    await expect(page.getByTestId('global-search-button')).toBeVisible();
    await page.keyboard.press('Control+k');
    await box.getByRole('combobox', { name: 'Search everything' }).fill(query);
    await box.getByTestId('search-result').filter({ hasText: match }).first().click();
  };

  await open(`type:contact ${contact!.lname!}`, contact!.lname!);
  await expect(page).toHaveURL(new RegExp(`/site/${hq.id}/contacts\\?contact=${contact!.id}$`));
  await expect(page.locator('[data-testid="contact-card"][aria-current="true"]')).toContainText(
    contact!.lname!,
  );

  await open(`type:attachment ${file!.filename}`, file!.filename);
  await expect(page).toHaveURL(new RegExp(`/site/${hq.id}/attachments\\?attachment=${file!.id}$`));
  await expect(page.getByText('Showing the file you opened.')).toBeVisible();
  await expect(page.getByText(file!.filename, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Show all files' }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${hq.id}/attachments$`));
  await expect(page.getByLabel('Search files')).toBeVisible();
});
