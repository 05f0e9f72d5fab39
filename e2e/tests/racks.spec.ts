/**
 * The racks page (/site/{id}/racks): Demo HQ's Rack A with its gear at the seeded Us; then, on a
 * site of its own made through the API (a room, two rack-mounted products of 1 U and 2 U, a
 * device of each), a rack created in the dialog, the 1 U device placed at U 10 with "Place at
 * U…", and the 2 U device dragged onto U 9 refused because U 10 is taken.
 */
import type { FloorDto, ProductDto } from '@asbuilt/domain';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiSiteByName, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

// A 42 U rack is some 760 px tall: the whole of it, and the list beside it, on screen for the drags.
test.use({ viewport: { width: 1400, height: 1300 } });

const rackRegion = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toPlace = (page: Page) => page.getByRole('list', { name: 'To place' });

async function post<T>(page: Page, token: string, url: string, data: object): Promise<T> {
  const response = await page.request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), `POST ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Drags `source` onto U `u` (1 at the bottom) of a rack's face, with a mouse. */
async function dragToUnit(page: Page, source: Locator, face: Locator, u: number, height: number) {
  const from = await source.boundingBox();
  const box = await face.boundingBox();
  if (!from || !box) throw new Error('drag: source or face not on screen');
  const unit = box.height / height;
  const x = box.x + box.width / 2;
  const y = box.y + box.height - (u - 0.5) * unit;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(x, y, { steps: 15 });
  await page.mouse.up();
}

test('racks: Demo HQ shows Rack A with its patch panel and switches at their Us', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');

  await signIn(page, INTEGRATOR, { to: `/site/${hq.id}/racks` });
  await expect(page.getByRole('heading', { name: 'Racks', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Server Room', level: 2 })).toBeVisible();
  const rack = rackRegion(page, 'Rack A');
  await expect(rack).toBeVisible();
  await expect(rack.getByText('42 U · 1 at the bottom')).toBeVisible();
  await expect(rack.getByRole('button', { name: /Patch panel A, U 40$/ })).toBeVisible();
  await expect(rack.getByRole('button', { name: /Core switch 1, U 39$/ })).toBeVisible();
  await expect(rack.getByRole('button', { name: /Access switch 2, U 38$/ })).toBeVisible();
  await expect(rack.getByRole('button', { name: /Edge firewall, U 36$/ })).toBeVisible();
  // On the front face, not the rear.
  await expect(
    rack.getByTestId('rack-face-front').getByRole('button', { name: /Patch panel A/ }),
  ).toBeVisible();
  await expect(rack.getByTestId('rack-face-rear').getByRole('button')).toHaveCount(0);

  // A click opens the device's card on the devices page.
  await rack.getByRole('button', { name: /Core switch 1, U 39$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${hq.id}/devices\\?device=\\d+`));
});

test('racks: a new rack, a device placed at U 10 with Place at U, an overlapping drop refused', async ({
  page,
}) => {
  test.slow();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const tag = unique();
  const site = await apiCreateSite(page.request, token, `E2E Racks ${tag}`);
  const { floor } = await post<{ floor: FloorDto }>(page, token, '/api/site/floors', {
    site_id: site.id,
    name: 'Basement',
  });
  await post(page, token, '/api/site/locations', { floor_id: floor.id, name: 'Comms Room' });
  const product = async (name: string, units: number) =>
    (
      await post<{ product: ProductDto }>(page, token, '/api/tenant/products', {
        name,
        rack_mounted: true,
        rack_units: units,
      })
    ).product;
  const oneU = await product(`E2E 1U switch ${tag}`, 1);
  const twoU = await product(`E2E 2U server ${tag}`, 2);
  const small = `RK1-${tag}`;
  const large = `RK2-${tag}`;
  await apiCreateDevice(page.request, token, site.id, oneU.id, { code: small, name: 'Top switch' });
  await apiCreateDevice(page.request, token, site.id, twoU.id, { code: large, name: 'Big server' });

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/racks` });
  await expect(page.getByText('No rack yet.')).toBeVisible();
  await expect(toPlace(page).getByRole('button', { name: new RegExp(small) })).toBeVisible();
  await expect(toPlace(page).getByRole('button', { name: new RegExp(large) })).toBeVisible();

  // New rack: the room is the site's only one, 42 U by default.
  await page.getByRole('button', { name: 'New rack', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New rack' });
  await expect(dialog.getByRole('combobox', { name: 'Room' })).toContainText('Comms Room');
  await expect(dialog.getByRole('spinbutton', { name: 'Height (U)' })).toHaveValue('42');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Rack E2E');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Rack Rack E2E created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await dismissToasts(page);
  const rack = rackRegion(page, 'Rack E2E');
  await expect(rack).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comms Room', level: 2 })).toBeVisible();

  // Place at U: pick the 1 U device in the list, then U 10 on the front.
  await toPlace(page)
    .getByRole('button', { name: new RegExp(small) })
    .click();
  await page.getByRole('button', { name: 'Place at U…' }).click();
  const place = page.getByRole('dialog', { name: 'Place in a rack' });
  await expect(place.getByRole('combobox', { name: 'Device' })).toContainText(small);
  await expect(place.getByRole('combobox', { name: 'Rack' })).toContainText('Rack E2E');
  await expect(place.getByRole('combobox', { name: 'Face' })).toContainText('Front');
  await place.getByRole('combobox', { name: 'Position (U)' }).click();
  await page.getByRole('option', { name: 'U 10', exact: true }).click();
  await place.getByRole('button', { name: 'Place', exact: true }).click();
  await expect(page.getByText(`${small} placed in Rack E2E at U 10`)).toBeVisible();
  await expect(place).toBeHidden();
  await dismissToasts(page);

  // On the front elevation at U 10, and no longer in the list.
  const front = rack.getByTestId('rack-face-front');
  await expect(front.getByRole('button', { name: `${small} Top switch, U 10` })).toBeVisible();
  await expect(toPlace(page).getByRole('button', { name: new RegExp(small) })).toHaveCount(0);

  // The 2 U device dropped on U 9 would fill U 9 and 10: refused, with the device in the way.
  await dragToUnit(page, toPlace(page).getByRole('button', { name: new RegExp(large) }), front, 9, 42);
  await expect(page.getByText(`These Us are taken by ${small} (from U 10)`)).toBeVisible();
  await expect(toPlace(page).getByRole('button', { name: new RegExp(large) })).toBeVisible();
  await expect(front.getByRole('button', { name: new RegExp(large) })).toHaveCount(0);
  await dismissToasts(page);

  // Dropped on U 11 it fits, above the switch.
  await dragToUnit(page, toPlace(page).getByRole('button', { name: new RegExp(large) }), front, 11, 42);
  await expect(front.getByRole('button', { name: `${large} Big server, U 11–12` })).toBeVisible();
  await expect(toPlace(page).getByRole('button', { name: new RegExp(large) })).toHaveCount(0);
});
