import { signIn } from '../support/session.ts';
import { unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const ADMIN = 'admin@asbuilt.demo';
const MASTER_PASSWORD = 'e2e-master-password';

test('administration: a new tenant with a user, the devices as JSON, then Login as that user', async ({
  page,
  context,
}) => {
  test.slow();
  const tenantName = `Tenant ${unique()}`;
  const email = `admin.e2e.${unique().toLowerCase()}@example.test`;
  await signIn(page, ADMIN);

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();

  // A tenant, created active.
  await page.goto('/admin/tenants');
  await page.getByRole('button', { name: 'New Tenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Tenant' });
  await dialog.getByLabel('Tenant name').fill(tenantName);
  await expect(dialog.getByRole('switch', { name: 'Active' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Tenant Created or Updated' }),
  ).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: tenantName }) });
  await expect(card).toContainText('0 users');
  await dismissToasts(page);

  // A user in it, from the admin user card.
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'New User' }).click();
  const userCard = page.getByRole('dialog', { name: 'New User' });
  await userCard.getByLabel('Email/Username').fill(email);
  await userCard.getByLabel('Password').fill('tenant-user-1');
  await userCard.getByLabel('First name').fill('Lotte');
  await userCard.getByLabel('Last name').fill('Peeters');
  await userCard.getByRole('combobox', { name: 'Tenant' }).click();
  await page.getByRole('option', { name: tenantName }).click();
  await userCard.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'User Created' })).toBeVisible();
  await dismissToasts(page);

  // The tenant's card counts and lists the user; Select puts its name in the search.
  await page.goto('/admin/tenants');
  await card.getByRole('button', { name: `Select ${tenantName}` }).click();
  await expect(page.getByRole('searchbox', { name: 'Search tenants' })).toHaveValue(tenantName);
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
  await card.getByRole('button', { name: '1 user' }).click();
  await expect(card.getByRole('list', { name: `Users of ${tenantName}` })).toContainText('Lotte Peeters');

  // The devices model as JSON.
  await page.goto('/admin/json');
  await page.getByRole('button', { name: 'Get Json' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Select a Model first' })).toBeVisible();
  await dismissToasts(page);
  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: 'devices', exact: true }).click();
  await page.getByRole('button', { name: 'Get Json' }).click();
  const count = page.getByRole('heading', { name: /^[\d.,\s\u202f]+ records in devices$/ });
  await expect(count).toBeVisible();
  expect(Number((await count.innerText()).replace(/\D/g, ''))).toBeGreaterThan(100);
  await expect(page.getByLabel('Exported JSON')).toContainText('"product_id"');
  await expect(page.getByRole('button', { name: 'Download devices.json' })).toBeVisible();

  // Login as the new user: /loginas opens in a new tab with the user's id and name.
  await page.goto('/admin/users');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: `Login as ${email}` }).click(),
  ]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/loginas');
  expect(new URL(tab.url()).searchParams.get('name')).toBe('Lotte Peeters');
  await expect(tab.getByRole('heading', { name: 'Sign in as Lotte Peeters' })).toBeVisible();
  await tab.getByLabel('Master Password').fill(MASTER_PASSWORD);
  await tab.getByRole('button', { name: 'Sign In' }).click();
  await expect(tab).toHaveURL(/\/sites$/);
  await tab.getByRole('button', { name: 'Account menu' }).click();
  await expect(tab.getByRole('menu')).toContainText(email);
});
