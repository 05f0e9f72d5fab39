import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { outboxFiles, waitForLink } from '../support/outbox.ts';
import { signIn } from '../support/session.ts';
import { apiCreateSite, apiSiteByName, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });
const siteNav = (page: Page) => page.getByRole('navigation', { name: 'Site' });
const sitesMain = (page: Page) => page.getByRole('main');

test('share Demo HQ with a new e-mail: the invitation from the outbox, sign-up, Reader of that site only; revoked, the next click is refused; granted again', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, a sign-up and a dozen saves.
  test.slow();
  const { token } = await apiSignIn(request, INTEGRATOR);
  const hq = await apiSiteByName(request, token, 'Demo HQ');
  const email = `invitee.${unique().toLowerCase()}@example.test`;
  let seen = await outboxFiles();

  await signIn(page, INTEGRATOR, { to: `/site/${hq.id}/access` });
  await expect(page.getByRole('heading', { name: 'Internal User Access' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'External User Access' })).toBeVisible();

  // Save waits for the e-mail lookup, which runs when the field is left.
  await page.getByRole('button', { name: 'Share Site' }).click();
  const share = page.getByRole('dialog', { name: 'Share Site' });
  await expect(share.getByRole('button', { name: 'Save' })).toBeDisabled();
  await share.getByLabel('E-mail').fill(email);
  await expect(share.getByRole('button', { name: 'Save' })).toBeDisabled();
  await share.getByLabel('E-mail').blur();
  await expect(share.getByText(/an invitation to sign up will be sent/)).toBeVisible();
  await share.getByRole('button', { name: 'Invite and share' }).click();
  await expect(toast(page, 'User Invited to sign up')).toBeVisible();
  await expect(toast(page, 'Site Access Created')).toBeVisible();
  await expect(share).toBeHidden();

  // An invitee belongs to the site's tenant: the internal table, Reader, never visited, invited.
  const internal = page.getByRole('table', { name: 'Internal User Access' });
  const row = internal.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Reader');
  await expect(row.getByRole('cell').nth(1)).toHaveText('never');
  await expect(row.getByRole('cell').nth(3)).toHaveText('never');
  await expect(row).toContainText('Invited');
  await waitForLink(email, seen);

  // Resend Invitation: a fresh link (the first one stops working).
  seen = await outboxFiles();
  await dismissToasts(page);
  await row.getByRole('button', { name: /Resend the invitation/ }).click();
  await expect(toast(page, "User's invitation resent")).toBeVisible();
  const link = await waitForLink(email, seen);

  // The invitee signs up from the mailed link, in a browser of their own, and sees Demo HQ alone.
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link.pathname + link.search);
  await invitee.getByLabel('First Name').fill('Ines');
  await invitee.getByLabel('Last Name').fill('Vermeulen');
  await invitee.getByLabel('Password', { exact: true }).fill('welcome-42');
  await invitee.getByLabel('Retype Password', { exact: true }).fill('welcome-42');
  await invitee.getByRole('button', { name: 'Sign Up' }).click();
  await expect(invitee).toHaveURL(/\/sites$/);
  await expect(sitesMain(invitee).getByText('Demo HQ', { exact: true })).toBeVisible();
  await expect(sitesMain(invitee).getByText('Demo Warehouse', { exact: true })).toHaveCount(0);
  await expect(sitesMain(invitee).getByText('Demo Clinic', { exact: true })).toHaveCount(0);

  // A Reader: no Add device, no Access or Config pages.
  await sitesMain(invitee).getByText('Demo HQ', { exact: true }).click();
  await expect(invitee).toHaveURL(new RegExp(`/site/${hq.id}/dashboard$`));
  await siteNav(invitee).getByRole('link', { name: 'Devices' }).click();
  await expect(invitee.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
  await expect(invitee.getByTestId('device-counter')).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'Add device' })).toHaveCount(0);
  await expect(siteNav(invitee).getByRole('link', { name: 'Access' })).toHaveCount(0);
  await expect(siteNav(invitee).getByRole('link', { name: 'Config' })).toHaveCount(0);

  // The integrator sees the name now, the visit, and no invitation left to resend.
  await page.reload();
  // The whole app loads again while the invitee's browser draws its pages on the same two
  // processors: in CI that took longer than one expectation's 7 s, twice in a row.
  await expect(internal).toBeVisible({ timeout: 20_000 });
  const signedUp = internal.getByRole('row').filter({ hasText: 'Ines Vermeulen' });
  await expect(signedUp).toContainText(email);
  await expect(signedUp.getByRole('cell').nth(1)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(signedUp.getByRole('button', { name: /Resend the invitation/ })).toHaveCount(0);

  // Edit Access changes the role label.
  await signedUp.getByRole('button', { name: 'Edit Access: Ines Vermeulen' }).click();
  const right = page.getByRole('dialog', { name: 'Access to Demo HQ' });
  await expect(right).toContainText(email);
  await right.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Contributor' }).click();
  await right.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Site Access Updated')).toBeVisible();
  await expect(right).toBeHidden();
  await expect(signedUp.getByRole('cell').nth(2)).toHaveText('Contributor');

  // Revoke (after confirming): the invitee's next click is refused, without signing in again.
  await signedUp.getByRole('button', { name: 'Revoke Access: Ines Vermeulen' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Revoke the access of Ines Vermeulen?');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'Access Revoked')).toBeVisible();
  await expect(signedUp.getByRole('cell').nth(2)).toHaveText('Access Expired');
  await expect(signedUp.getByRole('button', { name: /Edit Access/ })).toHaveCount(0);

  await siteNav(invitee).getByRole('link', { name: 'Locations' }).click();
  await expect(invitee).toHaveURL(/\/sites$/);
  await expect(invitee.getByText('You have no access to this site')).toBeVisible();
  await expect(sitesMain(invitee).getByText('Demo HQ', { exact: true })).toHaveCount(0);

  // Grant Access reopens it, through the same dialog.
  await signedUp.getByRole('button', { name: 'Grant access to Ines Vermeulen again' }).click();
  await expect(right).toBeVisible();
  await right.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Site Access Updated').last()).toBeVisible();
  await expect(signedUp.getByRole('cell').nth(2)).toHaveText('Contributor');

  await invitee.goto(`/site/${hq.id}/devices`);
  await expect(invitee.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'Add device' })).toBeVisible();
  await inviteeContext.close();
});

