/**
 * The keyboard alone (issue 47). Demo HQ's floorplan without a mouse: Tab reaches a room and a
 * marker, Enter selects the room and opens the device, the arrow keys move the marker and Enter
 * drops it (saved), Escape puts a moved marker back. The list view gives the floor's devices as a
 * table whose codes open the device card. Then the daily flows with no mouse event at all: sign in,
 * find a device (Ctrl+K) and open its card, edit a field and change the status, share a site,
 * reveal a secret, add a room, answer a ticket. Each dialog gives the focus back to what opened it.
 */
import type { DeviceDto, ListedDevice } from '@asbuilt/domain';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { deviceCard } from '../support/device-card.ts';
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
  await signIn(page, INTEGRATOR, { to: `/v3/site/${hq.id}/dashboard` });
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
  await expect(deviceCard(page).getByText(device.code!, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(deviceCard(page)).toBeHidden();
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
  await expect(deviceCard(page)).toBeHidden();
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
  await expect(deviceCard(page).getByText(device.code!, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(deviceCard(page)).toBeHidden();
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
  // The e-mail first (issue 46): Enter continues to the password, which takes the focus.
  await page.keyboard.press('Enter');
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
  const sheet = deviceCard(page);
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
  await expect(deviceCard(page).getByText(device.code!, { exact: true }).first()).toBeVisible();
});

/**
 * Signed in by token, without the sign-in screen (its keyboard walk is the test above): the flows
 * below start on a page of the app, still with no mouse event.
 */
async function tokenSignIn(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('asbuilt.token', value), token);
}

test('keyboard only: add a room on the Locations page; the focus goes back to the button that opened the form', async ({
  page,
}) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Keys rooms ${unique()}`);
  const floor = await page.request.post('/api/site/floors', {
    headers: { authorization: `Bearer ${token}` },
    data: { site_id: site.id, name: 'Level 2', code: 'L2' },
  });
  expect(floor.status()).toBe(200);
  await tokenSignIn(page, token);

  await page.goto(`/site/${site.id}/locations`);
  const add = page.getByRole('button', { name: 'Add a location to Level 2' });
  await tabToControl(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Location' });
  // The form opens with its first field focused.
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await page.keyboard.type('Meeting Room K');
  await tabToControl(page, dialog.getByRole('textbox', { name: 'Code', exact: true }));
  await page.keyboard.type('L2-K');
  const type = dialog.getByRole('combobox', { name: 'Location Type' });
  await tabToControl(page, type);
  await page.keyboard.press('ArrowDown');
  const room = page.getByRole('option', { name: 'Room', exact: true });
  await expect(room).toBeVisible();
  for (let i = 0; i < 20 && !(await room.evaluate((el) => el === document.activeElement)); i += 1)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(type).toHaveText('Room');
  await tabToControl(page, dialog.getByRole('button', { name: 'Create' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Meeting Room K', level: 2 })).toBeVisible();
  await expect(add).toBeFocused();

  const stored = await page.request.get(`/api/site/refresh_site?id=${site.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { site: detail } = (await stored.json()) as {
    site: { floors: { locations: { name: string; code: string | null; location_type: string | null }[] }[] };
  };
  expect(detail.floors[0]!.locations).toEqual([
    expect.objectContaining({ name: 'Meeting Room K', code: 'L2-K', location_type: 'room' }),
  ]);
});

test('keyboard only: answer a ticket from the support page; the focus goes back to the ticket', async ({
  page,
}) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Keys tickets ${unique()}`);
  const subject = `Keys ticket ${unique()}`;
  const created = await page.request.post('/api/support/tickets', {
    headers: { authorization: `Bearer ${token}` },
    data: { site_id: site.id, subject, messageBody: 'The projector in room 2 shows no picture.' },
  });
  expect(created.status()).toBe(200);
  await tokenSignIn(page, token);

  await page.goto(`/site/${site.id}/support`);
  const view = page.getByRole('button', { name: `View ticket ${subject}` });
  await tabToControl(page, view);
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: /^Messages/ }) });
  await expect(sheet.getByText('The projector in room 2 shows no picture.')).toBeVisible({ timeout: 15_000 });
  const message = sheet.getByLabel('Write a message');
  await tabToControl(page, message);
  await page.keyboard.type('The lamp is replaced on Tuesday.');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/global/messages'));
  await page.keyboard.press('Enter');
  expect((await sent).status()).toBe(200);
  await expect(sheet.getByText('The lamp is replaced on Tuesday.')).toBeVisible();
  await expect(message).toHaveValue('');
  // The toast is announced though the sheet, a modal, hides the rest of the page.
  await expect(page.getByRole('alert').filter({ hasText: 'Message Sent' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(view).toBeFocused();
});

test('keyboard only: confirmations give the focus back to what opened them (revoke a token, delete a webhook)', async ({
  page,
}) => {
  // The profile page has many controls before its tokens: a long walk with Tab.
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const name = `Keys token ${unique()}`;
  const made = await page.request.post('/api/global/me/tokens', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, scope: 'read' },
  });
  expect(made.status()).toBe(200);
  const url = `http://127.0.0.1:9/keys-${unique().toLowerCase()}`;
  const hook = await page.request.post('/api/tenant/webhooks', {
    headers: { authorization: `Bearer ${token}` },
    data: { url, events: ['device.updated'] },
  });
  expect(hook.status()).toBe(200);
  await tokenSignIn(page, token);

  await page.goto('/profile');
  const revoke = page.getByRole('button', { name: `Revoke ${name}` });
  await tabToControl(page, revoke);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' });
  await expect(confirm.getByRole('button', { name: 'Revoke' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(revoke).toBeFocused();

  await page.goto('/tenant/settings/webhooks');
  const remove = page.getByRole('listitem', { name: url }).getByRole('button', { name: 'Delete' });
  await tabToControl(page, remove);
  await page.keyboard.press('Enter');
  const sure = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
  await expect(sure).toBeVisible();
  await tabToControl(page, sure.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  await expect(sure).toBeHidden();
  await expect(remove).toBeFocused();
});
