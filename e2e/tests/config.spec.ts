import type { DeviceStatus, SiteDetail } from '@asbuilt/domain';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn, signOut } from '../support/session.ts';
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

async function siteDetail(page: Page, token: string, siteId: number): Promise<SiteDetail> {
  const response = await page.request.get(`/api/site/refresh_site?id=${siteId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { site: SiteDetail }).site;
}

const statusRows = (page: Page) =>
  page.getByRole('list', { name: 'Device statuses' }).getByTestId('status-row');

/** The rows show the statuses in this order (each row's chip holds its name). */
async function expectOrder(page: Page, names: string[]) {
  await expect(statusRows(page)).toHaveCount(names.length);
  await expect(statusRows(page)).toContainText(names);
}

const savedStatuses = (page: Page) =>
  page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/site/sites') &&
      r.request().method() === 'PUT' &&
      'device_statuses' in (r.request().postDataJSON() as object),
  );

/** dnd-kit follows pointer moves: press on the handle, move in small steps, release. */
async function dragHandle(page: Page, handle: Locator, target: Locator, offsetY: number) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 - 6, { steps: 3 });
  await page.mouse.move(x, to.y + to.height / 2 + offsetY, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

test('config: device statuses reorder by drag and drop and by keyboard, and stay after reload', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Config ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/config` });
  await expect(page.getByTestId('header-title')).toHaveText(`${site.name} · Config`);
  await page.getByRole('tab', { name: 'Device Statuses' }).click();
  await expect(page).toHaveURL(/\?tab=statuses$/);
  await expectOrder(page, ['Planned', 'Installed', 'Commissioned', 'Faulty', 'Removed']);
  await expect(page.getByRole('button', { name: 'To original order' })).toBeDisabled();

  // Drag "Removed" by its handle above "Planned": saved at once, the whole list.
  const saved = savedStatuses(page);
  await dragHandle(
    page,
    page.getByRole('button', { name: 'Move Removed', exact: true }),
    page.getByRole('button', { name: 'Move Planned', exact: true }),
    -8,
  );
  const body = (await saved).request().postDataJSON() as { device_statuses: DeviceStatus[] };
  expect(body.device_statuses.map((s) => s.name)).toEqual([
    'Removed',
    'Planned',
    'Installed',
    'Commissioned',
    'Faulty',
  ]);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expectOrder(page, ['Removed', 'Planned', 'Installed', 'Commissioned', 'Faulty']);

  await page.reload();
  await expectOrder(page, ['Removed', 'Planned', 'Installed', 'Commissioned', 'Faulty']);
  expect((await siteDetail(page, token, site.id)).device_statuses.map((s) => s.id)).toEqual([5, 1, 2, 3, 4]);

  // The keyboard: space picks "Planned" up, arrow down moves it, space drops it.
  const keyboardSave = savedStatuses(page);
  await page.getByRole('button', { name: 'Move Planned', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Planned.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Planned moved to position 3 of 5.')).toBeAttached();
  await page.keyboard.press('Space');
  await keyboardSave;
  await expectOrder(page, ['Removed', 'Installed', 'Planned', 'Commissioned', 'Faulty']);

  // To original order sorts by id.
  const sortSave = savedStatuses(page);
  await page.getByRole('button', { name: 'To original order' }).click();
  await sortSave;
  await expectOrder(page, ['Planned', 'Installed', 'Commissioned', 'Faulty', 'Removed']);
  await expect(page.getByRole('button', { name: 'To original order' })).toBeDisabled();
});

