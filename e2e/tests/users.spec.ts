import { signIn, signOut } from '../support/session.ts';
import { unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

test('tenant users: create, edit, give access to one site in the user card, sign in as them, delete', async ({
  page,
}) => {
  test.slow();
  const email = `colleague.${unique().toLowerCase()}@example.test`;
  await signIn(page, INTEGRATOR, { to: '/tenant/users' });
  await page.getByRole('button', { name: 'New User' }).click();
  let card = page.getByRole('dialog', { name: 'New User' });
  await card.getByLabel('Email/Username').fill(email);
  await card.getByLabel('Password').fill('colleague-1');
  await card.getByLabel('First name').fill('Bram');
  await card.getByLabel('Last name').fill('Smets');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'User Created' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Bram');

  await dismissToasts(page);
  await row.click();
  card = page.getByRole('dialog', { name: 'Edit User' });
  await card.getByLabel('First name').fill('Bram-Jan');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'User Updated' })).toBeVisible();
  await expect(row).toContainText('Bram-Jan');

  await row.click();
  card = page.getByRole('dialog', { name: 'Edit User' });
  await card.getByRole('tab', { name: 'Access rights' }).click();
  const warehouse = card.getByRole('row', { name: /Demo Warehouse/ });
  await expect(warehouse).toContainText('No Access');
  await warehouse.getByRole('button', { name: 'Grant Access to Demo Warehouse' }).click();
  await page
    .getByRole('dialog', { name: 'Access to Demo Warehouse' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(warehouse).toContainText('Reader');
  await card.getByRole('button', { name: 'Close' }).click();

  await signOut(page);
  await signIn(page, email, 'colleague-1');
  await expect(page.getByText('Demo Warehouse')).toBeVisible();
  await expect(page.getByText('Demo HQ')).toHaveCount(0);
  await signOut(page);

  await signIn(page, INTEGRATOR, { to: '/tenant/users' });
  // One's own card: the sign-out hint and no Delete.
  await page.getByRole('row', { name: /integrator@asbuilt\.demo/ }).click();
  card = page.getByRole('dialog', { name: 'Edit User' });
  await expect(
    card.getByText('Change your own e-mail address and password from your profile.'),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeHidden();

  await page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) }).click();
  card = page.getByRole('dialog', { name: 'Edit User' });
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: /User \d+ Deleted/ })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })).toHaveCount(0);
});

test('a Building Owner: no role above their own, an Integrator’s card only shown, a reset link for a lower user', async ({
  page,
}) => {
  await signIn(page, 'owner@asbuilt.demo', { to: '/tenant/users' });

  await page.getByRole('button', { name: 'New User' }).click();
  let card = page.getByRole('dialog', { name: 'New User' });
  await card.getByLabel('Role').click();
  await expect(page.getByRole('option', { name: 'Building Owner' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Integrator' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeHidden();

  await page.getByRole('row', { name: /integrator@asbuilt\.demo/ }).click();
  card = page.getByRole('dialog', { name: 'Edit User' });
  await expect(card.getByText('you can see their card but not change it')).toBeVisible();
  await expect(card.getByLabel('First name')).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Send a reset link' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Close' }).first().click();
  await expect(card).toBeHidden();

  await page.getByRole('row', { name: /tech@asbuilt\.demo/ }).click();
  card = page.getByRole('dialog', { name: 'Edit User' });
  const reset = card.getByRole('button', { name: 'Send a reset link' });
  const password = card.getByLabel('Password');
  // The reset link comes first, before the password typed by hand.
  const [resetBox, passwordBox] = [await reset.boundingBox(), await password.boundingBox()];
  expect(resetBox!.y).toBeLessThan(passwordBox!.y);
  await reset.click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Reset link sent to tech@asbuilt.demo' }),
  ).toBeVisible();
});
