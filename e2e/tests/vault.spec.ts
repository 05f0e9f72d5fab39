import { expect, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn, signOut } from '../support/session.ts';
import { apiSiteByName, apiSiteDevices, unique } from '../support/sites.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
/** Contributor on Demo HQ. */
const TECH = 'tech@asbuilt.demo';

test('the vault: a shared and a private secret, revealed by a Contributor, the reveal in the logs', async ({
  page,
  request,
}) => {
  const { token } = await apiSignIn(request, INTEGRATOR);
  const site = await apiSiteByName(request, token, 'Demo HQ');
  const device = (await apiSiteDevices(request, token, site.id)).find((d) => d.code === 'HQ-SW-002')!;
  const shared = `Shared ${unique()}`;
  const hidden = `Private ${unique()}`;

  await signIn(page, INTEGRATOR);
  await page.goto(`/site/${site.id}/devices?device=${device.id}`);
  await page.getByRole('tab', { name: 'Vault' }).click();

  await page.getByRole('button', { name: 'New Secret' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Secret' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(shared);
  await dialog.getByLabel('Username').fill('admin');
  await dialog.getByLabel('Password', { exact: true }).fill('S3cret-shared!');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Secret Created' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(shared) })).toContainText('HQ-SW-002');

  await dismissToasts(page);
  await page.getByRole('button', { name: 'New Secret' }).click();
  dialog = page.getByRole('dialog', { name: 'New Secret' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(hidden);
  await dialog.getByLabel('Password', { exact: true }).fill('only-mine');
  await dialog.getByLabel('Private: only I can see it').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(hidden) })).toContainText('Private');

  await page.goto('/sites');
  await signOut(page);
  await signIn(page, TECH);
  await page.goto(`/site/${site.id}/devices?device=${device.id}`);
  await page.getByRole('tab', { name: 'Vault' }).click();
  const row = page.getByRole('row', { name: new RegExp(shared) });
  await expect(row).toBeVisible();
  await expect(page.getByText(hidden)).toHaveCount(0);
  await expect(row).not.toContainText('S3cret-shared!');
  await row.getByRole('button', { name: `Show the password of ${shared}` }).click();
  await expect(row).toContainText('S3cret-shared!');
  await row.getByRole('button', { name: `Hide the password of ${shared}` }).click();
  await expect(row).not.toContainText('S3cret-shared!');

  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByText('Password revealed').first()).toBeVisible();
});