test('share a site with a registered user of another tenant: the external table, an expiry; they manage none of its access', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const { token } = await apiSignIn(request, INTEGRATOR);
  const site = await apiCreateSite(request, token, `Shared ${unique()}`);

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/access` });
  await page.getByRole('button', { name: 'Share Site' }).click();
  const share = page.getByRole('dialog', { name: 'Share Site' });
  // Enter looks the e-mail up too.
  await share.getByLabel('E-mail').fill('Other@Asbuilt.demo');
  await share.getByLabel('E-mail').press('Enter');
  await expect(share.getByText(/has an Asbuilt account in another organisation/)).toBeVisible();
  await share.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Full Access' }).click();
  await share.getByLabel('Expires on').fill('2099-12-31');
  await share.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Site Access Created')).toBeVisible();
  await expect(toast(page, 'User Invited to sign up')).toHaveCount(0);

  const external = page.getByRole('table', { name: 'External User Access' });
  const row = external.getByRole('row').filter({ hasText: 'other@asbuilt.demo' });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Full Access');
  await expect(row.getByRole('cell').nth(3)).toHaveText('31/12/2099');
  await expect(row.getByRole('button', { name: /Resend the invitation/ })).toHaveCount(0);

  // Shared again with the same person: the dialog says to edit instead.
  await page.getByRole('button', { name: 'Share Site' }).click();
  await share.getByLabel('E-mail').fill('other@asbuilt.demo');
  await share.getByLabel('E-mail').blur();
  await expect(share.getByText(/already has access to the site/)).toBeVisible();
  await expect(share.getByRole('button', { name: 'Save' })).toBeDisabled();
  await share.getByRole('button', { name: 'Cancel' }).click();

  // Unlimited again: the date is cleared, Expires On reads "never".
  await row.getByRole('button', { name: /Edit Access/ }).click();
  const right = page.getByRole('dialog', { name: `Access to ${site.name}` });
  await expect(right.getByLabel('Expires on')).toHaveValue('31/12/2099');
  await right.getByRole('button', { name: 'No expiry date (unlimited)' }).click();
  await right.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Site Access Updated')).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('never');

  // The other integrator holds Full Access there now, but manages nothing: the site's organisation does.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signIn(otherPage, 'other@asbuilt.demo', { to: `/site/${site.id}/access` });
  await expect(otherPage.getByRole('heading', { name: 'Managed by Demo Integrator' })).toBeVisible();
  await expect(otherPage.getByText(/only users of Demo Integrator decide who may open it/)).toBeVisible();
  await expect(otherPage.getByRole('table')).toHaveCount(0);
  await expect(otherPage.getByRole('button', { name: 'Share Site' })).toHaveCount(0);
  await otherContext.close();
});

test("an invitee without an account joins the site's organisation: listed under Internal, while External stays empty and says why", async ({
  page,
  request,
}) => {
  const { token } = await apiSignIn(request, INTEGRATOR);
  const site = await apiCreateSite(request, token, `Invitee ${unique()}`);
  const email = `joins.${unique().toLowerCase()}@example.test`;

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/access` });
  const internal = page.getByRole('table', { name: 'Internal User Access' });
  const external = page.getByRole('table', { name: 'External User Access' });
  await expect(page.getByText(/Users of Demo Integrator, the organisation of this site/)).toBeVisible();
  await expect(page.getByText(/Users of other organisations with whom this site is shared/)).toBeVisible();

  await page.getByRole('button', { name: 'Share Site' }).click();
  const share = page.getByRole('dialog', { name: 'Share Site' });
  await share.getByLabel('E-mail').fill(email);
  await share.getByLabel('E-mail').blur();
  await expect(share.getByText(/They will join Demo Integrator with access to this site only/)).toBeVisible();
  await share.getByRole('button', { name: 'Invite and share' }).click();
  await expect(toast(page, 'Site Access Created')).toBeVisible();
  await expect(share).toBeHidden();

  await expect(internal.getByRole('row').filter({ hasText: email })).toContainText('Invited');
  await expect(external.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await expect(external).toContainText('This site is not shared with anyone outside Demo Integrator yet.');
  await expect(page.getByRole('heading', { name: /External User Access\s*0/ })).toBeVisible();
});

