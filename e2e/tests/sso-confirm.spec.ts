/**
 * An account made by single sign-on has no password (issue 46): turning two-factor sign-in off
 * asks it for a recent sign-in instead. Once the sign-in is old, the profile's dialog says so and
 * "Sign in again" goes through the provider (and the code step) and comes back to the profile.
 */
import { Secret, TOTP } from 'otpauth';
import { startTestProvider } from '../../server/test/support/oidc.ts';
import { apiSignIn } from '../support/api.ts';
import { workerServer } from '../support/server.ts';
import { enterEmail } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/** The code of an authenticator app for this secret, `offset` steps of 30 s from now. */
function codeOf(secret: string, offset = 0) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

test('an account without a password turns two-factor sign-in off after signing in again', async ({
  page,
  request,
}) => {
  // Two round trips through the provider and two-factor enrolment: long on a busy machine.
  test.setTimeout(120_000);
  const domain = `sso-confirm-${Date.now().toString(36)}.test`;
  const email = `kim@${domain}`;
  const provider = await startTestProvider({
    redirectUris: [`${workerServer().url}/api/global/sso/callback`],
    browserAccountId: 'kim',
  });
  provider.accounts.set('kim', { email, email_verified: true, given_name: 'Kim', family_name: 'Nopass' });
  // Not the tenant sso.spec.ts sets up and expects without single sign-on.
  const { token } = await apiSignIn(request, 'integrator@asbuilt.demo');
  const headers = { authorization: `Bearer ${token}` };
  try {
    const set = await request.put('/api/tenant/sso', {
      headers,
      data: {
        issuer: provider.issuer,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
        domains: [domain],
        create_users: true,
        new_user_role: 1,
      },
    });
    expect(set.status()).toBe(200);
    await page.goto('/login');
    await enterEmail(page, email);
    await expect(page).toHaveURL(/\/sites$/);

    // Two-factor sign-in on, as an authenticator app would.
    await page.goto('/profile');
    const section = page.getByTestId('two-factor-section');
    await section.getByRole('button', { name: 'Turn on' }).click();
    const enrol = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const secret = (await enrol.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
    await enrol.getByLabel('6-digit code').fill(codeOf(secret, -1));
    await enrol.getByRole('button', { name: 'Turn on' }).click();
    await page
      .getByRole('dialog', { name: 'Your recovery codes' })
      .getByRole('button', { name: 'I saved them' })
      .click();
    await expect(section.getByText('On', { exact: true })).toBeVisible();

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
    await request.delete('/api/tenant/sso', { headers });
    await provider.close();
  }
});
