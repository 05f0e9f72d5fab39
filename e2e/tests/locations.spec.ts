import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SiteDetail } from '@asbuilt/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { writeTempPng } from '../support/files.ts';
import { signIn } from '../support/session.ts';
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
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
/** Contributor on Demo HQ, Reader on Demo Warehouse. */
const TECH = 'tech@asbuilt.demo';

/** A plan 800 x 500 with two rooms, under an upper-case extension (accepted in any case). */
async function writeTempPlan(): Promise<string> {
  const file = path.join(tmpdir(), `e2e-plan-${process.pid}.SVG`);
  await writeFile(
    file,
    [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500">',
      '<rect x="0" y="0" width="800" height="500" fill="#f5f5f5" stroke="#333" stroke-width="4"/>',
      '<rect x="40" y="40" width="340" height="420" fill="#e3f2fd" stroke="#333" stroke-width="3"/>',
      '<rect x="420" y="40" width="340" height="420" fill="#fff3e0" stroke="#333" stroke-width="3"/>',
      '</svg>',
    ].join(''),
  );
  return file;
}

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();

async function apiSite(request: APIRequestContext, token: string, siteId: number): Promise<SiteDetail> {
  const response = await request.get(`/api/site/refresh_site?id=${siteId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { site: SiteDetail }).site;
}

/** Clicks points on the plan, given as fractions of the plan's box, then the first point to close. */
async function drawPolygon(page: Page, fractions: Array<[number, number]>) {
  // A toast over the plan would take a click meant for it.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Draw Polygon' }).click();
  await expect(page.getByTestId('floorplan')).toHaveAttribute('data-drawing', 'true');
  // The plan is 700 px high: scrolled to the top of the window so every point is on screen.
  const plan = page.getByRole('group', { name: /^Floorplan of / });
  await plan.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  // Each point is placed once the one before it shows (the hint above the plan may change height).
  for (const [index, [x, y]] of fractions.entries()) {
    const box = (await plan.boundingBox())!;
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    await expect(page.locator('circle.draw-point')).toHaveCount(index + 1);
  }
  await page.getByTestId('draw-first-point').click();
}

async function addLocation(page: Page, floor: string, name: string, code: string, type: string) {
  const row = page.getByRole('button', { name: `Add a location to ${floor}` });
  await row.hover();
  await row.click();
  const dialog = page.getByRole('dialog', { name: 'Add Location' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('combobox', { name: 'Location Type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Location Created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

test('locations: a floor, its plan, two rooms drawn by clicking, kept after a reload; delete offers to move the devices', async ({
  page,
}) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Locations ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/locations` });
  await expect(page.getByText('This site has no floors yet. Add a floor to start.')).toBeVisible();

  // Add a floor.
  await page.getByRole('button', { name: 'Add Floor' }).click();
  const floorDialog = page.getByRole('dialog', { name: 'Add Floor' });
  await floorDialog.getByLabel('Name').fill('Level 1');
  await floorDialog.getByLabel('Code').fill('L1');
  await floorDialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Floor Created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Level 1', level: 2 })).toBeVisible();
  await expect(page.getByText('No floorplan for this floor yet.')).toBeVisible();

  // Only SVG plans; then the plan.
  await page.getByTestId('floorplan-input').setInputFiles(await writeTempPng('e2e-not-a-plan'));
  await expect(toast(page, 'Asbuilt only accepts SVG format for floorplans')).toBeVisible();
  await page.getByTestId('floorplan-input').setInputFiles(await writeTempPlan());
  await expect(toast(page, 'Floor plan uploaded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace Plan' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Floorplan of Level 1' }).locator('image')).toHaveCount(1);

  // Drawing on a floor with no location yet: "Add a room first".
  await page.getByRole('button', { name: 'Draw Polygon' }).click();
  await expect(page.getByTestId('draw-callout')).toContainText('Add a room first');
  await page.getByRole('button', { name: 'Stop Drawing' }).click();

  // Two rooms, each drawn on its half of the plan.
  await addLocation(page, 'Level 1', 'Room A', 'L1-A', 'Room');
  await drawPolygon(page, [
    [0.15, 0.3],
    [0.45, 0.3],
    [0.45, 0.7],
    [0.15, 0.7],
  ]);
  await expect(toast(page, 'Location Updated')).toBeVisible();
  await expect(page.getByTestId('floorplan')).toHaveAttribute('data-drawing', 'false');
  await expect(page.locator('polygon.plan-shape')).toHaveCount(1);

  // Drawing with the floor selected (no location): "No Location Selected".
  await page.getByTestId(/^tree-floor-/).click();
  await expect(page.getByRole('heading', { name: 'Level 1', level: 2 })).toBeVisible();
  await drawPolygon(page, [
    [0.6, 0.2],
    [0.7, 0.2],
    [0.7, 0.3],
  ]);
  await expect(toast(page, 'No Location Selected')).toBeVisible();
  // Undo, then turning drawing off discards the points.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('circle.draw-point')).toHaveCount(2);
  await page.getByRole('button', { name: 'Stop Drawing' }).click();
  await expect(page.locator('circle.draw-point')).toHaveCount(0);

  await addLocation(page, 'Level 1', 'Room B', 'L1-B', 'Workspace');
  await drawPolygon(page, [
    [0.55, 0.3],
    [0.85, 0.3],
    [0.85, 0.7],
  ]);
  await expect(page.locator('polygon.plan-shape')).toHaveCount(2);
  // The selected room is the green one.
  const roomB = (await apiSite(page.request, token, site.id)).floors[0]!.locations.find(
    (l) => l.name === 'Room B',
  )!;
  await expect(page.locator(`polygon.plan-shape[data-shape-id="${roomB.id}"]`)).toHaveAttribute(
    'data-selected',
    'true',
  );

  // After a reload both polygons are there, on the floor's card too.
  await page.reload();
  await expect(page.locator('polygon.plan-shape')).toHaveCount(2);
  await page.getByTestId(/^tree-floor-/).click();
  await expect(page.getByRole('heading', { name: 'Level 1', level: 2 })).toBeVisible();
  await expect(page.locator('polygon.plan-shape')).toHaveCount(2);
  await expect(page.locator('polygon.plan-shape[data-selected="true"]')).toHaveCount(0);

  // Stored in the plan's units: Room A on the left half, Room B on the right.
  const floor = (await apiSite(page.request, token, site.id)).floors[0]!;
  const xs = (name: string) =>
    floor.locations
      .find((l) => l.name === name)!
      .polygon!.split(' ')
      .map((pair) => Number(pair.split(',')[0]));
  expect(xs('Room A')).toHaveLength(4);
  expect(Math.max(...xs('Room A'))).toBeLessThan(400);
  expect(Math.min(...xs('Room B'))).toBeGreaterThan(400);

  // A room with a device: the card's Devices tab lists it, and deleting asks to move it.
  const roomA = floor.locations.find((l) => l.name === 'Room A')!;
  const productId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  const device = await apiCreateDevice(page.request, token, site.id, productId, {
    floor_id: floor.id,
    location_id: roomA.id,
    code: 'E2E-SW-1',
  });
  await page.goto(`/site/${site.id}/locations?location=${roomA.id}&tab=devices`);
  await expect(page.getByRole('tab', { name: 'Devices 1' })).toBeVisible();
  await page.getByTestId('location-device-row').filter({ hasText: 'E2E-SW-1' }).click();
  await expect(page.getByRole('dialog').getByRole('tab', { name: 'General' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Gone before the next click: a click during its closing transition can land on its backdrop.
  await expect(page.getByRole('dialog')).toBeHidden();
  // The card's Vault tab, whose view loads after the page's first paint.
  await page.getByRole('tab', { name: /^Vault/ }).click();
  await expect(page.getByText('No secrets for this location')).toBeVisible();

  const edit = page.getByRole('button', { name: 'Edit Room A' });
  await edit.hover();
  await edit.click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Location' });
  await editDialog.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete the location Room A?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const move = page.getByRole('alertdialog', { name: 'Devices still point at Room A' });
  await expect(move).toContainText('1 device is still in this location');
  await move.getByRole('button', { name: 'Move and Delete' }).click();
  await expect(toast(page, 'Location Deleted')).toBeVisible();
  await expect(toast(page, '1 device moved to unplaced')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Level 1', level: 2 })).toBeVisible();
  await expect(page.getByTestId(`tree-location-${roomA.id}`)).toHaveCount(0);

  const after = (await apiSiteDevices(page.request, token, site.id)).find((d) => d.id === device.id)!;
  expect(after.location_id).toBeNull();
});

test('zones: add a zone on a floor and draw it; a Reader sees no editing', async ({ page }) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Zones ${unique()}`);
  const created = await page.request.post('/api/site/floors', {
    headers: { authorization: `Bearer ${token}` },
    data: { site_id: site.id, name: 'Ground', code: 'G' },
  });
  expect(created.status()).toBe(200);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/locations` });
  await page.getByRole('link', { name: 'Zones' }).click();
  await expect(page).toHaveURL(/\/zones\?floor=\d+$/);

  const add = page.getByRole('button', { name: 'Add a zone to Ground' });
  await add.hover();
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add Zone' });
  await dialog.getByLabel('Name').fill('West Wing');
  await dialog.getByLabel('Code').fill('G-W');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Zone Created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'West Wing', level: 2 })).toBeVisible();
  // No tabs on a zone card.
  await expect(page.getByRole('tab')).toHaveCount(0);
  await drawPolygon(page, [
    [0.2, 0.2],
    [0.5, 0.2],
    [0.5, 0.8],
  ]);
  await expect(toast(page, 'Zone Updated')).toBeVisible();
  await expect(page.locator('polygon.plan-shape')).toHaveCount(1);

  // Search and order in the tree.
  await page.getByRole('searchbox', { name: 'Search floors and zones' }).fill('nothing like it');
  await expect(page.getByText('Nothing matches "nothing like it".')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByTestId(/^tree-zone-/)).toHaveCount(1);

  // A Reader (tech on Demo Warehouse) sees the plans without the means to change them.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const { token: techToken } = await apiSignIn(page.request, TECH);
  const warehouse = await apiSiteByName(page.request, techToken, 'Demo Warehouse');
  await signIn(page, TECH, { to: `/site/${warehouse.id}/locations` });
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Floorplan of / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Floor' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Upload Plan|Replace Plan/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Draw Polygon' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
});

test('@phone locations: the tree above the card, the plan as wide as the page', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  await signIn(page, INTEGRATOR, { to: `/site/${hq.id}/locations` });
  const tree = page.getByRole('list', { name: 'Floors and locations' });
  const plan = page.getByRole('group', { name: /^Floorplan of / });
  await expect(plan).toBeVisible();
  await expect(page.locator('polygon.plan-shape').first()).toBeAttached();
  const treeBox = (await tree.boundingBox())!;
  const planBox = (await plan.boundingBox())!;
  expect(planBox.y).toBeGreaterThan(treeBox.y);
  const width = page.viewportSize()!.width;
  expect(planBox.width).toBeLessThanOrEqual(width);
  expect(planBox.height).toBeLessThan(planBox.width);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
