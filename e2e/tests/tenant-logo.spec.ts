/**
 * The tenant's logo (issue 42): the integrator opens Settings, uploads a PNG and sees it
 * previewed (its signed URL loads), still there after a reload, then removes it; on a desktop
 * through the sidebar, on a phone by its address. A Building Owner sees the page read-only.
 */
import type { Page } from '@playwright/test';
import { solidPng } from '../support/files.ts';
import { signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

async function uploadSeeRemove(page: Page) {
  await expect(page.getByRole('heading', { name: 'Tenant settings', level: 1 })).toBeVisible();
  const block = page.getByRole('region', { name: 'Logo' });
  await expect(block.getByText('No logo')).toBeVisible();

  await block
    .getByLabel('Logo file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(64, [200, 30, 40]) });
  await expect(page.getByText('Logo saved')).toBeVisible();
  const logo = block.getByRole('img', { name: 'Logo of Demo Integrator' });
  await expect(logo).toBeVisible();
  // The signed URL serves the picture: the browser decoded it.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  // The server keeps it.
  await page.reload();
  await expect(block.getByRole('img', { name: 'Logo of Demo Integrator' })).toBeVisible();

  await block.getByRole('button', { name: 'Remove logo' }).click();
  await expect(block.getByText('No logo')).toBeVisible();
  await expect(block.getByRole('button', { name: 'Upload logo' })).toBeVisible();
}

test('tenant logo: upload a logo from the sidebar, see it, remove it', async ({ page }) => {
  await signIn(page, 'integrator@asbuilt.demo');
  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await uploadSeeRemove(page);
});

test('tenant logo: upload a logo on a phone, see it, remove it @phone', async ({ page }) => {
  await signIn(page, 'integrator@asbuilt.demo', { to: '/tenant/settings' });
  await uploadSeeRemove(page);
  // Nothing of the block runs off the narrow screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('tenant logo: a Building Owner sees it read-only', async ({ page }) => {
  await signIn(page, 'owner@asbuilt.demo', { to: '/tenant/settings' });
  const block = page.getByRole('region', { name: 'Logo' });
  await expect(block.getByText('Only an integrator can change the logo.')).toBeVisible();
  await expect(block.getByRole('button', { name: 'Upload logo' })).toHaveCount(0);
});
