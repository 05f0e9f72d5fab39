import { apiSignIn } from '../support/api.ts';
import { signIn, signOut } from '../support/session.ts';
import { apiSiteByName, apiSiteDevices, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
/** Contributor on Demo HQ. */
const TECH = 'tech@asbuilt.demo';

test('the vault: a shared and a private secret, revealed by a Contributor, the reveal in the logs', async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await apiSignIn(request, INTEGRATOR);
  const site = await apiSiteByName(request, token, 'Demo HQ');
  const device = (await apiSiteDevices(request, token, site.id)).find((d) => d.code === 'HQ-SW-002')!;
  const shared = `Shared ${unique()}`;
  const hidden = `Private ${unique()}`;

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${device.id}` });
  await page.getByRole('tab', { name: 'Vault' }).click();

  await page.getByRole('button', { name: 'New Secret' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Secret' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(shared);
  await dialog.getByLabel('Username').fill('admin');
  await dialog.getByLabel('Password', { exact: true }).fill('S3cret-shared!');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Secret Created' })).toBeVisible();
  // In the device card's drawer the secrets are cards; on the site's Vault page, table rows.
  await expect(page.getByTestId('secret').filter({ hasText: shared })).toContainText('HQ-SW-002');

  await dismissToasts(page);
  await page.getByRole('button', { name: 'New Secret' }).click();
  dialog = page.getByRole('dialog', { name: 'New Secret' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(hidden);
  await dialog.getByLabel('Password', { exact: true }).fill('only-mine');
  await dialog.getByLabel('Private: only I can see it').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('secret').filter({ hasText: hidden })).toContainText('Private');
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Secret Created' })).toBeVisible();

  await page.goto('/sites');
  await signOut(page);
  await signIn(page, TECH, { to: `/site/${site.id}/devices?device=${device.id}` });
  await page.getByRole('tab', { name: 'Vault' }).click();
  const row = page.getByTestId('secret').filter({ hasText: shared });
  await expect(row).toBeVisible();
  await expect(page.getByText(hidden)).toHaveCount(0);
  await expect(row).not.toContainText('S3cret-shared!');
  await row.getByRole('button', { name: `Show the password of ${shared}` }).click();
  await expect(row).toContainText('S3cret-shared!');
  await row.getByRole('button', { name: `Hide the password of ${shared}` }).click();
  await expect(row).not.toContainText('S3cret-shared!');
  // Copy without showing it first: the password reaches the clipboard, never the screen.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: `Copy the password of ${shared}` }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Copied to clipboard' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('S3cret-shared!');
  await expect(row).not.toContainText('S3cret-shared!');

  // The site's Vault page: a table row, the private secret still missing.
  await page.goto(`/site/${site.id}/vault`);
  const siteRow = page.getByRole('row', { name: new RegExp(shared) });
  await expect(siteRow).toContainText('HQ-SW-002');
  await expect(page.getByText(hidden)).toHaveCount(0);

  await page.goto(`/site/${site.id}/devices?device=${device.id}`);
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByText('Password revealed').first()).toBeVisible();
});

test('@phone the vault at phone width: cards, the eye, nothing wider than the screen', async ({
  page,
  request,
}) => {
  const { token } = await apiSignIn(request, INTEGRATOR);
  const site = await apiSiteByName(request, token, 'Demo HQ');
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/vault` });
  const card = page.getByTestId('secret').filter({ hasText: 'Core switch admin' });
  await expect(card).toContainText('HQ-SW-001');
  await expect(page.getByRole('table')).toHaveCount(0);
  await card.getByRole('button', { name: 'Show the password of Core switch admin' }).click();
  await expect(card).toContainText('Sw!tch-HQ-2025');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