test('config: a device status is added with the next id and a colour of the palette', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Config ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/config?tab=statuses` });
  await expectOrder(page, ['Planned', 'Installed', 'Commissioned', 'Faulty', 'Removed']);

  // The next id, the default colour unless another is picked.
  await page.getByRole('button', { name: 'Add status' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Status' });
  await expect(dialog.getByText('ID 6')).toBeVisible();
  await expect(dialog.getByLabel('Colour', { exact: true })).toHaveValue('#2AAD74');
  await dialog.getByLabel('Name').fill('planned');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Status "planned" is listed twice')).toBeVisible();
  await dialog.getByLabel('Name').fill('Tested');
  await dialog.getByRole('button', { name: 'Colour #7B1FA2' }).click();
  const addSave = savedStatuses(page);
  await dialog.getByRole('button', { name: 'Add' }).click();
  expect(
    ((await addSave).request().postDataJSON() as { device_statuses: DeviceStatus[] }).device_statuses.at(-1),
  ).toEqual({ id: 6, name: 'Tested', color: '#7B1FA2' });
  await expect(dialog).toBeHidden();
  await expectOrder(page, ['Planned', 'Installed', 'Commissioned', 'Faulty', 'Removed', 'Tested']);
  await page.reload();
  await expectOrder(page, ['Planned', 'Installed', 'Commissioned', 'Faulty', 'Removed', 'Tested']);
  expect((await siteDetail(page, token, site.id)).device_statuses.at(-1)).toEqual({
    id: 6,
    name: 'Tested',
    color: '#7B1FA2',
  });
});

test('config: contractors are added from the tenant, created inline and removed', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Config ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/config?tab=contractors` });
  await expect(page.getByText('No contractors on this site yet.')).toBeVisible();

  // An existing Contractor company of the tenant.
  await page.getByRole('combobox', { name: 'Contractor company' }).click();
  await page.getByRole('option', { name: 'AV Crafters (AVC)' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Contractors Updated')).toBeVisible();
  const list = page.getByRole('list', { name: 'Contractors of the site' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('AV Crafters');
  // Not offered twice.
  await page.getByRole('combobox', { name: 'Contractor company' }).click();
  await expect(page.getByRole('option', { name: 'AV Crafters (AVC)' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A new Contractor company, created here, joins the site.
  const name = `E2E Installers ${unique()}`;
  await page.getByRole('button', { name: 'New Contractor' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Contractor' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Code is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Code').fill(`E2E${unique()}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(name);

  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const detail = await siteDetail(page, token, site.id);
  expect(detail.contractors).toHaveLength(2);

  // Remove one.
  await page.getByRole('button', { name: 'Remove AV Crafters' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).not.toContainText('AV Crafters');
});

test('config: the site form saves what changed', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Config ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/config` });
  await expect(page.getByRole('tab', { name: 'Site config' })).toHaveAttribute('aria-selected', 'true');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(page.getByLabel('Name')).toHaveValue(site.name);
  await expect(save).toBeDisabled();
  await page.getByLabel('City').fill('Antwerp');
  await page.getByLabel('Street', { exact: true }).fill('Meir');
  await page.getByLabel('Name').fill('');
  await save.click();
  await expect(page.getByText('Name is required')).toBeVisible();
  const renamed = `${site.name} renamed`;
  await page.getByLabel('Name').fill(renamed);
  const request = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/sites') && r.request().method() === 'PUT',
  );
  await save.click();
  expect((await request).request().postDataJSON()).toEqual({
    id: site.id,
    name: renamed,
    city: 'Antwerp',
    street: 'Meir',
    // The version the form was filled from: a newer site refuses the save.
    updated_at: expect.any(String),
  });
  await expect(page.getByText('Site saved')).toBeVisible();
  await expect(page.getByTestId('header-title')).toHaveText(`${renamed} · Config`);
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Antwerp');
  await expect(page.getByLabel('Name')).toHaveValue(renamed);
});

test('config: a site form made stale by someone else is refused, and their change is shown', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Stale Site ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/config` });
  await expect(page.getByLabel('Name')).toHaveValue(site.name);

  // Someone else changes the city while the form is open.
  const other = await page.request.put('/api/site/sites', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: site.id, city: 'Leuven' },
  });
  expect(other.status()).toBe(200);

  await page.getByLabel('City').fill('Bruges');
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/sites') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const answer = await refused;
  expect(answer.request().postDataJSON()).toMatchObject({ id: site.id, city: 'Bruges' });
  expect(answer.status(), await answer.text()).toBe(409);
  await expect(page.getByText(/Someone else changed this since you opened it/)).toBeVisible();
  // The form lets go of the edit and shows their version.
  await expect(page.getByLabel('City')).toHaveValue('Leuven');

  // Made again on their version, the save goes through.
  await page.getByLabel('City').fill('Bruges');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Site saved')).toBeVisible();
  expect((await siteDetail(page, token, site.id)).city).toBe('Bruges');
});

test('config: zones are listed by floor, created, edited and deleted (moving their devices off)', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Config ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/config?tab=zones_layers` });
  // No floor yet: a zone can't be added.
  await expect(
    page.getByText('A zone belongs to a floor: add a floor on the Locations page first.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add zone' })).toBeDisabled();
  const floor = await page.request.post('/api/site/floors', {
    headers: { authorization: `Bearer ${token}` },
    data: { site_id: site.id, name: 'Ground Floor', code: 'F0' },
  });
  expect(floor.status()).toBe(200);
  await page.reload();

  await page.getByRole('button', { name: 'Add zone' }).click();
  const zoneDialog = page.getByRole('dialog', { name: 'New Zone' });
  await zoneDialog.getByLabel('Name').fill('North Wing');
  await zoneDialog.getByLabel('Code').fill('NW');
  await zoneDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Zone Created')).toBeVisible();
  const zones = page.getByRole('list', { name: 'Zones of Ground Floor (F0)' });
  await expect(zones).toContainText('North Wing');

  await page.getByRole('button', { name: 'Edit North Wing' }).click();
  const editZone = page.getByRole('dialog', { name: 'Edit Zone' });
  await editZone.getByLabel('Name').fill('South Wing');
  await editZone.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Zone Updated')).toBeVisible();
  await expect(zones).toContainText('South Wing');

  await page.reload();
  await expect(zones).toContainText('South Wing');
  const detail = await siteDetail(page, token, site.id);
  expect(detail.zones.map((z) => [z.name, z.code])).toEqual([['South Wing', 'NW']]);

  // A device in the zone: the delete is refused, then done when the user asks to move it.
  const zone = detail.zones[0]!;
  const productId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  const device = await apiCreateDevice(page.request, token, site.id, productId, {
    floor_id: zone.floor_id,
    zone_id: zone.id,
  });
  await page.getByRole('button', { name: 'Delete South Wing' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete zone South Wing?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toContainText('1 device is still in this zone.');
  await confirm.getByRole('button', { name: 'Delete anyway' }).click();
  await expect(page.getByText('Zone Deleted')).toBeVisible();
  await expect(page.getByText('1 device is no longer in a zone.')).toBeVisible();
  await expect(zones).toContainText('No zones yet.');
  const devices = await apiSiteDevices(page.request, token, site.id);
  expect(devices.find((d) => d.id === device.id)?.zone_id).toBeNull();
});

test('config: layers are created, edited and deleted', async ({ page }) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Config ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/config?tab=zones_layers` });
  await expect(page.getByText('No layers yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add layer' }).click();
  const layerDialog = page.getByRole('dialog', { name: 'New Layer' });
  await layerDialog.getByLabel('Name').fill('Fire safety');
  await layerDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Layer Created')).toBeVisible();
  const layers = page.getByRole('list', { name: 'Layers' });
  await expect(layers).toContainText('Fire safety');

  await page.getByRole('button', { name: 'Edit Fire safety' }).click();
  const editLayer = page.getByRole('dialog', { name: 'Edit Layer' });
  await editLayer.getByLabel('Code').fill('FS');
  await editLayer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Layer Updated')).toBeVisible();
  await expect(layers).toContainText('FS');

  await page.getByRole('button', { name: 'Delete Fire safety' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete layer Fire safety?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Layer Deleted')).toBeVisible();
  await expect(page.getByText('No layers yet.')).toBeVisible();

  await page.reload();
  await expect(page.getByText('No layers yet.')).toBeVisible();
  expect((await siteDetail(page, token, site.id)).layers).toEqual([]);
});

test('config: the dashboard name opens the floorplan dashboard; a Contributor gets no Config page', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `E2E Config ${unique()}`);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/dashboard` });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export floors' }).click();
  expect((await download).suggestedFilename()).toBe(`${site.name} floors.xlsx`);
  await page.getByRole('heading', { name: site.name, level: 1 }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/v3/site/${site.id}/dashboard$`));
  // The address changes before the floorplan's screen has loaded: the account menu opened in the
  // page before it would close with that page.
  await expect(page.getByText('This site has no floors yet.')).toBeVisible();

  await signOut(page);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  await signIn(page, 'tech@asbuilt.demo', { to: `/site/${hq.id}/config` });
  await expect(
    page.getByText('Only users with Full Access can change the configuration of this site.'),
  ).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});
