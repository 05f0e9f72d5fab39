/**
 * The keyboard alone (issue 47). Demo HQ's floorplan without a mouse: Tab reaches a room and a
 * marker, Enter selects the room and opens the device, the arrow keys move the marker and Enter
 * drops it (saved), Escape puts a moved marker back. The list view gives the floor's devices as a
 * table whose codes open the device card. Then the daily flows with no mouse event at all: sign in,
 * find a device (Ctrl+K) and open its card, edit a field and change the status, share a site,
 * reveal a secret.
 */
import type { DeviceDto, ListedDevice } from '@asbuilt/domain';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { DEMO_PASSWORD, signIn } from '../support/session.ts';
import {
  apiCreateDevice,
  apiCreateSite,
  apiProductId,
  apiSiteByName,
  apiSiteDevices,
  PRODUCTS,
  unique,
} from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const card = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });

/** Presses Tab until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, max = 400) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

const focusedDeviceId = (page: Page) =>
  page.evaluate(() => Number((document.activeElement as HTMLElement | null)?.dataset.deviceId));

/** Demo HQ's dashboard, opened on its first floor, with the site's devices as the API lists them. */
async function openHqDashboard(page: Page) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  await signIn(page, INTEGRATOR);
  await page.goto(`/v3/site/${hq.id}/dashboard`);
  await expect(page).toHaveURL(/floor=\d+/);
  const floorId = Number(new URL(page.url()).searchParams.get('floor'));
  const devices = await apiSiteDevices(page.request, token, hq.id);
  return { token, hq, floorId, devices };
}

/** A marker's position on screen: the centre of its disc. */
async function markerCentre(page: Page, id: number) {
  const box = await page.locator(`.plan-marker[data-device-id="${id}"] .plan-marker-disc`).boundingBox();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

test('keyboard floorplan: a room selected, a marker opened, put back after a move, then moved and dropped', async ({
  page,
}) => {
  test.slow();
  const { token, hq, devices } = await openHqDashboard(page);
  const canvas = page.getByTestId('plan-canvas');
  await expect(canvas.locator('.plan-marker').first()).toBeVisible();

  // The skip link first, then on from the content to a room of the plan: Enter selects it.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, '.plan-shape');
  const room = page.locator('.plan-shape:focus');
  const roomName = await room.getAttribute('aria-label');
  expect(roomName).toBeTruthy();
  await expect(room).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('location-panel')).toContainText(roomName!);
  await expect(page.locator('.plan-shape:focus')).toHaveAttribute('aria-pressed', 'true');

  // On to a marker, named by the device's code and status.
  await tabTo(page, '.plan-marker');
  const id = await focusedDeviceId(page);
  const device = devices.find((d) => d.id === id) as ListedDevice;
  expect(device?.code && device.status, 'a marked device with a code and a status').toBeTruthy();
  const marker = canvas.locator(`.plan-marker[data-device-id="${id}"]`);
  await expect(marker).toHaveAccessibleName(new RegExp(`^${device.code}, .*${device.status}$`));

  // Enter opens the device; Escape closes it and the focus goes back to the marker.
  await page.keyboard.press('Enter');
  await expect(card(page).getByText(device.code!, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card(page)).toBeHidden();
  await expect(marker).toBeFocused();

  // The arrow keys move it on screen; Escape puts it back, nothing sent.
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/site/devices')) puts.push(r.url());
  });
  const start = await markerCentre(page, id);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const down = await markerCentre(page, id);
  expect(down.y - start.y).toBeGreaterThan(10);
  expect(Math.abs(down.x - start.x)).toBeLessThan(1);
  await page.keyboard.press('Escape');
  const back = await markerCentre(page, id);
  expect(Math.hypot(back.x - start.x, back.y - start.y)).toBeLessThan(1);
  await expect(marker).toBeFocused();
  expect(puts).toEqual([]);

  // Three steps right and Enter: the position is saved.
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/devices') && r.request().method() === 'PUT',
  );
  await page.keyboard.press('Enter');
  expect((await placed).status()).toBe(200);
  const moved = (await apiSiteDevices(page.request, token, hq.id)).find((d) => d.id === id)!;
  expect(moved.plan_x!).toBeGreaterThan(device.plan_x! + 1);
  expect(Math.abs(moved.plan_y! - device.plan_y!)).toBeLessThan(0.01);
  await expect(card(page)).toBeHidden();
  const dropped = await markerCentre(page, id);
  expect(dropped.x - start.x).toBeGreaterThan(10);
  await expect(marker).toBeFocused();

  // Demo HQ as it was, for the specs after this one.
  const restore = await page.request.put('/api/site/devices', {
    headers: { authorization: `Bearer ${token}` },
    data: { id, plan_x: device.plan_x, plan_y: device.plan_y, on_plan: true },
  });
  expect(restore.status()).toBe(200);
  expect(((await restore.json()) as { device: DeviceDto }).device.location_id).toBe(device.location_id);
});

