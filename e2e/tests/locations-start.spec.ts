/**
 * Starting on the Locations page (issue 40): the + that adds a location to a floor shows without
 * hovering, a fresh floor says how to start, drawing on a floor with no location asks for a room
 * first (with the button that adds one), turning drawing on or off moves the plan by not one pixel
 * (desktop and phone), and floors are reachable from the site's Config page too.
 */
import type { FloorDto } from '@asbuilt/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateSite, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();

async function apiCreateFloor(
  request: APIRequestContext,
  token: string,
  siteId: number,
  name: string,
): Promise<FloorDto> {
  const response = await request.post('/api/site/floors', {
    headers: { authorization: `Bearer ${token}` },
    data: { site_id: siteId, name },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { floor: FloorDto }).floor;
}

/** A new site with one empty floor, signed in on its Locations page. */
async function freshFloor(page: Page, floorName: string) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Start ${unique()}`);
  const floor = await apiCreateFloor(page.request, token, site.id, floorName);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/locations` });
  await expect(page.getByRole('heading', { name: floorName, level: 2 })).toBeVisible();
  return { site, floor };
}

/** How much of the element shows: its opacity times its ancestors' (0 for an icon shown on hover only). */
const shownOpacity = (locator: Locator) =>
  locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  });

/** The plan's top within the card: what must not change when drawing is turned on or off. */
async function planTop(page: Page): Promise<number> {
  const card = (await page.getByTestId('spatial-card').boundingBox())!;
  const plan = (await page.getByRole('group', { name: /^Floorplan of / }).boundingBox())!;
  return plan.y - card.y;
}

/** Turns drawing on or off and checks the plan stayed where it was. */
async function toggleDrawing(page: Page, on: boolean) {
  const before = await planTop(page);
  await page.getByRole('button', { name: on ? 'Draw Polygon' : 'Stop Drawing' }).click();
  await expect(page.getByTestId('floorplan')).toHaveAttribute('data-drawing', String(on));
  expect(await planTop(page)).toBeCloseTo(before, 0);
}

test('locations start: the + shows without hover, a fresh floor says how to start, drawing asks for a room first and moves nothing', async ({
  page,
}) => {
  await freshFloor(page, 'Level 0');

  // The + beside the floor shows without hovering the row.
  await page.mouse.move(0, 0);
  const add = page.getByRole('button', { name: 'Add a location to Level 0' });
  await expect(add).toBeVisible();
  await expect.poll(() => shownOpacity(add)).toBe(1);

  // The fresh floor says how to start, in the tree and on the card, each with its button.
  const tree = page.getByRole('list', { name: 'Floors and locations' });
  await expect(tree).toContainText('No locations on this floor yet.');
  await expect(tree.getByRole('button', { name: 'Add Location', exact: true })).toBeVisible();
  const start = page.getByTestId('floor-start');
  await expect(start).toContainText('No locations on this floor yet. Add one');
  await expect(start.getByRole('button', { name: 'Add Location', exact: true })).toBeVisible();

  // Drawing with nothing to draw: "Add a room first", no Undo, a click adds no point; the plan stays put.
  await toggleDrawing(page, true);
  const callout = page.getByTestId('draw-callout');
  await expect(callout).toContainText('Add a room first');
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  const plan = page.getByRole('group', { name: /^Floorplan of / });
  const box = (await plan.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.6);
  await expect(page.locator('circle.draw-point')).toHaveCount(0);
  await toggleDrawing(page, false);
  await expect(callout).toHaveCount(0);

  // The callout's button adds the room; drawing goes on, now for that room.
  await toggleDrawing(page, true);
  await callout.getByRole('button', { name: 'Add Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Location' });
  await dialog.getByLabel('Name').fill('Room 1');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Location Created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Room 1', level: 2 })).toBeVisible();
  await expect(page.getByTestId('floorplan')).toHaveAttribute('data-drawing', 'true');
  await expect(callout).toContainText('the polygon of Room 1');
  await expect(page.getByTestId('floor-start')).toHaveCount(0);

  // With a room, Undo comes with the callout over the plan: turning drawing off and on still moves nothing.
  // A toast over the plan would take the click meant for it.
  await dismissToasts(page);
  const placed = (await plan.boundingBox())!;
  await page.mouse.click(placed.x + placed.width * 0.3, placed.y + placed.height * 0.5);
  await expect(page.locator('circle.draw-point')).toHaveCount(1);
  await expect(callout.getByRole('button', { name: 'Undo' })).toBeEnabled();
  await toggleDrawing(page, false);
  await expect(page.locator('circle.draw-point')).toHaveCount(0);
  await toggleDrawing(page, true);
  await toggleDrawing(page, false);
});

test('@phone locations start: the + shows on a phone, drawing asks for a room first and moves nothing', async ({
  page,
}) => {
  await freshFloor(page, 'Ground');
  const add = page.getByRole('button', { name: 'Add a location to Ground' });
  await expect(add).toBeVisible();
  await expect.poll(() => shownOpacity(add)).toBe(1);
  await expect(page.getByTestId('floor-start')).toContainText('No locations on this floor yet.');

  await page.getByRole('button', { name: 'Draw Polygon' }).scrollIntoViewIfNeeded();
  await toggleDrawing(page, true);
  await expect(page.getByTestId('draw-callout')).toContainText('Add a room first');
  await toggleDrawing(page, false);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('locations start: floors are added, renamed and opened from the Config page', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Start ${unique()}`);
  await signIn(page, INTEGRATOR);

  // No floor yet: the Zones & layers tab offers to add one right there.
  await page.goto(`/site/${site.id}/config?tab=zones_layers`);
  await expect(page.getByRole('button', { name: 'Add zone' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add floor' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Floor' });
  await addDialog.getByLabel('Name').fill('Basement');
  await addDialog.getByLabel('Code').fill('B');
  await addDialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Floor Created')).toBeVisible();
  await expect(addDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add zone' })).toBeEnabled();

  // The Floors tab lists it, adds another, renames one.
  await page.getByRole('tab', { name: 'Floors' }).click();
  await expect(page).toHaveURL(/\?tab=floors$/);
  const floors = page.getByRole('list', { name: 'Floors of the site' });
  await expect(floors).toContainText('Basement');
  await expect(floors).toContainText('B · 0 locations · 0 zones');
  await page.getByRole('button', { name: 'Add floor' }).click();
  const secondDialog = page.getByRole('dialog', { name: 'Add Floor' });
  await secondDialog.getByLabel('Name').fill('Roof');
  await secondDialog.getByRole('button', { name: 'Create' }).click();
  await expect(secondDialog).toBeHidden();
  await expect(floors.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Edit Basement' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Floor' });
  await editDialog.getByLabel('Name').fill('Cellar');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Floor Updated')).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(floors).toContainText('Cellar');

  // A floor's arrow opens it on the Locations page.
  await page.getByRole('link', { name: 'Open Cellar on the Locations page' }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${site.id}/locations\\?floor=\\d+$`));
  await expect(page.getByRole('heading', { name: 'Cellar', level: 2 })).toBeVisible();
});
