import type { DeviceDto, ProductDto } from '@asbuilt/domain';
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiCreateSwitch, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const card = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });
const portItem = (page: Page, label: string) =>
  card(page)
    .getByRole('list', { name: 'Ports of this device' })
    .getByRole('listitem', { name: label, exact: true });

/** A fresh site with two devices of that product, A and B. */
async function twoSwitches(page: Page) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const tag = unique();
  const site = await apiCreateSite(page.request, token, `E2E Ports ${tag}`);
  const product = await apiCreateSwitch(page.request, token, `E2E Port Switch ${tag}`);
  const a = await apiCreateDevice(page.request, token, site.id, product.id, {
    code: `PA-${tag}`,
    name: 'Core switch',
  });
  const b = await apiCreateDevice(page.request, token, site.id, product.id, {
    code: `PB-${tag}`,
    name: 'Floor switch',
  });
  return { token, site, a, b };
}

async function apiPortId(page: Page, token: string, device: DeviceDto, label: string) {
  const response = await page.request.get(`/api/site/devices/ports?device_id=${device.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { ports } = (await response.json()) as { ports: { interface_id: number; label: string | null }[] };
  const port = ports.find((p) => p.label === label);
  expect(port, `port ${label}`).toBeDefined();
  return port!.interface_id;
}

test('ports: connect a port from the device card, see the far end and the trace, disconnect', async ({
  page,
}) => {
  test.slow();
  const { site, a, b } = await twoSwitches(page);

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${a.id}` });
  await expect(card(page).getByRole('heading', { name: 'Core switch' })).toBeVisible();
  await card(page).getByRole('tab', { name: 'Ports' }).click();

  // Each port of the product, with its connector, signal and direction, free.
  const lan1 = portItem(page, 'LAN 1');
  await expect(lan1).toContainText('RJ45 · Data · bi-directional');
  await expect(lan1).toContainText('Not connected');
  await expect(portItem(page, 'LAN 2')).toContainText('Not connected');

  // Connect LAN 1 to B's LAN 1.
  await lan1.getByRole('button', { name: 'Connect', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect LAN 1' });
  await dialog.getByRole('combobox', { name: 'Device B' }).fill(b.code!);
  await page.getByRole('option', { name: new RegExp(`^${b.code}`) }).click();
  await dialog.getByRole('combobox', { name: 'Port B' }).click();
  await page.getByRole('option', { name: /^LAN 1/ }).click();
  await expect(dialog.getByRole('combobox', { name: 'Port B' })).toContainText('LAN 1');
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('Cable C-0001 connected')).toBeVisible();
  await expect(dialog).toBeHidden();
  await dismissToasts(page);

  // The far end: B linked to its card, its port, the cable's code and status; no Connect any more.
  await expect(lan1.getByRole('link', { name: `${b.code} Floor switch` })).toBeVisible();
  await expect(lan1).toContainText('C-0001');
  await expect(lan1).toContainText('Planned');
  await expect(lan1.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0);
  await expect(portItem(page, 'LAN 2')).toContainText('Not connected');

  // The trace: A's LAN 1, cable C-0001, B's LAN 1.
  await lan1.getByRole('button', { name: 'Trace', exact: true }).click();
  const trace = lan1.getByRole('list', { name: 'Trace of LAN 1' });
  const hops = trace.getByTestId('trace-hop');
  await expect(hops).toHaveCount(2);
  await expect(hops.nth(0)).toContainText(a.code!);
  await expect(hops.nth(0)).toContainText('LAN 1');
  await expect(hops.nth(1)).toContainText(b.code!);
  await expect(hops.nth(1)).toContainText('LAN 1');
  await expect(trace).toContainText('C-0001');
  await lan1.getByRole('button', { name: 'Hide trace' }).click();
  await expect(trace).toHaveCount(0);

  // The same cable in the schedule and on the schematic, both drawn from the data.
  await page.goto(`/site/${site.id}/connections`);
  const row = page.getByRole('row', { name: /C-0001/ });
  await expect(row).toContainText(a.code!);
  await expect(row).toContainText(b.code!);
  await page.goto(`/site/${site.id}/schemas`);
  const diagram = page.getByRole('group', { name: 'Signal-flow diagram' });
  await expect(diagram.getByRole('button', { name: new RegExp(a.code!) })).toBeVisible();
  await expect(diagram.getByRole('button', { name: new RegExp(b.code!) })).toBeVisible();
  await expect(diagram.locator('[data-connection-id] > path:not([data-hit])')).toHaveCount(1);
  await page.goto(`/site/${site.id}/devices?device=${a.id}`);
  await card(page).getByRole('tab', { name: 'Ports' }).click();

  // The link opens B's card, whose LAN 1 leads back to A.
  await lan1.getByRole('link', { name: `${b.code} Floor switch` }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${site.id}/devices\\?device=${b.id}$`));
  await expect(card(page).getByRole('heading', { name: 'Floor switch' })).toBeVisible();
  await card(page).getByRole('tab', { name: 'Ports' }).click();
  const bLan1 = portItem(page, 'LAN 1');
  await expect(bLan1.getByRole('link', { name: `${a.code} Core switch` })).toBeVisible();

  // Disconnect, after the question: both ports are free again.
  await bLan1.getByRole('button', { name: 'Disconnect C-0001' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect C-0001?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Cable C-0001 disconnected')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(bLan1).toContainText('Not connected');
  await expect(bLan1.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await expect(bLan1.getByRole('link')).toHaveCount(0);
});

test('ports: a product without interfaces says where to add them', async ({ page }) => {
  const { token, site } = await twoSwitches(page);
  const response = await page.request.post('/api/tenant/products', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `E2E Portless ${unique()}` },
  });
  expect(response.status()).toBe(200);
  const { product } = (await response.json()) as { product: ProductDto };
  const device = await apiCreateDevice(page.request, token, site.id, product.id, { code: 'BLANK-1' });

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${device.id}` });
  await card(page).getByRole('tab', { name: 'Ports' }).click();
  await expect(
    card(page).getByText('This product lists no ports; add interfaces to the product in the catalogue.'),
  ).toBeVisible();
});

test('@phone ports: the trace runs down the screen, nothing wider than it', async ({ page }) => {
  const { token, site, a, b } = await twoSwitches(page);
  const response = await page.request.post('/api/site/connections', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      site_id: site.id,
      a_device_id: a.id,
      a_interface_id: await apiPortId(page, token, a, 'LAN 2'),
      b_device_id: b.id,
      b_interface_id: await apiPortId(page, token, b, 'LAN 2'),
    },
  });
  expect(response.status()).toBe(200);

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${a.id}` });
  await card(page).getByRole('tab', { name: 'Ports' }).click();
  const lan2 = portItem(page, 'LAN 2');
  await lan2.getByRole('button', { name: 'Trace', exact: true }).click();
  const hops = lan2.getByRole('list', { name: 'Trace of LAN 2' }).getByTestId('trace-hop');
  await expect(hops).toHaveCount(2);
  const first = (await hops.nth(0).boundingBox())!;
  const second = (await hops.nth(1).boundingBox())!;
  expect(second.y).toBeGreaterThan(first.y + first.height);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
