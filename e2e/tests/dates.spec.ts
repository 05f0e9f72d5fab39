import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

async function overlaps(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test('the share dialog takes its expiry as DD/MM/YYYY, says when it is no day, and sends YYYY-MM-DD', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `Dates ${unique()}`);

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/access` });
  await page.getByRole('button', { name: 'Share Site' }).click();
  const share = page.getByRole('dialog', { name: 'Share Site' });
  await share.getByLabel('E-mail').fill('other@asbuilt.demo');
  await share.getByLabel('E-mail').press('Enter');
  await expect(share.getByText(/has an Asbuilt account in another organisation/)).toBeVisible();

  const expires = share.getByRole('textbox', { name: 'Expires on' });
  await expect(expires).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  // No real day: said, and not sent.
  await expires.pressSequentially('31022099');
  await expect(expires).toHaveValue('31/02/2099');
  await expect(share.getByText('Enter a real date as DD/MM/YYYY')).toBeVisible();
  await expect(share.getByRole('button', { name: 'Save' })).toBeDisabled();

  // Picked in the calendar (the browser's own, set here as it would set it): shown day first.
  await share.locator('input[data-date-picker]').fill('2099-06-30');
  await expect(expires).toHaveValue('30/06/2099');
  await expect(share.getByText('Enter a real date as DD/MM/YYYY')).toHaveCount(0);

  // Typed: the digits get their slashes.
  await expires.fill('');
  await expires.pressSequentially('31122099');
  await expect(expires).toHaveValue('31/12/2099');
  const sent = page.waitForRequest((r) => r.url().endsWith('/site_accesses') && r.method() === 'POST');
  await share.getByRole('button', { name: 'Save' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ validity: '2099-12-31' });
  await expect(toast(page, 'Site Access Created')).toBeVisible();

  const row = page
    .getByRole('table', { name: 'External User Access' })
    .getByRole('row')
    .filter({ hasText: 'other@asbuilt.demo' });
  await expect(row.getByRole('cell').nth(3)).toHaveText('31/12/2099');
  await row.getByRole('button', { name: /Edit Access/ }).click();
  const right = page.getByRole('dialog', { name: `Access to ${site.name}` });
  await expect(right.getByRole('textbox', { name: 'Expires on' })).toHaveValue('31/12/2099');
});

test('a device date is edited as DD/MM/YYYY; the same toast twice shows once, clear of the device panel', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `Dates ${unique()}`);
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  const device = await apiCreateDevice(page.request, token, site.id, switchId, { code: 'SW-D1' });

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${device.id}` });
  const sheet = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });
  await expect(sheet.getByRole('heading', { name: PRODUCTS.switch.name })).toBeVisible();
  await sheet.getByRole('button', { name: 'Show more properties' }).click();

  await sheet.getByRole('button', { name: 'Edit Purchase Date' }).click();
  const purchase = sheet.getByRole('textbox', { name: 'Purchase Date' });
  await purchase.pressSequentially('14032025');
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/site/devices') && r.method() === 'PUT');
  await purchase.press('Enter');
  expect((await saved).postDataJSON()).toMatchObject({ purchase_date: '2025-03-14' });
  await expect(sheet.getByText('14/03/2025')).toBeVisible();

  const updated = toast(page, 'Device Updated');
  await expect(updated).toHaveCount(1);
  // The pointer on the toast holds it (it waits out its entrance first): a second save while it
  // is up adds none. Counted without waiting, which would let the first one go.
  await updated.hover();
  await sheet.getByRole('button', { name: 'Edit Serial Number' }).focus();
  await page.keyboard.press('Enter');
  await sheet.getByRole('textbox', { name: 'Serial Number' }).fill('SN-D1');
  const again = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/devices') && r.request().method() === 'PUT',
  );
  await page.keyboard.press('Enter');
  await again;
  await expect(sheet.getByText('SN-D1')).toBeVisible();
  await page.waitForTimeout(200);
  expect(await updated.count()).toBe(1);

  // Bottom left, clear of the sidebar and its Exit Site at its foot.
  const box = await updated.boundingBox();
  expect(box?.x).toBeGreaterThan(232);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(600);
  // The toast hides none of the panel's title and buttons.
  for (const control of [
    sheet.getByRole('heading', { name: PRODUCTS.switch.name }),
    sheet.getByRole('button', { name: 'Close' }),
    sheet.getByRole('tab', { name: 'General' }),
  ]) {
    expect(await overlaps(updated, control)).toBe(false);
  }

  // On a phone: at the top, under the header's height, clear of the panel's buttons.
  await dismissToasts(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await sheet.getByRole('button', { name: 'Edit Serial Number' }).click();
  await sheet.getByRole('textbox', { name: 'Serial Number' }).fill('SN-D2');
  await page.keyboard.press('Enter');
  await expect(updated).toHaveCount(1);
  await expect(updated).not.toHaveClass(/bounce-enter/);
  expect((await updated.boundingBox())?.y).toBeGreaterThanOrEqual(64);
  for (const control of [
    sheet.getByRole('button', { name: 'Close' }),
    sheet.getByRole('button', { name: 'Device menu' }),
  ]) {
    expect(await overlaps(updated, control)).toBe(false);
  }
  await dismissToasts(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A day that does not exist stays in the editor, which says so.
  await sheet.getByRole('button', { name: 'Edit Purchase Date' }).focus();
  await page.keyboard.press('Enter');
  await purchase.fill('');
  await purchase.pressSequentially('30022025');
  await purchase.press('Enter');
  await expect(sheet.getByText('Enter a real date as DD/MM/YYYY')).toBeVisible();
  await expect(purchase).toBeVisible();
});

test('the header search, which finds sites only, points to the devices search inside a site', async ({
  page,
}) => {
  await signIn(page, INTEGRATOR);
  await page.getByRole('combobox', { name: 'Site filter' }).fill(`nothing-${unique()}`);
  await expect(page.getByText('Search devices inside a site')).toBeVisible();
  await expect(page.getByText('No sites found')).toHaveCount(0);
});
