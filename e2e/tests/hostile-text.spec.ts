import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 15: stored text with HTML or script is shown as text on every screen that shows it, and
 * the pages run under the server's Content-Security-Policy without a single violation.
 */
const INTEGRATOR = 'integrator@asbuilt.demo';
const HOSTILE = '<img src=x onerror=alert(1)>';

/** Every dialog the page opens (alert, confirm); CSP violations fail any test (support/test.ts). */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { dialogs };
}

test('hostile text in a device, a note, a contact and a ticket message stays text', async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await apiSignIn(request, INTEGRATOR);
  const headers = { authorization: `Bearer ${token}` };
  const site = await apiCreateSite(request, token, `Hostile ${unique()}`);
  const productId = await apiProductId(request, token, site.id, PRODUCTS.switch.name);
  const device = await apiCreateDevice(request, token, site.id, productId, {
    code: HOSTILE,
    name: `${HOSTILE} switch`,
    note: `note ${HOSTILE}`,
  });
  const contact = await request.post('/api/site/contacts', {
    headers,
    data: { site_id: site.id, fname: HOSTILE, lname: 'Peeters', job_description: HOSTILE },
  });
  expect(contact.status()).toBe(200);
  const ticket = await request.post('/api/support/tickets', {
    headers,
    data: { site_id: site.id, subject: `Ticket ${HOSTILE}`, messageBody: `message ${HOSTILE}` },
  });
  expect(ticket.status()).toBe(200);

  const seen = watch(page);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  await expect(page.getByRole('cell', { name: HOSTILE, exact: true })).toBeVisible();
  await page.getByRole('cell', { name: HOSTILE, exact: true }).click();
  const card = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });
  await expect(card).toBeVisible();
  await expect(card.getByText(`${HOSTILE} switch`).first()).toBeVisible();
  await expect(card.getByText(`note ${HOSTILE}`)).toBeVisible();

  await page.goto(`/site/${site.id}/contacts`);
  await expect(page.getByTestId('contact-card')).toContainText(HOSTILE);

  await page.goto(`/site/${site.id}/support`);
  await expect(page.getByText(`Ticket ${HOSTILE}`).first()).toBeVisible();
  await page
    .getByRole('button', { name: `View ticket Ticket ${HOSTILE}` })
    .first()
    .click();
  await expect(page.getByText(`message ${HOSTILE}`)).toBeVisible();

  // The text arrived as text: no element was made of it, no script ran.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(seen.dialogs).toEqual([]);
  expect(device.name).toBe(`${HOSTILE} switch`);
});

test('the main screens run under the Content-Security-Policy without a violation', async ({ page }) => {
  await signIn(page, INTEGRATOR);
  for (const path of ['/sites', '/tenant/products', '/tenant/companies', '/support', '/profile']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }
  const policy = (await page.request.get('/sites')).headers()['content-security-policy'];
  expect(policy).toContain("script-src 'self'");
});
