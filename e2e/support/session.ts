import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/**
 * The sign-in screen's first step (issue 46): the e-mail, then Continue; a password user gets the
 * password field (an e-mail of a single sign-on domain leaves for its provider instead).
 */
export async function enterEmail(
  page: Page,
  email: string,
  labels = { username: 'Username or Email', next: 'Continue' },
) {
  await page.getByLabel(labels.username).fill(email);
  await page.getByRole('button', { name: labels.next }).click();
}

/** Signs in through the login form and waits for the site list. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await enterEmail(page, email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // Enabled once both fields hold text: a fill that did not take fails here, in words, rather
  // than in a click on a disabled button that waits out the test's time.
  const login = page.getByRole('button', { name: 'Login' });
  await expect(login).toBeEnabled();
  await login.click();
  await expect(page).toHaveURL(/\/sites$/);
}

/** Signs out through the account menu. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The address changes as the sign-in page's load starts: wait for the page itself, so that a
  // navigation right after does not race that load.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}
