import { apiChangePassword, apiSignIn } from '../support/api.ts';
import { outboxFiles, waitForLink, waitForMail } from '../support/outbox.ts';
import { DEMO_PASSWORD, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test('profile: edit the profile, then change the password, which signs the user out', async ({
  page,
  request,
}) => {
  const email = 'tech@asbuilt.demo';
  await signIn(page, email, { to: '/profile' });
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
  await signIn(page, 'admin@asbuilt.demo', {
    to: `/loginas?id=${user.id}&name=${encodeURIComponent(`${user.fname} ${user.lname}`)}`,
  });
  await page.getByLabel('Master Password', { exact: true }).fill('wrong-master');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('The master password is not correct')).toBeVisible();
  await page.getByLabel('Master Password', { exact: true }).fill('e2e-master-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('tech@asbuilt.demo')).toBeVisible();
});

test('profile: change the e-mail with the current password; it waits for the link sent to the new address', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const email = `mover.${stamp}@example.test`;
  const next = `moved.${stamp}@example.test`;
  const { token } = await apiSignIn(request, 'integrator@asbuilt.demo');
  const created = await request.post('/api/tenant/users', {
    data: { email, password: 'mover-pass-1', fname: 'Mo', lname: 'Ver', role: 1 },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(200);

  await signIn(page, email, { password: 'mover-pass-1', to: '/profile' });
  await page.getByRole('button', { name: 'Change E-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change E-mail' });
  await dialog.getByLabel('New E-mail', { exact: true }).fill(next);
  await dialog.getByLabel('Current Password', { exact: true }).fill('not-the-password');
  const seen = await outboxFiles();
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('The current password is not correct')).toBeVisible();
  await dialog.getByLabel('Current Password', { exact: true }).fill('mover-pass-1');
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`Waiting for confirmation of ${next}`)).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(await waitForMail(email, seen)).toContain('m***@example.test');

  const link = await waitForLink(next, seen);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Confirm my new address' }).click();
  await expect(page.getByText(`Done: ${next} is now your sign-in.`)).toBeVisible();
  await apiSignIn(request, next, 'mover-pass-1');
});
