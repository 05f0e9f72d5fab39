import { apiSignIn } from '../support/api.ts';
import { writeTempPng } from '../support/files.ts';
import { signIn, signOut } from '../support/session.ts';
import { apiCreateSite, apiSiteByName, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const TECH = 'tech@asbuilt.demo';

test('sites: an integrator creates a site with an image; its card comes first and opens the dashboard', async ({
  page,
}) => {
  const name = `E2E Site ${unique()}`;
  const imagePath = await writeTempPng(`site-${unique()}`);
  await signIn(page, INTEGRATOR);
  await page.getByRole('button', { name: 'New Site' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Site' });

  // Name and Customer are required.
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Customer is required')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload Image' }).click();
  await (await chooser).setFiles(imagePath);
  await expect(dialog.getByRole('img', { name: 'Site image' })).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: 'Acme Offices' }).click();
  await dialog.getByLabel('City').fill('Ghent');
  await dialog.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'Belgium' }).click();

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/sites') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create' }).click();
  const body = (await created).request().postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ name, city: 'Ghent', country: 'Belgium', site_status: true });
  expect(String(body.image)).toMatch(/^sites\//);
  await expect(page.getByText(`Site ${name} Created`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Sorted by the last update: the new site is the first card.
  const cards = page.getByRole('list', { name: 'Sites' }).getByRole('listitem');
  await expect(cards.first()).toContainText(name);
  await page.getByRole('searchbox', { name: 'Search sites' }).fill(name.toLowerCase());
  await expect(cards).toHaveCount(1);
  await cards.first().getByRole('link').click();

  await expect(page).toHaveURL(/\/site\/\d+\/dashboard$/);
  await expect(page.getByTestId('header-title')).toHaveText(`${name} · Dashboard`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Acme Offices')).toBeVisible();
  await expect(page.getByText('Demo Integrator')).toBeVisible();
  await expect(page.getByRole('link', { name: '0 Devices' })).toBeVisible();
  await expect(page.getByRole('link', { name: '0 Locations' })).toBeVisible();
  await expect(page.getByRole('link', { name: '1 Access' })).toBeVisible();
  // The creation is in the activity panel.
  await expect(
    page.getByRole('list', { name: 'Latest activity' }).getByRole('listitem').first(),
  ).toContainText(`${name} · Created`);

  await page.getByRole('link', { name: '0 Devices' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByTestId('header-title')).toHaveText(`${name} · Devices`);
});

test('sites: the site layout follows the site permission; Exit Site leaves', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  await signIn(page, INTEGRATOR, { to: `/site/${hq.id}/dashboard` });
  const nav = page.getByRole('navigation', { name: 'Site' });
  for (const label of [
    'Dashboard',
    'Devices',
    'Locations',
    'Attachments',
    'Logs',
    'Vault',
    'Access',
    'Config',
  ]) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(page.getByRole('list', { name: 'Latest activity' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'View more' })).toHaveAttribute('href', `/site/${hq.id}/logs`);

  // The shortcut menu holds the site pages, with the admin shortcuts at Full Access.
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
  for (const label of ['Contacts', 'Access', 'Logs', 'Config']) {
    await expect(shortcuts.getByRole('link', { name: label })).toBeVisible();
  }
  await shortcuts.getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(`/site/${hq.id}/contacts`);
  await expect(page.getByTestId('header-title')).toHaveText('Demo HQ · Contacts');

  await nav.getByRole('link', { name: 'Exit Site' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByTestId('header-title')).toHaveText('Asbuilt');
});

test('sites: a Reader sees the Reader pages only', async ({ page }) => {
  const { token } = await apiSignIn(page.request, TECH);
  const warehouse = await apiSiteByName(page.request, token, 'Demo Warehouse');
  await signIn(page, TECH, { to: `/site/${warehouse.id}/dashboard` });
  const nav = page.getByRole('navigation', { name: 'Site' });
  await expect(nav.getByRole('link', { name: 'Devices' })).toBeVisible();
  for (const label of ['Logs', 'Vault', 'Access', 'Config']) {
    await expect(nav.getByRole('link', { name: label })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'View more' })).toHaveCount(0);
  // The activity is the Logs page's (Contributor and above): no panel for a Reader.
  await expect(page.getByRole('heading', { name: 'Activity' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
  await expect(shortcuts.getByRole('link', { name: 'Contacts' })).toBeVisible();
  await expect(shortcuts.getByRole('link', { name: 'Config' })).toHaveCount(0);
  // No New Site for role 1.
  await page.keyboard.press('Escape');
  await page.goto('/sites');
  await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Site' })).toHaveCount(0);
});

test('sites: a user without access to a site is sent back to /sites', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const clinic = await apiSiteByName(page.request, token, 'Demo Clinic');
  const other = await apiCreateSite(page.request, token, `E2E Private ${unique()}`);

  await signIn(page, TECH, { to: `/site/${clinic.id}/devices` });
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByText('You have no access to this site')).toBeVisible();

  // A new site of the tech's own tenant without an access record for a role-1 user, and an unknown id.
  await page.goto(`/site/${other.id}/dashboard`);
  await expect(page).toHaveURL(/\/sites$/);
  await page.goto('/site/999999/dashboard');
  await expect(page).toHaveURL(/\/sites$/);
});

test('@phone the site dashboard on a phone: all three tiles, the site menu folded until opened', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  await signIn(page, INTEGRATOR, { to: `/site/${hq.id}/dashboard` });
  await expect(page.getByRole('heading', { name: 'Demo HQ', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^[\d,.\s]+ Devices$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^[\d,.\s]+ Locations$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^[\d,.\s]+ Access$/ })).toBeVisible();

  // Folded: one line above the page, the tiles out of sight and out of the accessibility tree.
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const nav = page.getByRole('navigation', { name: 'Site' });
  await expect(nav).toHaveCount(0);
  const picture = page.getByRole('heading', { name: 'Demo HQ', level: 1 });
  const top = (await picture.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(top).toBeLessThan(page.viewportSize()!.height / 2);

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Exit Site' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  // The choice is the user's: it outlives a reload.
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Devices' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Site' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: /^[\d,.\s]+ Locations$/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Site' })).toHaveCount(0);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('sites: a customer created on the Customers page is offered by New Site without a reload', async ({
  page,
}) => {
  const tag = unique();
  const customer = `Harbour Lofts ${tag}`;
  await signIn(page, INTEGRATOR);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The site index (with the customers) is read on the way in and kept.
  await expect(page.getByRole('list', { name: 'Sites' })).toBeVisible();
  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/tenant\/customers$/);
  await page.getByRole('button', { name: 'New Customer' }).click();
  const created = page.getByRole('dialog', { name: 'New Customer' });
  await created.getByLabel('Name').fill(customer);
  await created.getByLabel('Code').fill(`HL${tag}`);
  await created.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Customer Created')).toBeVisible();

  await nav.getByRole('link', { name: 'Sites' }).click();
  await page.getByRole('button', { name: 'New Site' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Site' });
  await dialog.getByRole('combobox', { name: 'Customer' }).click();
  await expect(page.getByRole('option', { name: customer })).toBeVisible();
});

test('sites: New Site creates its customer on the spot and picks it', async ({ page }) => {
  const tag = unique();
  const customer = `Quay Offices ${tag}`;
  const name = `E2E Quay ${tag}`;
  await signIn(page, INTEGRATOR);
  await page.getByRole('button', { name: 'New Site' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Site' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'New Customer' }).click();
  const inline = page.getByRole('dialog', { name: 'New Customer' });
  await inline.getByLabel('Name').fill(customer);
  await inline.getByLabel('Code').fill(`QO${tag}`);
  await inline.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Customer Created')).toBeVisible();
  await expect(inline).toHaveCount(0);
  // Back in the site form, still open, with the new customer chosen.
  await expect(dialog.getByRole('combobox', { name: 'Customer' })).toHaveText(customer);
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Site ${name} Created`)).toBeVisible();

  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiSiteByName(page.request, token, name);
  const detail = await page.request.get(`/api/site/refresh_site?id=${site.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(detail.status()).toBe(200);
  expect(await detail.text()).toContain(customer);
});

test('sites: Companies, Customers and Support are in the main navigation, highlighted when open', async ({
  page,
}) => {
  await signIn(page, INTEGRATOR);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sites' })).toHaveAttribute('aria-current', 'page');
  for (const [label, url] of [
    ['Companies', /\/tenant\/companies$/],
    ['Customers', /\/tenant\/customers$/],
    ['Support', /\/support$/],
  ] as const) {
    const link = nav.getByRole('link', { name: label });
    await expect(link).not.toHaveAttribute('aria-current', 'page');
    await link.click();
    await expect(page).toHaveURL(url);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Sites' })).not.toHaveAttribute('aria-current', 'page');
  }

  // A role-1 user gets Support, not the catalogue pages (their calls refuse role 1).
  await signOut(page);
  await signIn(page, TECH);
  const techNav = page.getByRole('navigation', { name: 'Main' });
  await expect(techNav.getByRole('link', { name: 'Support' })).toBeVisible();
  await expect(techNav.getByRole('link', { name: 'Companies' })).toHaveCount(0);
  await expect(techNav.getByRole('link', { name: 'Customers' })).toHaveCount(0);
});
