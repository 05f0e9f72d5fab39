import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

test('public device: share with a QR code and Copy URL, open it signed out, and signed in it opens the card', async ({
  page,
  context,
  browser,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const name = `E2E Public ${unique()}`;
  const site = await apiCreateSite(page.request, token, name);
  const productId = await apiProductId(page.request, token, site.id, PRODUCTS.camera.name);
  const device = await apiCreateDevice(page.request, token, site.id, productId, {
    code: 'PUB-01',
    type: 'Entrance camera',
    status: 'Commissioned',
  });

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${device.id}` });
  const sheet = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });
  await sheet.getByRole('button', { name: 'Device menu' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share Device' });
  const qr = share.getByRole('img', { name: 'QR code of the device page' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('width', '125');
  const url = await share.getByLabel('Public URL').inputValue();
  expect(url).toBe(`${new URL(page.url()).origin}/device/${device.public_hash}`);
  await share.getByRole('button', { name: 'Copy URL' }).click();
  await expect(page.getByText('URL copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // A visitor without a session (a new browser context): the public summary only.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(url);
  await expect(visitorPage.getByRole('heading', { name: PRODUCTS.camera.name })).toBeVisible();
  const facts = visitorPage.getByRole('definition');
  await expect(visitorPage.getByText(name)).toBeVisible();
  await expect(facts.filter({ hasText: 'Axis Communications' })).toBeVisible();
  await expect(facts.filter({ hasText: PRODUCTS.camera.model })).toBeVisible();
  await expect(facts.filter({ hasText: PRODUCTS.camera.category })).toBeVisible();
  await expect(facts.filter({ hasText: 'PUB-01' })).toBeVisible();
  await expect(facts.filter({ hasText: 'Entrance camera' })).toBeVisible();
  await expect(facts.filter({ hasText: 'Commissioned' })).toBeVisible();
  await expect(visitorPage).toHaveURL(url);

  // A forged link says so.
  await visitorPage.goto(`/device/${device.public_hash.slice(0, -2)}xx`);
  await expect(visitorPage.getByText('This device link is not valid')).toBeVisible();
  await visitor.close();

  // Signed in, the link leads to the device's card.
  await page.goto(url);
  await expect(page).toHaveURL(`/site/${site.id}/devices?device=${device.id}`);
  await expect(sheet.getByText('PUB-01')).toBeVisible();
});
