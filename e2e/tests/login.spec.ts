import { DEMO_PASSWORD, enterEmail, signIn, signInThroughScreen, signOut } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('login form', () => {
  test('shows the validation messages and keeps Login disabled until the form can be sent', async ({
    page,
  }) => {
    await page.goto('/login');
    const username = page.getByLabel('Username or Email');
    const password = page.getByLabel('Password', { exact: true });
    const next = page.getByRole('button', { name: 'Continue' });
    const login = page.getByRole('button', { name: 'Login' });

    // The e-mail first (issue 46): the password comes once the e-mail is known to use one.
    await expect(next).toBeDisabled();
    await expect(password).toHaveCount(0);
    await username.click();
    await username.blur();
    await expect(page.getByText('Username is required')).toBeVisible();
    await username.fill('integrator@asbuilt.demo');
    await next.click();
    await expect(password).toBeFocused();
    await expect(username).toHaveValue('integrator@asbuilt.demo');
    await expect(login).toBeDisabled();
    await password.blur();
    await expect(page.getByText('Password is required')).toBeVisible();

    await password.fill('12345');
    await expect(page.getByText('Min 6 characters')).toBeVisible();
    await expect(login).toBeDisabled();

    await password.fill('123456');
    await expect(login).toBeEnabled();
    // Another e-mail goes back to the first step.
    await page.getByRole('button', { name: 'Use another e-mail' }).click();
    await expect(password).toHaveCount(0);
    await username.fill('');
    await expect(next).toBeDisabled();
  });

  test('tells the user when the credentials are wrong', async ({ page }) => {
    await page.goto('/login');
    await enterEmail(page, 'integrator@asbuilt.demo');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

const ACCOUNTS = [
  {
    email: 'admin@asbuilt.demo',
    sees: ['Demo HQ', 'Demo Warehouse', 'Demo Clinic', 'Other Tower'],
    hidden: [],
  },
  { email: 'library@asbuilt.demo', sees: [], hidden: ['Demo HQ', 'Other Tower'] },
  {
    email: 'integrator@asbuilt.demo',
    sees: ['Demo HQ', 'Demo Warehouse', 'Demo Clinic'],
    hidden: ['Other Tower'],
  },
  {
    email: 'owner@asbuilt.demo',
    sees: ['Demo HQ', 'Demo Warehouse', 'Demo Clinic'],
    hidden: ['Other Tower'],
  },
  { email: 'tech@asbuilt.demo', sees: ['Demo HQ', 'Demo Warehouse'], hidden: ['Demo Clinic', 'Other Tower'] },
  {
    email: 'guest@asbuilt.demo',
    sees: ['Demo Warehouse'],
    hidden: ['Demo HQ', 'Demo Clinic', 'Other Tower'],
  },
  { email: 'other@asbuilt.demo', sees: ['Other Tower'], hidden: ['Demo HQ'] },
];

test.describe('demo accounts', () => {
  for (const account of ACCOUNTS) {
    test(`${account.email} signs in, lands on /sites with its sites, and signs out`, async ({ page }) => {
      await signInThroughScreen(page, account.email);
      const main = page.getByRole('main');
      for (const name of account.sees) await expect(main.getByText(name, { exact: true })).toBeVisible();
      for (const name of account.hidden) await expect(main.getByText(name, { exact: true })).toHaveCount(0);

      await signOut(page);
      // Sign-out forgets everything but the language the browser chose.
      const kept = await page.evaluate(() => Object.keys(localStorage));
      expect(kept.filter((key) => key !== 'asbuilt.language')).toEqual([]);
      await page.goto('/sites');
      await expect(page).toHaveURL(/\/login\?next=%2Fsites$/);
    });
  }
});

test.describe('route guard', () => {
  test('sends a visitor to sign in without loading the app, then to the page asked for', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/tenant/users?q=owner');
    await expect(page).toHaveURL(/\/login\?next=%2Ftenant%2Fusers%3Fq%3Downer$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The sign-in screen alone: neither the app's start nor its router came with it.
    expect(scripts.filter((script) => /\/assets\/(start|router)-/.test(script))).toEqual([]);
    await enterEmail(page, 'integrator@asbuilt.demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/tenant\/users\?q=owner$/);
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('a link to another site in the return address leads to the sites list', async ({ page }) => {
    await page.goto('/login?next=%2F%2Fevil.example%2Fx');
    await enterEmail(page, 'owner@asbuilt.demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/sites$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/sites$/);
  });

  test('shows the 404 page with a way back home', async ({ page }) => {
    await signIn(page, 'owner@asbuilt.demo', { to: '/no/such/page' });
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/sites$/);
  });
});
