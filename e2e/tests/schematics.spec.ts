/**
 * The signal-flow schematic (/site/{id}/schemas) on Demo HQ's demo cabling: device boxes and
 * cables are drawn; the Audio chip leaves the microphone-to-speaker chain and drops the network;
 * a box opens its device's card. And a site without cables says where to add them.
 */
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateSite, apiSiteByName, apiSiteDevices, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const diagram = (page: Page) => page.getByRole('group', { name: 'Signal-flow diagram' });
/** A device's box, by a part of its code and name. */
const box = (page: Page, name: string) => diagram(page).getByRole('button', { name: new RegExp(name) });
/** The drawn cables, not their wider invisible hit areas. */
const cablePaths = (page: Page) => diagram(page).locator('[data-connection-id] > path:not([data-hit])');
const card = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });

test('schematics: Demo HQ drawn, filtered to Audio, a box opens the device card', async ({ page }) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiSiteByName(page.request, token, 'Demo HQ');
  const dsp = (await apiSiteDevices(page.request, token, site.id)).find((d) => d.name === 'Audio DSP Alpha');
  expect(dsp, 'the demo AV chain').toBeDefined();

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/schemas` });
  await expect(page.getByRole('heading', { name: 'Schematics' })).toBeVisible();

  // The whole site: the network in the rack and the AV chain of the meeting room.
  await expect(box(page, 'Edge firewall')).toBeVisible({ timeout: 30_000 });
  await expect(box(page, 'Audio DSP Alpha')).toBeVisible();
  await expect(box(page, 'Patch panel A')).toBeVisible();
  await expect.poll(() => cablePaths(page).count()).toBeGreaterThan(20);
  await expect(page.getByText('Laying out the diagram…')).toHaveCount(0);

  // Audio only: the microphones, the DSP, the amplifier and the speakers; no network gear.
  const audio = page.getByRole('button', { name: 'Audio', exact: true });
  await audio.click();
  await expect(audio).toHaveAttribute('aria-pressed', 'true');
  await expect(box(page, 'Edge firewall')).toHaveCount(0, { timeout: 30_000 });
  await expect(box(page, 'Patch panel A')).toHaveCount(0);
  await expect(box(page, 'Audio DSP Alpha')).toBeVisible();
  await expect(box(page, 'Zone amplifier Alpha')).toBeVisible();
  await expect(box(page, 'Chair microphone')).toBeVisible();
  await expect(box(page, 'Ceiling speaker Alpha left')).toBeVisible();
  const audioCables = await cablePaths(page).count();
  expect(audioCables).toBeGreaterThanOrEqual(5);
  expect(audioCables).toBeLessThan(20);
  await expect(page.getByText(/\d+ devices and \d+ cables\./)).toBeVisible();

  // A box opens the device's card on the devices page.
  await box(page, 'Audio DSP Alpha').click();
  await expect(page).toHaveURL(new RegExp(`/site/${site.id}/devices\\?device=${dsp!.id}$`));
  await expect(card(page)).toBeVisible();
});

test('schematics: a site without cables says where to add them', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Schematics ${unique()}`);

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/schemas` });
  await expect(page.getByRole('heading', { name: 'No cables yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Connections' }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${site.id}/connections$`));
});
