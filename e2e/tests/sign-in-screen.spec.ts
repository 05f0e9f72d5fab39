/**
 * The sign-in screen is a page of its own (web/src/features/auth/signin, issue 14): it loads
 * without the app, opens the app in place once signed in, and does what the app's form did.
 */
import { DEMO_PASSWORD, enterEmail } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const EMAIL = 'integrator@asbuilt.demo';

test('loads without the app, says a refusal in an alert, then opens the sites without a page load', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // The root leads a visitor without a session to the sign-in screen.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Login · Asbuilt');
  await expect(page.getByLabel('Username or Email')).toBeFocused();
  // Neither the app's start nor its router came with it.
  expect(scripts.filter((script) => /\/assets\/(start|router)-/.test(script))).toEqual([]);

  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await enterEmail(page, EMAIL);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');

  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByRole('main').getByText('Demo HQ', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  expect(await page.evaluate(() => localStorage.getItem('asbuilt.token'))).toBeTruthy();

  // Signed in, /login and / go to the sites.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/sites$/);
});

test('a refusal for too many attempts says when to try again, in the chosen language', async ({ page }) => {
  await page.route('**/api/admin/users/login', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '530' },
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'Too many attempts; please wait a few minutes and try again',
        code: 'too_many_attempts',
      }),
    }),
  );
  await page.goto('/login');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Nederlands' }).click();
  await enterEmail(page, EMAIL, { username: 'Gebruikersnaam of e-mail', next: 'Doorgaan' });
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  // Exact: the passkey button's name starts with the same word.
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Te veel pogingen; wacht een paar minuten en probeer het opnieuw');
  await expect(alert).toContainText('Je kunt het over 9 minuten opnieuw proberen.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the language menu works with the keyboard and the choice is kept', async ({ page }) => {
  await page.goto('/login');
  const language = page.getByRole('button', { name: 'Language' });
  await language.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Français' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(language).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Nederlands' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Taal' })).toBeFocused();
  await expect(page).toHaveTitle('Aanmelden · Asbuilt');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  expect(await page.evaluate(() => localStorage.getItem('asbuilt.language'))).toBe('nl');

  await page.keyboard.press(' ');
  await expect(page.getByRole('menuitem', { name: 'Nederlands' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('e');
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('forgot password: checks the address, sends, confirms and comes back to sign-in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expect(page).toHaveTitle('Forgot Password · Asbuilt');
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toBeFocused();
  await email.fill('not-an-address');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  // An unknown address gets the same answer as a known one.
  await page.getByLabel('Email', { exact: true }).fill('Nobody@Asbuilt.demo ');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toHaveText('An email has been send to reset your password');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Username or Email')).toBeFocused();
});
