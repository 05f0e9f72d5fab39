import { SIGNED_IN_COOKIE } from '@asbuilt/domain';
import { expect, type Page } from '@playwright/test';
import { apiSignIn, DEMO_PASSWORD } from './api.ts';
import { workerServer } from './server.ts';

export { DEMO_PASSWORD };

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

/**
 * Signs in through the API and opens `to` (the sites list unless told) signed in, as the web keeps
 * a session: the token in localStorage, the signed-in flag in a cookie (web/src/lib/session.ts).
 * The sign-in screen took some seconds a test on this machine, in some 140 places; the specs whose
 * subject it is go through it with signInThroughScreen.
 */
export async function signIn(
  page: Page,
  email: string,
  options: string | { password?: string; to?: string } = {},
) {
  const { password = DEMO_PASSWORD, to = '/sites' } =
    typeof options === 'string' ? { password: options } : options;
  // The page's own request context: the answer's browser cookie lands in the page's cookie jar.
  const { token } = await apiSignIn(page.request, email, password);
  const origin = new URL(to, workerServer().url).origin;
  await page.context().addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: origin, sameSite: 'Lax' }]);
  // Only for the page load below: a later sign-out and reload must find the token gone.
  const seed = await page.addInitScript((value) => {
    try {
      if (window.location.origin !== 'null') localStorage.setItem('asbuilt.token', value);
    } catch {
      // A frame without storage (about:blank) has no session to keep.
    }
  }, token);
  await page.goto(to);
  await seed.dispose();
  await expect(page).not.toHaveURL(/\/login(?:[?#]|$)/);
}

/** Signs in through the sign-in screen (e-mail, Continue, password, Login) and waits for the site list. */
export async function signInThroughScreen(page: Page, email: string, password = DEMO_PASSWORD) {
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
