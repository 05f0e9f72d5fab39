/**
 * The floorplan dashboard (/v3/site/{id}/dashboard): a site with two floors, two rooms with
 * polygons, a zone and a device placed in the first room, all made through the API. The first
 * floor opens selected; the layers toggle (locations and zones exclude each other); dragging the
 * device's marker into the other room moves it there, and the device card says so.
 */
import type { DeviceDto, FloorDto, LocationDto } from '@asbuilt/domain';
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { deviceCard } from '../support/device-card.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

async function call<T>(
  page: Page,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  data: object,
): Promise<T> {
  const response = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Level 0 with Room A (100..400), Room B (500..900) and a North Wing zone over y 50..300. */
async function planFloor(page: Page, token: string, siteId: number) {
  const { floor } = await call<{ floor: FloorDto }>(page, token, 'POST', '/api/site/floors', {
    site_id: siteId,
    name: 'Level 0',
    code: 'L0',
  });
  const room = async (name: string, polygon: string) => {
    const { location } = await call<{ location: LocationDto }>(page, token, 'POST', '/api/site/locations', {
      floor_id: floor.id,
      name,
      code: name.replace(' ', '-'),
      location_type: 'room',
    });
    await call(page, token, 'PUT', '/api/site/locations', { id: location.id, polygon });
    return location;
  };
  const roomA = await room('Room A', '100,100 400,100 400,500 100,500');
  const roomB = await room('Room B', '500,100 900,100 900,500 500,500');
  const { zone } = await call<{ zone: { id: number } }>(page, token, 'POST', '/api/site/zones', {
    site_id: siteId,
    floor_id: floor.id,
    name: 'North Wing',
    code: 'NW',
    polygon: '50,50 950,50 950,300 50,300',
  });
  return { floor, roomA, roomB, zone };
}

const layerSwitch = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });

