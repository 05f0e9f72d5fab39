import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateSite, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

test('contacts of a site, registered and not; the site logs with before and after; the tenant logs by user', async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await apiSignIn(request, INTEGRATOR);
  const site = await apiCreateSite(request, token, `Contacts ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/contacts` });
  await expect(page.getByText('No contacts yet.')).toBeVisible();

  // A registered contact: the user's details come with the e-mail.
  await page.getByRole('button', { name: 'New Contact' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Contact' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('E-mail of the user').fill('tech@asbuilt.demo');
  await dialog.getByLabel('Job description').click();
  const details = dialog.getByRole('group', { name: "From the user's profile (read only)" });
  await expect(details).toContainText('Tom Peeters');
  await expect(details).toContainText('tech@asbuilt.demo');
  await dialog.getByLabel('Job description').fill('On-site technician');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Contact Created' })).toBeVisible();

  // An unregistered one, with a company typed.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'New Contact' }).click();
  dialog = page.getByRole('dialog', { name: 'New Contact' });
  await dialog.getByRole('button', { name: 'Unregistered' }).click();
  await dialog.getByLabel('First name').fill('Lotte');
  await dialog.getByLabel('Last name').fill('Wouters');
  await dialog.getByLabel('E-mail', { exact: true }).fill('lotte@elektro-wouters.example');
  await dialog.getByLabel('Phone', { exact: true }).fill('+32 9 222 33 44');
  await dialog.getByLabel('Company').fill('Elektro Wouters');
  await dialog.getByLabel('Job description').fill('Electrician');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('contact-card')).toHaveCount(2);
  const lotte = page.getByTestId('contact-card').filter({ hasText: 'Lotte Wouters' });
  await expect(lotte).toContainText('Elektro Wouters · Electrician');
  await expect(lotte.getByRole('link', { name: /\+32 9 222 33 44/ })).toHaveAttribute(
    'href',
    'tel:+3292223344',
  );
  await expect(lotte.getByRole('link', { name: /lotte@/ })).toHaveAttribute(
    'href',
    'mailto:lotte@elektro-wouters.example',
  );

  await dismissToasts(page);
  await lotte.getByRole('button', { name: 'Edit Lotte Wouters' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Contact' });
  await dialog.getByLabel('Job description').fill('Lead electrician');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Contact Updated' })).toBeVisible();
  await expect(lotte).toContainText('Lead electrician');

  // The site's logs hold the creation and the change, each with its before and after.
  await page.goto(`/site/${site.id}/logs`);
  const created = page.getByRole('row', { name: /Contact .*Lotte Wouters Created$/ });
  await expect(created).toHaveCount(1);
  await created.click();
  let changes = page.getByRole('dialog');
  await expect(changes.getByRole('row', { name: /^First name/ })).toContainText('—');
  await expect(changes.getByRole('row', { name: /^First name/ })).toContainText('Lotte');
  await changes.getByRole('button', { name: 'Close' }).click();
  // The action in the reader's words, with the field it changed.
  const updated = page.getByRole('row', { name: /Contact .*Updated: Job description$/ });
  await expect(updated).toContainText('Lotte Wouters');
  await updated.click();
  changes = page.getByRole('dialog');
  await expect(changes.getByRole('row', { name: /Electrician/ })).toContainText('Lead electrician');
  await changes.getByRole('button', { name: 'Close' }).click();

  // The tenant's logs, filtered to the integrator.
  await page.goto('/tenant/logs');
  await page.getByRole('button', { name: 'Filter' }).click();
  const menu = page.getByRole('dialog', { name: 'Filter the logs' });
  await menu.getByLabel('Sites').click();
  await page.getByRole('option', { name: site.name }).click();
  await menu.getByLabel('Users').click();
  await page.getByRole('option', { name: 'Iris Janssens' }).click();
  await menu.getByRole('button', { name: 'Apply' }).click();
  const rows = page.getByRole('table', { name: 'Activity log' }).getByRole('row');
  await expect(rows.filter({ hasText: /Updated: Job description/ })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Tom Peeters' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Demo HQ' })).toHaveCount(0);
});

test('@phone contacts in one column and the logs as a list, each entry opening its changes', async ({
  page,
}) => {
  await signIn(page, INTEGRATOR, { to: '/site/1/contacts' });
  const cards = page.getByTestId('contact-card');
  await expect(cards.first()).toBeVisible();
  const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  await expect(cards.first().getByRole('link').first()).toHaveAttribute('href', /^(tel|mailto):/);

  await page.goto('/site/1/logs');
  const entries = page.getByRole('list', { name: 'Activity log' }).getByRole('button');
  await expect(entries.first()).toBeVisible();
  // The newest entry, whatever other tests of this server wrote before: it opens its changes.
  const object = (await entries.first().innerText()).split('\n')[1]!;
  await entries.first().click();
  await expect(page.getByRole('dialog', { name: object })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
