import { expect, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { outboxFiles, waitForLink } from '../support/outbox.ts';
import { signIn } from '../support/session.ts';
import { apiCreateSite, unique } from '../support/sites.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

test('share a site with a new e-mail: invitation, sign-up as Reader of that site only, edit, revoke and grant', async ({
  page,
  browser,
  request,
}) => {
  const { token } = await apiSignIn(request, INTEGRATOR);
  const site = await apiCreateSite(request, token, `Shared ${unique()}`);
  const email = `invitee.${unique().toLowerCase()}@example.test`;
  const seen = await outboxFiles();

  await signIn(page, INTEGRATOR);
  await page.goto(`/site/${site.id}/access`);
  await page.getByRole('button', { name: 'Share Site' }).click();
  const share = page.getByRole('dialog', { name: 'Share Site' });
  await expect(share.getByRole('button', { name: 'Save' })).toBeDisabled();
  await share.getByLabel('E-mail').fill(email);
  await share.getByLabel('E-mail').blur();
  await expect(share.getByText(/invitation to sign up will be sent/)).toBeVisible();
  await share.getByRole('button', { name: 'Invite and share' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'User Invited to sign up' })).toBeVisible();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Site Access Created' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Reader');
  await expect(row).toContainText('never');
  await expect(row.getByRole('button', { name: /Resend the invitation/ })).toBeVisible();

  // The invitee signs up from the mailed link, in a browser of their own.
  const link = await waitForLink(email, seen);
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link.pathname + link.search);
  await invitee.getByLabel('First Name').fill('Ines');
  await invitee.getByLabel('Last Name').fill('Vermeulen');
  await invitee.getByLabel('Password', { exact: true }).fill('welcome-42');
  await invitee.getByLabel('Retype Password', { exact: true }).fill('welcome-42');
  await invitee.getByRole('button', { name: 'Sign Up' }).click();
  await expect(invitee).toHaveURL(/\/sites$/);
  await expect(invitee.getByText(site.name)).toBeVisible();
  await expect(invitee.getByText('Demo HQ')).toHaveCount(0);
  await invitee.goto(`/site/${site.id}/devices`);
  await expect(invitee.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await expect(invitee.getByRole('button', { name: /Add Device/i })).toHaveCount(0);

  // Contributor from now on.
  await page.reload();
  await row.getByRole('button', { name: /Edit the access/ }).click();
  const right = page.getByRole('dialog', { name: `Access to ${site.name}` });
  await right.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Contributor' }).click();
  await right.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Contributor');
  await expect(row.getByText('invited, not signed up yet')).toHaveCount(0);

  // Revoked: the invitee's next click is refused, without signing in again.
  await row.getByRole('button', { name: /Revoke the access/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Access Expired');
  await invitee.getByRole('link', { name: 'Locations' }).first().click();
  await expect(invitee).toHaveURL(/\/sites$/);
  await expect(invitee.getByText(site.name)).toHaveCount(0);

  // Granted again.
  await row.getByRole('button', { name: /Grant access/ }).click();
  await page
    .getByRole('dialog', { name: `Access to ${site.name}` })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(row).toContainText('Contributor');
  await invitee.goto(`/site/${site.id}/devices`);
  await expect(invitee.getByRole('heading', { name: 'Devices' })).toBeVisible();
});