test('floorplan dashboard: first floor selected, layers, and a device dragged into another room', async ({
  page,
}) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Plan ${unique()}`);
  const { floor: level0, roomA, roomB } = await planFloor(page, token, site.id);
  await call(page, token, 'POST', '/api/site/floors', { site_id: site.id, name: 'Level 1', code: 'L1' });
  const productId = await apiProductId(page.request, token, site.id, PRODUCTS.camera.name);
  const created = await apiCreateDevice(page.request, token, site.id, productId, {
    floor_id: level0.id,
    location_id: roomA.id,
    code: 'CAM-PLAN-1',
  });
  const { device } = await call<{ device: DeviceDto }>(page, token, 'PUT', '/api/site/devices', {
    id: created.id,
    plan_x: 250,
    plan_y: 300,
    on_plan: true,
  });
  expect(device.location_id).toBe(roomA.id);

  await signIn(page, INTEGRATOR, { to: `/v3/site/${site.id}/dashboard` });

  // The first floor is selected: its row, the panel, the URL.
  const panel = page.getByTestId('location-panel');
  await expect(panel).toContainText('Level 0');
  await expect(panel).toContainText('2 locations');
  await expect(page.getByRole('button', { name: /^Level 0/ })).toHaveAttribute('aria-current', 'true');
  await expect(page).toHaveURL(new RegExp(`floor=${level0.id}`));
  const canvas = page.getByTestId('plan-canvas');
  await expect(canvas.locator('[data-kind="locations"] .plan-shape')).toHaveCount(2);
  const marker = canvas.locator(`.plan-marker[data-device-id="${device.id}"]`);
  await expect(marker).toBeVisible();

  // Layers: Floorplan and Locations on, Zones and Labels off; zones and locations exclude each other.
  await page.getByRole('button', { name: 'Layers' }).click();
  await expect(layerSwitch(page, 'Floorplan')).toBeChecked();
  await expect(layerSwitch(page, 'Locations')).toBeChecked();
  await expect(layerSwitch(page, 'Zones')).not.toBeChecked();
  await expect(layerSwitch(page, 'Labels')).not.toBeChecked();
  await layerSwitch(page, 'Zones').click();
  await expect(layerSwitch(page, 'Locations')).not.toBeChecked();
  await expect(canvas.locator('[data-kind="zones"] .plan-shape')).toHaveCount(1);
  await layerSwitch(page, 'Labels').click();
  await expect(canvas.locator('.plan-label')).toHaveText(['North Wing']);
  await layerSwitch(page, 'Locations').click();
  await expect(layerSwitch(page, 'Zones')).not.toBeChecked();
  await expect(canvas.locator('.plan-label')).toHaveText(['Room A', 'Room B']);
  // Devices off and on again.
  await layerSwitch(page, 'Devices').click();
  await expect(marker).toHaveCount(0);
  await layerSwitch(page, 'Devices').click();
  await expect(marker).toBeVisible();
  await page.getByRole('button', { name: 'Close the menu' }).click();

  // Drag the marker from Room A into Room B.
  const target = await canvas.locator(`.plan-shape[data-shape-id="${roomB.id}"]`).boundingBox();
  const from = await marker.boundingBox();
  expect(target && from).toBeTruthy();
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/devices') && r.request().method() === 'PUT',
  );
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(target!.x + target!.width / 2, target!.y + target!.height / 2, { steps: 12 });
  await page.mouse.up();
  const answer = await placed;
  expect(answer.status()).toBe(200);
  const moved = ((await answer.json()) as { device: DeviceDto }).device;
  expect(moved.location_id).toBe(roomB.id);
  expect(moved.plan_x!).toBeGreaterThan(500);
  // The marker stays where it was dropped.
  const after = await marker.boundingBox();
  expect(Math.abs(after!.x + after!.width / 2 - (target!.x + target!.width / 2))).toBeLessThan(4);

  // A click on the marker opens the device card in place, on the new room.
  const card = deviceCard(page);
  await marker.click();
  await expect(card.locator('dt:text-is("Location") + dd')).toContainText('Room B');
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();

  // And so does the devices page's card.
  await page.goto(`/site/${site.id}/devices?device=${device.id}`);
  await expect(card.locator('dt:text-is("Location") + dd')).toContainText('Room B');
  await expect(card.locator('dt:text-is("Floor") + dd')).toContainText('Level 0');

  // After a reload the marker is still in Room B.
  await page.goto(`/v3/site/${site.id}/dashboard?floor=${level0.id}`);
  const box = await canvas.locator(`.plan-shape[data-shape-id="${roomB.id}"]`).boundingBox();
  const again = await canvas.locator(`.plan-marker[data-device-id="${device.id}"]`).boundingBox();
  expect(again!.x).toBeGreaterThan(box!.x);
  expect(again!.x + again!.width).toBeLessThan(box!.x + box!.width);
});

test('floorplan dashboard: add a floor and a location, upload a plan, draw the polygon, nudge the overlay', async ({
  page,
}) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Plan draw ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/v3/site/${site.id}/dashboard` });
  await expect(page.getByText('This site has no floors yet.')).toBeVisible();

  // Add a floor, then a location on it, from the tree.
  await page.getByRole('button', { name: 'Add floor' }).first().click();
  const floorDialog = page.getByRole('dialog', { name: 'Add floor' });
  await floorDialog.getByRole('textbox', { name: 'Name' }).fill('Level 2');
  await floorDialog.getByRole('textbox', { name: 'Code' }).fill('L2');
  await floorDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Floor Created')).toBeVisible();
  await expect(page.getByTestId('location-panel')).toContainText('Level 2');
  await page.getByRole('button', { name: /^Level 2/ }).hover();
  await page.getByRole('button', { name: 'Add a location to Level 2' }).click();
  const locationDialog = page.getByRole('dialog', { name: 'Add location' });
  await locationDialog.getByRole('textbox', { name: 'Name' }).fill('Lab');
  await locationDialog.getByRole('combobox', { name: 'Location type' }).click();
  await page.getByRole('option', { name: 'Workspace' }).click();
  await locationDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Location Created')).toBeVisible();
  await expect(page.getByTestId('location-panel')).toContainText('Lab');

  // Upload a plan: preview, then Upload Plan. A file that is not SVG is refused.
  await page.getByRole('button', { name: 'Plan settings' }).click();
  const input = page.getByTestId('plan-file-input');
  await input.setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: Buffer.from('png') });
  await expect(page.getByText('Asbuilt only accepts SVG format for floorplans')).toBeVisible();
  await input.setInputFiles({
    name: 'Level2.SVG',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 700"><rect x="20" y="20" width="960" height="660" fill="#fff" stroke="#000" stroke-width="8"/></svg>',
    ),
  });
  await expect(page.getByRole('img', { name: 'Preview of Level2.SVG' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload Plan' }).click();
  await expect(page.getByText('FloorPlan Uploaded')).toBeVisible();
  await expect(page.getByText('No floorplan for this floor yet')).toHaveCount(0);

  // Nudge the locations overlay and save it: "Translation set".
  await page.getByRole('button', { name: 'Move the locations right' }).click();
  await page.getByRole('button', { name: 'Scale the locations by 1.05' }).click();
  const settings = page.getByRole('region', { name: 'Plan settings' });
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Translation set')).toBeVisible();

  // Draw the Lab: four clicks, then the first point again closes and saves the polygon.
  await page.getByRole('button', { name: 'Draw', exact: true }).click();
  const draw = page.getByRole('region', { name: 'Draw' });
  await draw.getByRole('button', { name: 'Draw' }).click();
  const svg = page.getByTestId('plan-canvas').locator('svg[role="group"]');
  const box = (await svg.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const corners = [
    [-80, -50],
    [80, -50],
    [80, 50],
    [-80, 50],
  ] as const;
  for (const [dx, dy] of corners) await page.mouse.click(cx + dx, cy + dy);
  await expect(draw).toContainText('4 points');
  await page.mouse.click(cx + corners[0][0], cy + corners[0][1]);
  await expect(page.getByText('Location Updated')).toBeVisible();

  // After a reload the polygon is there, and the overlay keeps its transform.
  await page.reload();
  const shapes = page.getByTestId('plan-canvas').locator('[data-kind="locations"] .plan-shape');
  await expect(shapes).toHaveCount(1);
  const detail = await page.request.get(`/api/site/refresh_site?id=${site.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const floor = ((await detail.json()) as { site: { floors: FloorDto[] } }).site.floors[0]!;
  expect(floor.location_transform).toMatch(/^translate\(.+\) scale\(1\.05\)$/);
  expect(floor.locations[0]!.polygon?.split(' ')).toHaveLength(4);
  expect(floor.svg_key).toBeTruthy();
});

test('floorplan dashboard: a Reader sees the plan with the layers menu only', async ({ page }) => {
  const { token } = await apiSignIn(page.request, 'guest@asbuilt.demo');
  const index = await page.request.get('/api/site/index', { headers: { authorization: `Bearer ${token}` } });
  const { sites } = (await index.json()) as { sites: { id: number; name: string }[] };
  const warehouse = sites.find((s) => s.name === 'Demo Warehouse')!;
  await signIn(page, 'guest@asbuilt.demo', { to: `/v3/site/${warehouse.id}/dashboard` });
  await expect(page.getByTestId('location-panel')).toContainText('Ground Floor');
  await expect(page.getByRole('button', { name: 'Layers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Draw' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Plan settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add floor' })).toHaveCount(0);
});

test('floorplan dashboard: a site without access sends the user back to the sites', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const index = await page.request.get('/api/site/index', { headers: { authorization: `Bearer ${token}` } });
  const { sites } = (await index.json()) as { sites: { id: number; name: string }[] };
  const hq = sites.find((s) => s.name === 'Demo HQ')!;
  await signIn(page, 'other@asbuilt.demo', { to: `/v3/site/${hq.id}/dashboard` });
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByText('You have no access to this site')).toBeVisible();
});

/** Level 0 with Room A (100..400), Room B (500..900), a North Wing zone over y 50..300, and one device in Room A below the zone. */
async function placedDevice(page: Page, code: string) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Plan drop ${unique()}`);
  const { floor, roomA, roomB, zone } = await planFloor(page, token, site.id);
  const productId = await apiProductId(page.request, token, site.id, PRODUCTS.camera.name);
  const created = await apiCreateDevice(page.request, token, site.id, productId, {
    floor_id: floor.id,
    code,
  });
  const { device } = await call<{ device: DeviceDto }>(page, token, 'PUT', '/api/site/devices', {
    id: created.id,
    plan_x: 250,
    plan_y: 400,
    on_plan: true,
  });
  expect(device).toMatchObject({ location_id: roomA.id, zone_id: null });
  return { site, floor, roomA, roomB, zone, device, token };
}

const centre = (box: { x: number; y: number; width: number; height: number } | null) => ({
  x: box!.x + box!.width / 2,
  y: box!.y + box!.height / 2,
});

test('floorplan markers: a drop off the plan is refused, a drop into a room says so and Undo puts it back', async ({
  page,
}) => {
  test.slow();
  const { site, roomA, roomB, zone, device } = await placedDevice(page, 'CAM-DROP-1');
  await signIn(page, INTEGRATOR, { to: `/v3/site/${site.id}/dashboard` });
  const canvas = page.getByTestId('plan-canvas');
  const marker = canvas.locator(`.plan-marker[data-device-id="${device.id}"]`);
  await expect(marker).toBeVisible();
  // The marker is a disc of at least 24 px with the category's glyph.
  const disc = await marker.locator('.plan-marker-disc').boundingBox();
  expect(disc!.width).toBeGreaterThanOrEqual(23.5);
  await expect(marker.locator('path')).toHaveCount(1);

  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/site/devices')) puts.push(r.url());
  });
  const start = centre(await marker.boundingBox());
  const drag = async (to: { x: number; y: number }) => {
    const from = centre(await marker.boundingBox());
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
  };

  // Off the plan image (the canvas's margin at the opening view): refused, nothing sent.
  const box = (await canvas.boundingBox())!;
  await drag({ x: box.x + 10, y: box.y + box.height - 60 });
  await expect(page.getByText('Drop the device on the plan itself: nothing was changed.')).toBeVisible();
  const back = centre(await marker.boundingBox());
  expect(Math.abs(back.x - start.x)).toBeLessThan(2);
  expect(Math.abs(back.y - start.y)).toBeLessThan(2);
  expect(puts).toEqual([]);

  // Into Room B, inside the North Wing: the toast names both, Undo restores the old place.
  const roomBox = await canvas.locator(`.plan-shape[data-shape-id="${roomB.id}"]`).boundingBox();
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/devices') && r.request().method() === 'PUT',
  );
  await drag({ x: roomBox!.x + roomBox!.width / 2, y: roomBox!.y + roomBox!.height * 0.2 });
  const moved = ((await (await placed).json()) as { device: DeviceDto }).device;
  expect(moved).toMatchObject({ location_id: roomB.id, zone_id: zone.id });
  const toastBox = page.getByTestId('placement-toast');
  await expect(toastBox).toContainText('CAM-DROP-1 is now in Room B · zone North Wing');
  const undone = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/devices') && r.request().method() === 'PUT',
  );
  await toastBox.getByRole('button', { name: 'Undo' }).click();
  const restored = ((await (await undone).json()) as { device: DeviceDto }).device;
  expect(restored).toMatchObject({
    location_id: roomA.id,
    zone_id: null,
    floor_id: device.floor_id,
    plan_x: 250,
    plan_y: 400,
    on_plan: true,
  });
  await expect(page.getByText('Placement undone')).toBeVisible();
  await expect
    .poll(async () => {
      const at = centre(await marker.boundingBox());
      return Math.hypot(at.x - start.x, at.y - start.y);
    })
    .toBeLessThan(2);
});

