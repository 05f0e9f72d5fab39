import { apiChangePassword } from '../support/api.ts';
import { outboxFiles, waitForLink } from '../support/outbox.ts';
import { DEMO_PASSWORD, signIn, signOut } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const EMAIL = 'owner@asbuilt.demo';
const NEW_PASSWORD = 'fresh-pass-42';

test('forgot password: the mailed link sets a new password and signs the user in', async ({
  page,
  request,
}) => {
  // Five argon2id hashes (the reset, two sign-ins, the change back: its check and its hash) on
  // threads of the lowest priority, which the browser's own work holds back on a 2-processor host:
  // the test took 25–30 s there and its context's teardown ran out of the default 30 s.
  test.slow();
  const seen = await outboxFiles();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Email', { exact: true }).fill(EMAIL);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('An email has been send to reset your password')).toBeVisible();

  const link = await waitForLink(EMAIL, seen);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Retype Password', { exact: true }).fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("passwords don't match")).toBeVisible();
  await page.getByLabel('Retype Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/sites$/);

  await signOut(page);
  await signIn(page, EMAIL, NEW_PASSWORD);
  await apiChangePassword(request, EMAIL, NEW_PASSWORD, DEMO_PASSWORD);
});

test('a reset link without its token explains what to do', async ({ page }) => {
  await page.goto('/reset_password?email=owner%40asbuilt.demo');
  await expect(
    page.getByText('This link is incomplete: please use the link from your email, or contact support.'),
  ).toBeVisible();
});
