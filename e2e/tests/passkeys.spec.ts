/**
 * Passkeys (issue 46) with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain):
 * register a passkey on the profile, rename it, sign out, sign in with it (no username, no
 * password), see its last use, and remove it with the password. The pages are opened at
 * localhost: browsers take no IP address as a passkey's relying party, and the server maps its
 * loopback PUBLIC_URL to localhost (server/src/modules/passkeys/relying-party.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { workerServer } from '../support/server.ts';
import { signInThroughScreen, signOut } from '../support/session.ts';
import { test as base, expect } from '../support/test.ts';

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(workerServer(testInfo.parallelIndex).url.replace('127.0.0.1', 'localhost'));
  },
});

const PASSWORD = 'passkey-pass-1';

/** A new user of the integrator's tenant, so that the demo accounts are left as they are. */
async function freshUser(request: APIRequestContext) {
  const email = `pass.key.${Date.now().toString(36)}@example.test`;
  const { token } = await apiSignIn(request, 'integrator@asbuilt.demo');
  const created = await request.post('/api/tenant/users', {
    data: { email, password: PASSWORD, fname: 'Pia', lname: 'Key', role: 1 },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(200);
  return email;
}

/** A platform authenticator that keeps discoverable passkeys and verifies its user (a fingerprint). */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * A browser without passkeys in its autofill: Chromium's virtual authenticator answers the sign-in
 * page's autofill request at once, as no person would, which signs in before the button is seen.
 */
async function withoutAutofill(page: Page) {
  await page.context().addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: async () => false,
    });
  });
}

async function addPasskey(page: Page, name: string) {
  await page.goto('/profile');
  const section = page.getByTestId('passkeys-section');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await add.getByLabel('Name').fill(name);
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText(name, { exact: true })).toBeVisible();
}

/** The shared sign-in steps (whatever the form asks first), at localhost. */
const passwordSignIn = (page: Page, email: string) => signInThroughScreen(page, email, PASSWORD);

test('passkeys: register on the profile, sign out, sign in with it, then remove it', async ({
  page,
  request,
}) => {
  // Many steps, each a round trip to the authenticator or the server.
  test.slow();
  const email = await freshUser(request);
  const authenticator = await virtualAuthenticator(page);
  await withoutAutofill(page);
  await passwordSignIn(page, email);

  await page.goto('/profile');
  const section = page.getByTestId('passkeys-section');
  await expect(section.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  // A name first: without one, nothing is asked of the authenticator.
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add.getByText('Give the passkey a name')).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(0);
  await add.getByLabel('Name').fill('Work laptop');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(section.getByText('Work laptop')).toBeVisible();
  await expect(section.getByText(/never used/)).toBeVisible();
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);

  // The same authenticator a second time: the browser refuses, the page says why.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await add.getByLabel('Name').fill('Same laptop');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add.getByRole('alert')).toContainText('This device already holds a passkey for your account.');
  await add.getByRole('button', { name: 'Cancel' }).click();

  await section.getByRole('button', { name: 'Rename passkey Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename the passkey' });
  await rename.getByLabel('Name').fill('Office laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText('Office laptop')).toBeVisible();

  await signOut(page);
  // Passkeys may be offered in the username field's suggestions.
  await expect(page.getByLabel('Username or Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/sites$/);

  await page.goto('/profile');
  await expect(section.getByText(/last used/)).toBeVisible();
  await section.getByRole('button', { name: 'Remove passkey Office laptop' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove the passkey?' });
  await remove.getByLabel('Password').fill('not-the-password');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove.getByText('The current password is not correct')).toBeVisible();
  await remove.getByLabel('Password').fill(PASSWORD);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove).toBeHidden();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();

  // The authenticator still holds it, but it signs in no more.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('This passkey could not be verified');
  await expect(page).toHaveURL(/\/login$/);
});

test('passkeys: the browser offers the passkey in the username field (conditional UI)', async ({
  page,
  request,
}) => {
  const email = await freshUser(request);
  await virtualAuthenticator(page);
  await passwordSignIn(page, email);
  await addPasskey(page, 'Laptop');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  // The sign-in page asks the browser for passkeys to offer with the username; the virtual
  // authenticator picks the only one at once, and the app opens without a click.
  await expect(page).toHaveURL(/\/sites$/);
  await page.goto('/profile');
  await expect(page.getByTestId('passkeys-section').getByText(/last used/)).toBeVisible();
});

test('passkeys: the sign-in button on a phone @phone', async ({ page, request }) => {
  const email = await freshUser(request);
  await virtualAuthenticator(page);
  await withoutAutofill(page);
  await passwordSignIn(page, email);
  await addPasskey(page, 'Phone');
  await signOut(page);
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  const box = await button.boundingBox();
  expect(box?.width).toBeGreaterThan(250);
  await button.click();
  await expect(page).toHaveURL(/\/sites$/);
});
