/**
 * Active sessions (issue 46): a second browser signs in and the profile lists both, this browser
 * marked; signing the other out ends it at once (its next page is the sign-in page), and "Sign out
 * all other sessions" does the same for every other, keeping this one.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { enterEmail } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const PASSWORD = 'sessions-pass-1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A new user of the integrator's tenant: signing out "all others" must not touch the demo accounts. */
async function freshUser(request: APIRequestContext) {
  const email = `sessions.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const { token } = await apiSignIn(request, 'integrator@asbuilt.demo');
  const created = await request.post('/api/tenant/users', {
    data: { email, password: PASSWORD, fname: 'Sam', lname: 'Sessions', role: 1 },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(200);
  return email;
}

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await enterEmail(page, email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sites$/);
}

/** A second browser (another user agent, as on another computer), signed in as the same user. */
async function otherBrowser(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, userAgent: FIREFOX_WINDOWS });
  const page = await context.newPage();
  await signInAs(page, email);
  return { context, page };
}

/** After its session ends, the other browser's next page is the sign-in page. */
async function isSignedOut(page: Page) {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

async function sessionsOnProfile(page: Page) {
  await page.goto('/profile');
  return page.getByRole('region', { name: 'Sessions' });
}

async function signOutTheOther(page: Page, browser: Browser, baseURL: string, email: string) {
  await signInAs(page, email);
  const other = await otherBrowser(browser, baseURL, email);

  const section = await sessionsOnProfile(page);
  const items = section.getByTestId('session-item');
  await expect(items).toHaveCount(2);
  // This browser's first, marked; the other named by its browser and system.
  await expect(items.first().getByText('This browser')).toBeVisible();
  await expect(items.nth(1).getByText('Firefox on Windows')).toBeVisible();
  await expect(items.nth(1).getByText('This browser')).toHaveCount(0);

  await section.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign out Firefox on Windows?' });
  await expect(confirm.getByText(/Firefox on Windows \(.+\) will be signed out at once/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Session signed out')).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(section.getByText('No other sessions.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();

  await isSignedOut(other.page);
  await other.context.close();
}

async function signOutAllOthers(page: Page, browser: Browser, baseURL: string, email: string) {
  const first = await otherBrowser(browser, baseURL, email);
  const second = await otherBrowser(browser, baseURL, email);
  const section = await sessionsOnProfile(page);
  await expect(section.getByTestId('session-item')).toHaveCount(3);

  await section.getByRole('button', { name: 'Sign out all other sessions' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign out all other sessions?' });
  // Cancel first: nothing ends.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(section.getByTestId('session-item')).toHaveCount(3);

  await section.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await confirm.getByRole('button', { name: 'Sign out others' }).click();
  await expect(page.getByText('2 sessions signed out')).toBeVisible();
  await expect(section.getByTestId('session-item')).toHaveCount(1);

  for (const other of [first, second]) {
    await isSignedOut(other.page);
    await other.context.close();
  }
  // This browser is still signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(section.getByText('This browser')).toBeVisible();
}

test('sessions: a second browser is listed, signed out alone, then with all others', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Four browsers sign in, one after the other.
  test.slow();
  const email = await freshUser(request);
  await signOutTheOther(page, browser, baseURL!, email);
  await signOutAllOthers(page, browser, baseURL!, email);
});

test('@phone sessions: the same on a phone', async ({ page, browser, request, baseURL }) => {
  // Four browsers sign in, one after the other.
  test.slow();
  const email = await freshUser(request);
  await signOutTheOther(page, browser, baseURL!, email);
  await signOutAllOthers(page, browser, baseURL!, email);
});
