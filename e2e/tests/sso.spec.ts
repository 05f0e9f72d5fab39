/**
 * Single sign-on (issue 46): the sign-in screen asks for the e-mail first (a password user gets the
 * password field), an Integrator sets the tenant's provider on the settings page, and a user of a
 * single sign-on domain signs in through a real OpenID provider (oidc-provider, started here).
 */
import type { APIRequestContext } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { workerServer } from '../support/server.ts';
import { DEMO_PASSWORD, enterEmail, signIn, signOut } from '../support/session.ts';
import { signInThroughProvider, ssoTenant } from '../support/sso.ts';
import { expect, test } from '../support/test.ts';

const unique = () => Date.now().toString(36);

async function removeSso(request: APIRequestContext, email: string) {
  const { token } = await apiSignIn(request, email);
  await request.delete('/api/tenant/sso', { headers: { authorization: `Bearer ${token}` } });
}

test('a password user gives the e-mail, then the password', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveCount(0);
  await enterEmail(page, 'tech@asbuilt.demo');
  await expect(password).toBeFocused();
  // The e-mail stays in the form, for the browser's password manager.
  await expect(page.getByLabel('Username or Email')).toHaveValue('tech@asbuilt.demo');
  await expect(page.getByLabel('Username or Email')).toHaveAttribute('readonly', '');
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sites$/);
});

test("an Integrator sets the tenant's single sign-on; the secret is never shown", async ({
  page,
  request,
}) => {
  const domain = `sso-form-${unique()}.test`;
  await signIn(page, 'other@asbuilt.demo', { to: '/tenant/settings' });
  const section = page.getByRole('region', { name: 'Single sign-on' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText('Enter the client secret')).toBeVisible();

  await section.getByLabel('Issuer URL').fill('https://login.example.com/tenant/v2.0');
  await section.getByLabel('Client ID').fill('asbuilt-app');
  await section.getByLabel('Client secret').fill('a-very-secret-value');
  await section.getByLabel('E-mail domains').fill(`${domain}, @Second-${domain}`);
  await section.getByLabel('Create unknown users on their first sign-in').check();
  await section.getByLabel('Role of new users').click();
  await page.getByRole('option', { name: 'Building Owner' }).click();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on saved')).toBeVisible();

  await page.reload();
  const again = page.getByRole('region', { name: 'Single sign-on' });
  await expect(again.getByLabel('E-mail domains')).toHaveValue(`second-${domain}, ${domain}`);
  await expect(again.getByLabel('Client secret')).toHaveValue('');
  await expect(again.getByText('A secret is set; leave blank to keep it')).toBeVisible();
  await expect(again.getByText(`${workerServer().url}/api/global/sso/callback`)).toBeVisible();
  await expect(page.getByText('a-very-secret-value')).toHaveCount(0);

  await again.getByRole('button', { name: 'Remove single sign-on' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove single sign-on' }).click();
  await expect(page.getByText('Single sign-on removed')).toBeVisible();
  await removeSso(request, 'other@asbuilt.demo');
});

test('a user of a single sign-on domain signs in through the provider', async ({ page, request }) => {
  const tenant = await ssoTenant(request, {
    integrator: 'other@asbuilt.demo',
    accountId: 'sam',
    domainPrefix: 'sso-trip',
    names: { given_name: 'Sam', family_name: 'Single' },
  });
  try {
    await signInThroughProvider(page, tenant.email);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    // The single-use code is out of the address and the history.
    expect(page.url()).not.toContain('sso=');
    await signOut(page);
  } finally {
    await tenant.remove();
  }
});

test('a refusal from the provider comes back to the sign-in page in words', async ({ page }) => {
  await page.goto('/login?sso_error=sso_email_unverified');
  await expect(page.getByRole('alert')).toHaveText(
    "Your organisation's sign-in provider has not verified your e-mail address",
  );
  await expect(page).toHaveURL(/\/login$/);
});
