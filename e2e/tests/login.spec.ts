import { DEMO_PASSWORD, signIn, signOut } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('login form', () => {
  test('shows the validation messages and keeps Login disabled until the form can be sent', async ({
    page,
  }) => {
    await page.goto('/login');
    const username = page.getByLabel('Username or Email');
    const password = page.getByLabel('Password', { exact: true });
    const login = page.getByRole('button', { name: 'Login' });

    await expect(login).toBeDisabled();
    await username.click();
    await password.click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await username.click();
    await expect(page.getByText('Password is required')).toBeVisible();

    await username.fill('integrator@asbuilt.demo');
    await password.fill('12345');
    await expect(page.getByText('Min 6 characters')).toBeVisible();
    await expect(login).toBeDisabled();

    await password.fill('123456');
    await expect(login).toBeEnabled();
    await username.fill('');
    await expect(login).toBeDisabled();
  });

  test('tells the user when the credentials are wrong', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username or Email').fill('integrator@asbuilt.demo');
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
      await signIn(page, account.email);
      const main = page.getByRole('main');
      for (const name of account.sees) await expect(main.getByText(name, { exact: true })).toBeVisible();
      for (const name of account.hidden) await expect(main.getByText(name, { exact: true })).toHaveCount(0);

      await signOut(page);
      // Sign-out forgets everything but the language the browser chose.
      const kept = await page.evaluate(() => Object.keys(localStorage));
      expect(kept.filter((key) => key !== 'asbuilt.language')).toEqual([]);
      await page.goto('/sites');
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});

test.describe('route guard', () => {
  test('sends a visitor to /login and a signed-in user away from /login', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'owner@asbuilt.demo', DEMO_PASSWORD);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/sites$/);
  });

  test('shows the 404 page with a way back home', async ({ page }) => {
    await signIn(page, 'owner@asbuilt.demo');
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/sites$/);
  });
});