test('floorplan markers: hover card, device labels layer', async ({ page }) => {
  const { site, device } = await placedDevice(page, 'CAM-HOVER-1');
  await signIn(page, INTEGRATOR, { to: `/v3/site/${site.id}/dashboard` });
  const canvas = page.getByTestId('plan-canvas');
  const marker = canvas.locator(`.plan-marker[data-device-id="${device.id}"]`);
  await marker.hover();
  const preview = page.getByTestId('marker-preview');
  await expect(preview).toContainText('CAM-HOVER-1');
  await expect(preview).toContainText(PRODUCTS.camera.name);
  await preview.getByRole('button', { name: 'Open the device' }).click();
  const card = deviceCard(page);
  await expect(card.locator('dt:text-is("Location") + dd')).toContainText('Room A');
  await page.keyboard.press('Escape');

  await expect(canvas.locator('.plan-device-label')).toHaveCount(0);
  await page.getByRole('button', { name: 'Layers' }).click();
  await layerSwitch(page, 'Device labels').click();
  await expect(canvas.locator('.plan-device-label')).toHaveText(['CAM-HOVER-1']);
});

test('floorplan markers on a phone: 24 px discs, 44 px hit areas at any zoom, a tap shows the card @phone', async ({
  page,
}) => {
  const { site, device } = await placedDevice(page, 'CAM-PHONE-1');
  await signIn(page, INTEGRATOR, { to: `/v3/site/${site.id}/dashboard` });
  const canvas = page.getByTestId('plan-canvas');
  const marker = canvas.locator(`.plan-marker[data-device-id="${device.id}"]`);
  await expect(marker).toBeVisible();
  const sizes = async () => {
    const disc = await marker.locator('.plan-marker-disc').boundingBox();
    const hit = await marker.locator('.plan-marker-hit').boundingBox();
    return { disc: disc!.width, hit: hit!.width };
  };
  const check = async (step = 'opening') => {
    const { disc, hit } = await sizes();
    const view = await canvas.locator('svg > g').first().getAttribute('transform');
    expect(disc, `${step}: ${view}`).toBeGreaterThanOrEqual(23.5);
    expect(hit, step).toBeGreaterThanOrEqual(43.5);
  };
  await check();
  for (const zoom of ['Zoom out', 'Zoom out', 'Zoom in', 'Zoom in', 'Zoom in', 'Zoom in']) {
    await page.getByRole('button', { name: zoom }).click();
    // The zoom buttons animate for 200 ms.
    await page.waitForTimeout(300);
    await check(zoom);
  }
  await page.getByRole('button', { name: 'Back to the whole plan' }).click();
  await page.waitForTimeout(400);
  await check();
  await marker.locator('.plan-marker-disc').tap();
  const preview = page.getByTestId('marker-preview');
  await expect(preview).toContainText('CAM-PHONE-1');
  await preview.getByRole('button', { name: 'Close' }).tap();
  await expect(preview).toHaveCount(0);
});