test('keyboard floorplan: the list view gives the floor devices as a table whose codes open them', async ({
  page,
}) => {
  const { floorId, devices } = await openHqDashboard(page);
  const ofFloor = devices.filter((d) => d.floor_id === floorId && !d.archived);
  expect(ofFloor.length).toBeGreaterThan(0);
  await expect(page.getByTestId('plan-canvas')).toBeVisible();

  const toggle = page.getByRole('button', { name: 'List view' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await tabTo(page, '[aria-pressed][aria-label="List view"]');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('plan-canvas')).toBeHidden();

  // The dashboard opens on the first floor, Demo HQ's ground floor.
  const table = page.getByRole('table', { name: `${ofFloor.length} devices on Ground Floor` });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Code', 'Name', 'Status', 'Room']);
  await expect(table.getByRole('row')).toHaveCount(ofFloor.length + 1);

  // A device in a room: its row says so, and its code opens its card.
  const device = ofFloor.find((d) => d.code && d.status && d.location_id)!;
  const row = table.locator(`tr[data-device-id="${device.id}"]`);
  await expect(row.getByRole('cell').nth(1)).toHaveText(device.status!);
  await expect(row.getByRole('cell').nth(2)).not.toHaveText('No room');
  await tabTo(page, `tr[data-device-id="${device.id}"] button`);
  await expect(row.getByRole('button', { name: device.code! })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card(page).getByText(device.code!, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card(page)).toBeHidden();
  await expect(row.getByRole('button', { name: device.code! })).toBeFocused();

  // Back to the plan.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('plan-canvas')).toBeVisible();
});

/** Presses Tab until `target` has the focus; fails after `max` presses. */
async function tabToControl(page: Page, target: Locator, max = 200) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Signs in with the keyboard alone, from the sign-in page. */
async function keyboardSignIn(page: Page, email: string) {
  await page.goto('/login');
  await tabToControl(page, page.getByLabel('Username or Email'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sites$/);
}

test('keyboard only: sign in, find a device with Ctrl+K, edit a field and change its status', async ({
  page,
}) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Keys ${unique()}`);
  const productId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  const code = `KEY-${unique()}`;
  const device = await apiCreateDevice(page.request, token, site.id, productId, { code });

  await keyboardSignIn(page, INTEGRATOR);
  await expect(page.getByTestId('global-search-button')).toBeVisible();
  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: 'Search everything' });
  await expect(box.getByRole('combobox', { name: 'Search everything' })).toBeFocused();
  await page.keyboard.type(code);
  await expect(box.getByTestId('search-result').first()).toContainText(code);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/site/${site.id}/devices\\?device=${device.id}$`));
  const sheet = card(page);
  await expect(sheet.getByText(code, { exact: true }).first()).toBeVisible();

  // A field: Show more, Edit Serial Number, type, Enter.
  await tabToControl(page, sheet.getByRole('button', { name: 'Show more properties' }));
  await page.keyboard.press('Enter');
  await tabToControl(page, sheet.getByRole('button', { name: 'Edit Serial Number' }));
  await page.keyboard.press('Enter');
  await expect(sheet.getByRole('textbox', { name: 'Serial Number' })).toBeFocused();
  await page.keyboard.type('SN-KEYS-1');
  const edit = page.waitForRequest((r) => r.url().endsWith('/api/site/devices') && r.method() === 'PUT');
  await page.keyboard.press('Enter');
  expect((await edit).postDataJSON()).toMatchObject({ id: device.id, sn: 'SN-KEYS-1' });
  await expect(sheet.getByText('SN-KEYS-1')).toBeVisible();

  // The status: the list opens with the arrow key, Enter picks.
  const status = sheet.getByRole('combobox', { name: 'Status' });
  await tabToControl(page, status);
  await page.keyboard.press('ArrowDown');
  const installed = page.getByRole('option', { name: 'Installed' });
  await expect(installed).toBeVisible();
  for (let i = 0; i < 20 && !(await installed.evaluate((el) => el === document.activeElement)); i += 1)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(status).toContainText('Installed');
  // The field keeps the focus while the change is saved, so the keyboard goes on from there.
  await expect(status).toBeFocused();
  const stored = (await apiSiteDevices(page.request, token, site.id)).find((d) => d.id === device.id);
  expect(stored).toMatchObject({ sn: 'SN-KEYS-1', status: 'Installed' });
});

