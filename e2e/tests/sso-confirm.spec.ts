/**
 * An account made by single sign-on has no password (issue 46): turning two-factor sign-in off
 * asks it for a recent sign-in instead. Once the sign-in is old, the profile's dialog says so and
 * "Sign in again" goes through the provider (and the code step) and comes back to the profile.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { enterEmail } from '../support/session.ts';
import { signInThroughProvider, ssoTenant } from '../support/sso.ts';
import { expect, test } from '../support/test.ts';
import { codeOf, enrolOnProfile } from '../support/two-factor.ts';

async function turnOffAfterSigningInAgain({ page, request }: { page: Page; request: APIRequestContext }) {
  // Two round trips through the provider and two-factor enrolment: long on a busy machine.
  test.setTimeout(120_000);
  // Not the tenant sso.spec.ts sets up and expects without single sign-on.
  const tenant = await ssoTenant(request, {
    integrator: 'integrator@asbuilt.demo',
    accountId: 'kim',
    domainPrefix: 'sso-confirm',
    names: { given_name: 'Kim', family_name: 'Nopass' },
  });
  const { email } = tenant;
  try {
    await signInThroughProvider(page, email);

    // Two-factor sign-in on, as an authenticator app would.
    const secret = await enrolOnProfile(page);
    const section = page.getByTestId('two-factor-section');

    // The sign-in is older than ten minutes (the answer is the server's, made to say so).
    await page.route('**/api/global/me/sessions/confirmation', (route) =>
      route.fulfill({ json: { method: 'recent_sign_in', recent_until: null } }),
    );
    await section.getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await expect(off.getByLabel('Password')).toHaveCount(0);
    await expect(off.getByTestId('recent-sign-in-needed')).toContainText('Your account has no password.');
    await expect(off.getByRole('button', { name: 'Turn off' })).toBeDisabled();
    await page.unroute('**/api/global/me/sessions/confirmation');

    // Through the provider and the code step, back to the profile.
    await off.getByRole('button', { name: 'Sign in again' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await enterEmail(page, email);
    await page.getByLabel('Code', { exact: true }).fill(codeOf(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await section.getByRole('button', { name: 'Turn off' }).click();
    await expect(off.getByText('your sign-in of the last 10 minutes confirms this')).toBeVisible();
    await off.getByLabel('Code or recovery code').fill(codeOf(secret, 1));
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Two-factor sign-in is off')).toBeVisible();
    await expect(section.getByText('Off', { exact: true })).toBeVisible();
  } finally {
    await tenant.remove();
  }
}

// On a desktop and, tagged @phone, on a phone.
for (const tag of ['', ' @phone']) {
  test(
    `an account without a password turns two-factor sign-in off after signing in again${tag}`,
    turnOffAfterSigningInAgain,
  );
}
