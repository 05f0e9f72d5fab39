import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The code of an authenticator app for this secret, `offset` steps of 30 s from now. */
export function codeOf(secret: string, offset = 0) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/** Enrols the signed-in user on the profile page; answers the secret read from the page. */
export async function enrolOnProfile(page: Page) {
  await page.goto('/profile');
  const section = page.getByTestId('two-factor-section');
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await dialog.getByTestId('two-factor-secret').getAttribute('data-secret');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel('6-digit code').fill(codeOf(secret!, -1));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codes.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(codes.getByText('Save these codes now: they are shown only once.')).toBeVisible();
  await codes.getByRole('button', { name: 'I saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  return secret!;
}