test('keyboard only: share a site from its Access page, reveal a secret in the vault', async ({ page }) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Keys share ${unique()}`);
  const email = `keys-${unique()}@example.com`.toLowerCase();
  await keyboardSignIn(page, INTEGRATOR);

  await page.goto(`/site/${site.id}/access`);
  const shareButton = page.getByRole('button', { name: 'Share Site' });
  await tabToControl(page, shareButton);
  await page.keyboard.press('Enter');
  const share = page.getByRole('dialog', { name: 'Share Site' });
  await tabToControl(page, share.getByLabel('E-mail'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(share.getByText(/an invitation to sign up will be sent/)).toBeVisible();
  await tabToControl(page, share.getByRole('button', { name: 'Invite and share' }));
  await page.keyboard.press('Enter');
  await expect(share).toBeHidden();
  await expect(shareButton).toBeFocused();
  const internal = page.getByRole('table', { name: 'Internal User Access' });
  await expect(internal.getByRole('row').filter({ hasText: email })).toBeVisible();

  // Demo HQ's vault: the seeded switch password, shown by the keyboard.
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  await page.goto(`/site/${hq.id}/vault`);
  const secret = page.getByTestId('secret').filter({ hasText: 'Core switch admin' });
  await expect(secret).not.toContainText('Sw!tch-HQ-2025');
  await tabToControl(page, secret.getByRole('button', { name: 'Show the password of Core switch admin' }));
  await page.keyboard.press('Enter');
  await expect(secret).toContainText('Sw!tch-HQ-2025');
});

test('@phone list view: the floor devices as a table below the floors button, a code opens the card', async ({
  page,
}) => {
  const { floorId, devices } = await openHqDashboard(page);
  const ofFloor = devices.filter((d) => d.floor_id === floorId && !d.archived);
  await page.getByRole('button', { name: 'List view' }).tap();
  const table = page.getByRole('table', { name: `${ofFloor.length} devices on Ground Floor` });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(ofFloor.length + 1);
  // The floors button laid over the top leaves the caption readable.
  const floors = await page.getByRole('button', { name: 'Ground Floor' }).boundingBox();
  const caption = await table.locator('caption').boundingBox();
  expect(caption!.y).toBeGreaterThanOrEqual(floors!.y + floors!.height);
  const device = ofFloor.find((d) => d.code)!;
  await table.getByRole('button', { name: device.code! }).tap();
  await expect(card(page).getByText(device.code!, { exact: true }).first()).toBeVisible();
});
