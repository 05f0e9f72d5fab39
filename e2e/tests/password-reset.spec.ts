import { apiChangePassword } from '../support/api.ts';
import { outboxFiles, waitForLink } from '../support/outbox.ts';
import { DEMO_PASSWORD, signInThroughScreen, signOut } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const EMAIL = 'owner@asbuilt.demo';
const NEW_PASSWORD = 'fresh-pass-42';

test('forgot password: the mailed link sets a new password and signs the user in', async ({
  page,
  request,
}) => {
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
  await signInThroughScreen(page, EMAIL, NEW_PASSWORD);
  // The change back ends the page's session: a call of the sites list answered 401 after it sends
  // the page to /login, and Chromium can leave a context closed during that page load unclosed
  // for good (the test's teardown then ran out of time, one run in ten). The page is done here.
  await page.close();
  await apiChangePassword(request, EMAIL, NEW_PASSWORD, DEMO_PASSWORD);
});

test('a reset link without its token explains what to do', async ({ page }) => {
  await page.goto('/reset_password?email=owner%40asbuilt.demo');
  await expect(
    page.getByText('This link is incomplete: please use the link from your email, or contact support.'),
  ).toBeVisible();
});
