import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import {
  apiCreateDevice,
  apiCreateSite,
  apiProductId,
  apiSiteDevices,
  PRODUCTS,
  unique,
} from '../support/sites.ts';
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
  await signIn(page, ADMIN, { to: '/admin/dashboard' });
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

test('administration: a job asks first with the count of its dry run; Cancel changes nothing, Run runs it', async ({
  page,
}) => {
  test.slow();
  // Two devices without a name, in a site of their own.
  const { token } = await apiSignIn(page.request, 'integrator@asbuilt.demo');
  const site = await apiCreateSite(page.request, token, `E2E Jobs ${unique()}`);
  const productId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  for (const code of ['JOB-1', 'JOB-2'])
    await apiCreateDevice(page.request, token, site.id, productId, { code });
  const names = async () => (await apiSiteDevices(page.request, token, site.id)).map((d) => d.name);
  expect(await names()).toEqual([null, null]);

  // What the dialog must announce: the job's own dry run.
  const admin = await apiSignIn(page.request, ADMIN);
  const dryRun = await page.request.get('/api/admin/jobs/add_name_to_ressources?dry_run=true', {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(dryRun.status()).toBe(200);
  const { count } = (await dryRun.json()) as { count: number };
  expect(count).toBeGreaterThanOrEqual(2);
  const announced = `${count.toLocaleString('en-GB')} devices will be named after their product`;

  await signIn(page, ADMIN, { to: '/admin/dashboard' });
  const runButton = page.getByRole('button', { name: 'Run Add names to devices' });
  const dialog = page.getByRole('dialog', { name: 'Run “Add names to devices”?' });

  await runButton.click();
  await expect(dialog).toContainText(announced);
  await expect(dialog).toContainText('For example:');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await names()).toEqual([null, null]);

  await runButton.click();
  await expect(dialog).toContainText(announced);
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: `${count} devices named after their product` }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await names()).toEqual([PRODUCTS.switch.name, PRODUCTS.switch.name]);

  // Nothing left to do: the dialog says so and offers no Run.
  await dismissToasts(page);
  await runButton.click();
  await expect(dialog).toContainText('Nothing to change');
  await expect(dialog.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