test('a role-1 Full Access user: no actions on the accesses of the tenant’s staff, those of external users kept', async ({
  page,
  request,
}) => {
  const { token } = await apiSignIn(request, INTEGRATOR);
  const site = await apiCreateSite(request, token, `Ranks ${unique()}`);
  const headers = { authorization: `Bearer ${token}` };
  const userId = async (email: string) => {
    const response = await request.post('/api/global/find_user', {
      headers,
      data: { email, site_id: site.id },
    });
    return ((await response.json()) as { user: { id: number } }).user.id;
  };
  for (const [email, role] of [
    ['tech@asbuilt.demo', 3],
    ['owner@asbuilt.demo', 3],
    ['guest@asbuilt.demo', 1],
  ] as const) {
    const response = await request.post('/api/site/site_accesses', {
      headers,
      data: { site_id: site.id, user_id: await userId(email), email, user_role: role, unlimited: true },
    });
    expect(response.status()).toBe(200);
  }

  await signIn(page, 'tech@asbuilt.demo', { to: `/site/${site.id}/access` });
  const internal = page.getByRole('table', { name: 'Internal User Access' });
  const owner = internal.getByRole('row').filter({ hasText: 'owner@asbuilt.demo' });
  await expect(owner).toContainText('Only a higher role can change this access');
  await expect(owner.getByRole('button')).toHaveCount(0);
  const integrator = internal.getByRole('row').filter({ hasText: INTEGRATOR });
  await expect(integrator.getByRole('button')).toHaveCount(0);
  // An external user's access is the site tenant's to change.
  const guest = page
    .getByRole('table', { name: 'External User Access' })
    .getByRole('row')
    .filter({ hasText: 'guest@asbuilt.demo' });
  await expect(guest.getByRole('button', { name: /Edit Access/ })).toBeVisible();
});

test('an invitation link says what it is on opening: a fresh one names the site and the inviter, a used one asks to sign in', async ({
  page,
  request,
}) => {
  const { token, user } = await apiSignIn(request, INTEGRATOR);
  const hq = await apiSiteByName(request, token, 'Demo HQ');
  const email = `opened.${unique().toLowerCase()}@example.test`;
  const seen = await outboxFiles();
  const invited = await request.post('/api/tenant/users/invite_user', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, site_id: hq.id, user_role: 1 },
  });
  expect(invited.status()).toBe(200);
  const link = await waitForLink(email, seen);

  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('invite-from')).toHaveText(
    `${user.fname} ${user.lname} invited you to the site Demo HQ.`,
  );
  await expect(page.getByText(`Create your account for ${email}.`)).toBeVisible();
  await expect(page.getByLabel('First Name')).toBeVisible();

  // Used (here through the API), the same link shows no form, only the way to sign in.
  const signedUp = await request.post('/api/tenant/users/invite_sign_up', {
    data: {
      email,
      token: link.searchParams.get('token'),
      fname: 'Opened',
      lname: 'Once',
      password: 'welcome-42',
    },
  });
  expect(signedUp.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Invitation' })).toBeVisible();
  await expect(page.getByTestId('invite-used')).toContainText('This invitation was already used');
  await expect(page.getByLabel('First Name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
