/**
 * Two-factor sign-in (issue 46): enrol on the profile with a code computed here from the secret
 * the page shows (otpauth, as an authenticator app does), keep the recovery codes, sign out, and
 * sign in again with the password and a code; on a phone, the code step with a recovery code and
 * "Remember this browser", whose next sign-in skips the code.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { enterEmail, signOut } from '../support/session.ts';
import { expect, test } from '../support/test.ts';
import { codeOf, enrolOnProfile } from '../support/two-factor.ts';

const PASSWORD = 'two-factor-pass-1';

/** A new user of the integrator's tenant, so the demo accounts keep signing in with a password. */
async function freshUser(request: APIRequestContext) {
  const email = `two.factor.${Date.now().toString(36)}@example.test`;
  const { token } = await apiSignIn(request, 'integrator@asbuilt.demo');
  const created = await request.post('/api/tenant/users', {
    data: { email, password: PASSWORD, fname: 'Tove', lname: 'Factor', role: 1 },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(200);
  return email;
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await enterEmail(page, email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('two-factor: enrol on the profile, sign out, sign in with the password and a code', async ({
  page,
  request,
}) => {
  const email = await freshUser(request);
  await page.goto('/login');
  await enterEmail(page, email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sites$/);

  const secret = await enrolOnProfile(page);
  await signOut(page);

  await passwordStep(page, email);
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  // A code pasted with its space is taken whole.
  await code.fill(`${codeOf(secret).slice(0, 3)} ${codeOf(secret).slice(3)}`);
  await expect(code).toHaveValue(codeOf(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/sites$/);
});

test('@phone two-factor: the code step on a phone, with a recovery code', async ({ page, request }) => {
  const email = await freshUser(request);
  const { token } = await apiSignIn(request, email, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const started = await request.post('/api/global/me/2fa/totp', { headers: auth });
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await request.post('/api/global/me/2fa/totp/confirm', {
    headers: auth,
    data: { code: codeOf(secret, -1) },
  });
  const { recovery_codes } = (await confirmed.json()) as { recovery_codes: string[] };

  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const code = page.getByLabel('Recovery code', { exact: true });
  await code.fill(recovery_codes[0]!);
  await page.getByLabel('Remember this browser for 30 days').check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/sites$/);

  // Remembered: the next sign-in of this browser skips the code; another browser does not.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await enterEmail(page, email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const elsewhere = await other.newPage();
  await passwordStep(elsewhere, email);
  await other.close();
});
