import { signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test('@phone at phone width the sidebar gives way to the shortcut grid', async ({ page }) => {
  await signIn(page, 'integrator@asbuilt.demo');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sites' }).first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Demo HQ', { exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
