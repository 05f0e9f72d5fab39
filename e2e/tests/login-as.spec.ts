import type { Page } from '@playwright/test';
import { signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const ADMIN = 'admin@asbuilt.demo';
const TECH = 'tech@asbuilt.demo';
const MASTER_PASSWORD = 'e2e-master-password';

async function accountMenuShows(page: Page, email: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  await page.keyboard.press('Escape');
}

test('login as: a tab of its own with a banner, and the way back to the admin', async ({ page, context }) => {
  test.slow();
  await signIn(page, ADMIN, { to: '/admin/users' });
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: `Login as ${TECH}` }).click(),
  ]);
  await tab.waitForLoadState();
  await tab.getByLabel('Master Password').fill(MASTER_PASSWORD);
  await tab.getByRole('button', { name: 'Sign In' }).click();
  await expect(tab).toHaveURL(/\/sites$/);

  // The banner names both, on every page of the tab.
  const banner = tab.getByTestId('impersonation-banner');
  await expect(banner).toContainText('Signed in as Tom Peeters by Ada Admin');
  await tab.goto('/profile');
  await expect(banner).toBeVisible();
  await accountMenuShows(tab, TECH);

  // The admin's first tab is still the admin's, even after a reload, and shows no banner.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await accountMenuShows(page, ADMIN);
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);

  // Return: the login-as session ends and the tab closes, or becomes the admin's again.
  const closed = tab.waitForEvent('close').then(() => true);
  await banner.getByRole('button', { name: 'Return to your account' }).click();
  // A tab that closes aborts its navigation: that is the closing, not a failure.
  const back = tab.waitForURL(/\/sites$/).then(
    () => false,
    () => true,
  );
  if (!(await Promise.race([closed, back]))) {
    await expect(tab.getByTestId('impersonation-banner')).toHaveCount(0);
    await accountMenuShows(tab, ADMIN);
  }

  // The admin's first tab goes on as the admin.
  await page.goto('/admin/users');
  await expect(page.getByRole('button', { name: `Login as ${TECH}` })).toBeVisible();
  await accountMenuShows(page, ADMIN);
});

test('login as: the session is gone once returned, so the old tab cannot act as the user', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN);
  // The same address typed in this very tab: it becomes the user's, and "return" gives it back.
  await page.goto('/admin/users');
  const techId = await page.evaluate(async (email) => {
    const token = sessionStorage.getItem('asbuilt.tab_token') ?? localStorage.getItem('asbuilt.token');
    const answer = await fetch('/api/admin/users', { headers: { authorization: `Bearer ${token}` } });
    const { users } = (await answer.json()) as { users: { id: number; email: string }[] };
    return users.find((u) => u.email === email)?.id;
  }, TECH);
  await page.goto(`/loginas?id=${techId}&name=Tom%20Peeters`);
  await page.getByLabel('Master Password').fill(MASTER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('impersonation-banner')).toContainText(
    'Signed in as Tom Peeters by Ada Admin',
  );
  const asToken = await page.evaluate(() => sessionStorage.getItem('asbuilt.tab_token'));
  expect(asToken).toBeTruthy();

  await page.getByRole('button', { name: 'Return to your account' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  await accountMenuShows(page, ADMIN);
  const after = await context.request.get('/api/global/me', {
    headers: { authorization: `Bearer ${asToken}` },
  });
  expect(after.status()).toBe(401);
});
