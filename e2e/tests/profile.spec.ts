import { apiChangePassword, apiSignIn } from '../support/api.ts';
import { DEMO_PASSWORD, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test('profile: edit the profile, then change the password, which signs the user out', async ({
  page,
  request,
}) => {
  const email = 'tech@asbuilt.demo';
  await signIn(page, email);
  await page.goto('/profile');
  await expect(page.getByText(email).first()).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Primary Phone', { exact: true }).fill('+32 470 00 11 22');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User Updated')).toBeVisible();
  await expect(page.getByText('+32 470 00 11 22')).toBeVisible();

  await page.getByRole('button', { name: 'Change Password' }).click();
  const pwd = page.getByRole('dialog');
  await pwd.getByLabel('Old Password', { exact: true }).fill(DEMO_PASSWORD);
  await pwd.getByLabel('New Password', { exact: true }).fill('changed-42');
  await pwd.getByLabel('Retype Password', { exact: true }).fill('changed-43');
  await pwd.getByRole('button', { name: 'Save' }).click();
  await expect(pwd.getByText("New Passwords don't Match")).toBeVisible();
  await pwd.getByLabel('Retype Password', { exact: true }).fill('changed-42');
  await pwd.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The sign-in page drawn, not only its address: a context closed during a page load can hang.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await apiSignIn(request, email, 'changed-42');
  await apiChangePassword(request, email, 'changed-42', DEMO_PASSWORD);
});

test('login as: a Super Admin becomes another user with the master password', async ({ page, request }) => {
  const { user } = await apiSignIn(request, 'tech@asbuilt.demo');
  await signIn(page, 'admin@asbuilt.demo');
  await page.goto(`/loginas?id=${user.id}&name=${encodeURIComponent(`${user.fname} ${user.lname}`)}`);
  await page.getByLabel('Master Password', { exact: true }).fill('wrong-master');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('The master password is not correct')).toBeVisible();
  await page.getByLabel('Master Password', { exact: true }).fill('e2e-master-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('tech@asbuilt.demo')).toBeVisible();
});
