import { signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test('@phone at phone width the sidebar gives way to a folded shortcut grid', async ({ page }) => {
  await signIn(page, 'integrator@asbuilt.demo');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sites' }).first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Demo HQ', { exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('@phone the header search: no tooltip left after a search, Escape closes it at once', async ({
  page,
}) => {
  await signIn(page, 'integrator@asbuilt.demo');
  const find = page.getByRole('button', { name: 'Find a site' });
  await find.click();
  const search = page.getByRole('dialog', { name: 'Find a site' });
  await search.getByRole('combobox').fill('Demo H');
  await page.getByRole('option', { name: 'Demo HQ' }).click();
  await expect(page).toHaveURL(/\/site\/\d+\/dashboard$/);
  await expect(search).toHaveCount(0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // Still none a moment later (MUI opens a tooltip after a short delay).
  await page.waitForTimeout(400);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // The list opens with the dialog; the first Escape closes the whole search.
  await find.click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(search).toHaveCount(0);
  await page.waitForTimeout(400);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});
