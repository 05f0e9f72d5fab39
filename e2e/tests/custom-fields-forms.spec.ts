/**
 * Custom fields on the create forms and in the import (issue 43): a required site field and a
 * required location field are filled while creating (left empty, the form says so; a value of the
 * wrong type, the server's words show under the field); a file column of another name is mapped to
 * a device field in the import wizard, or left out; the devices page shows the tags as a column.
 * Required fields would block every other test's sites, so these run in a tenant of their own.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import {
  apiCreateDevice,
  apiCreateSite,
  apiProductId,
  apiSiteDevices,
  PRODUCTS,
  unique,
} from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const PASSWORD = 'fields-e2e-pass-1';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new tenant with an Integrator and a customer, for fields no other test expects. */
async function ownTenant(request: APIRequestContext) {
  const u = unique();
  const admin = await apiSignIn(request, 'admin@asbuilt.demo');
  const tenant = await request.post('/api/admin/tenants', {
    headers: auth(admin.token),
    data: { name: `E2E Fields ${u}` },
  });
  expect(tenant.status()).toBe(200);
  const tenantId = ((await tenant.json()) as { tenant: { id: number } }).tenant.id;
  const email = `fields.${u.toLowerCase()}@example.test`;
  const user = await request.post('/api/admin/users', {
    headers: auth(admin.token),
    data: { email, password: PASSWORD, fname: 'Lotte', lname: 'Peeters', role: 3, tenant_id: tenantId },
  });
  expect(user.status(), await user.text()).toBe(200);
  const { token } = await apiSignIn(request, email, PASSWORD);
  const customer = await request.post('/api/tenant/companies', {
    headers: auth(token),
    data: { name: 'Fields Customer', code: `FC${u}`, customer: true },
  });
  expect(customer.status(), await customer.text()).toBe(200);
  return { email, token };
}

async function define(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const response = await request.post('/api/tenant/custom_fields', { headers: auth(token), data: body });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { custom_field: { id: number } }).custom_field;
}

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

test('custom fields: New Site and a new location fill their required fields', async ({ page }) => {
  test.slow();
  const { email, token } = await ownTenant(page.request);
  const permit = await define(page.request, token, {
    name: 'Permit number',
    type: 'text',
    applies_to: 'sites',
    required: true,
  });
  const storeys = await define(page.request, token, { name: 'Storeys', type: 'number', applies_to: 'sites' });
  const zone = await define(page.request, token, {
    name: 'Fire zone',
    type: 'choice',
    options: ['Z1', 'Z2'],
    applies_to: 'locations',
    required: true,
  });
  const name = `E2E Permit ${unique()}`;

  await signIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'New Site' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Site' });
  const details = dialog.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('textbox', { name: 'Permit number' })).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: 'Fields Customer' }).click();

  // Left empty, the required field says so and nothing is sent.
  let posts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/site/sites') && r.method() === 'POST') posts++;
  });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(details.getByText('Permit number is required')).toBeVisible();
  expect(posts).toBe(0);

  // A value the server refuses: its words under the field.
  await details.getByRole('textbox', { name: 'Permit number' }).fill('PN-42');
  await details.getByRole('textbox', { name: 'Storeys' }).fill('many');
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/sites') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create' }).click();
  expect((await refused).status()).toBe(400);
  await expect(details.getByText('Storeys must be a number')).toBeVisible();

  await details.getByRole('textbox', { name: 'Storeys' }).fill('4');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/sites') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create' }).click();
  const answer = await created;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON().custom_fields).toEqual({ [permit.id]: 'PN-42', [storeys.id]: '4' });
  const site = ((await answer.json()) as { site: { id: number; custom_fields: Record<string, unknown> } })
    .site;
  expect(site.custom_fields).toEqual({ [permit.id]: 'PN-42', [storeys.id]: 4 });
  await expect(toast(page, `Site ${name} Created`)).toBeVisible();

  // A location on a floor of the new site.
  const floor = await page.request.post('/api/site/floors', {
    headers: auth(token),
    data: { site_id: site.id, name: 'Level 1' },
  });
  expect(floor.status()).toBe(200);
  await page.goto(`/site/${site.id}/locations`);
  const add = page.getByRole('button', { name: 'Add a location to Level 1' });
  await add.hover();
  await add.click();
  const form = page.getByRole('dialog', { name: 'Add Location' });
  await form.getByLabel('Name').fill('Plant Room');
  await form.getByRole('button', { name: 'Create' }).click();
  const zoneInput = form
    .getByRole('region', { name: 'Details' })
    .getByRole('combobox', { name: 'Fire zone' });
  await expect(form.getByText('Fire zone is required')).toBeVisible();
  await zoneInput.click();
  await page.getByRole('option', { name: 'Z2' }).click();
  await expect(form.getByText('Fire zone is required')).toHaveCount(0);
  const location = page.waitForResponse(
    (r) => r.url().endsWith('/api/site/locations') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Create' }).click();
  const made = await location;
  expect(made.status()).toBe(200);
  expect(((await made.json()) as { location: { custom_fields: unknown } }).location.custom_fields).toEqual({
    [zone.id]: 'Z2',
  });
  await expect(toast(page, 'Location Created')).toBeVisible();
});

test('custom fields: New Device fills a required device field', async ({ page }) => {
  const { email, token } = await ownTenant(page.request);
  const site = await apiCreateSite(page.request, token, `E2E New device ${unique()}`);
  const asset = await define(page.request, token, {
    name: 'Asset tag',
    type: 'text',
    applies_to: 'devices',
    required: true,
  });
  await signIn(page, email, { password: PASSWORD, to: `/site/${site.id}/devices` });
  await page.getByRole('button', { name: 'Add device', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Device' });
  await dialog.getByLabel('Search products').fill('catalyst 9300');
  await dialog.getByRole('option', { name: PRODUCTS.switch.name }).click();
  const input = dialog.getByRole('region', { name: 'Details' }).getByRole('textbox', { name: 'Asset tag' });
  await dialog.getByRole('button', { name: 'Add device' }).click();
  await expect(dialog.getByText('Asset tag is required')).toBeVisible();
  await input.fill('AT-0042');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/site/devices/many'));
  await dialog.getByRole('button', { name: 'Add device' }).click();
  const answer = await created;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON().custom_fields).toEqual({ [asset.id]: 'AT-0042' });
  await expect(dialog).toBeHidden();
  const [device] = await apiSiteDevices(page.request, token, site.id);
  expect(device!.custom_fields).toEqual({ [asset.id]: 'AT-0042' });
});

test('custom fields: the import maps a column to a device field, or leaves it out', async ({ page }) => {
  test.slow();
  const { email, token } = await ownTenant(page.request);
  const firmware = await define(page.request, token, {
    name: 'Firmware',
    type: 'text',
    applies_to: 'devices',
  });
  const commissioned = await define(page.request, token, {
    name: 'Commissioned',
    type: 'date',
    applies_to: 'devices',
  });
  const site = await apiCreateSite(page.request, token, `E2E Import ${unique()}`);
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('devices');
  sheet.addRow(['Product ID', 'Code', 'FW version', 'Commissioned']);
  sheet.addRow([switchId, 'IMP-1', '17.9.4', 'last spring']);
  sheet.addRow([switchId, 'IMP-2', '17.12.1', '']);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());

  await signIn(page, email, { password: PASSWORD, to: `/site/${site.id}/devices` });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Import devices' });
  await wizard.locator('input[type=file]').setInputFiles({
    name: 'switches.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await expect(wizard.getByText('switches.xlsx: 2 rows')).toBeVisible();
  // A column headed by a field's name is mapped to it; another is left out until mapped.
  await expect(wizard.getByRole('combobox', { name: 'Field for the column Commissioned' })).toHaveText(
    'Commissioned',
  );
  const fw = wizard.getByRole('combobox', { name: 'Field for the column FW version' });
  await expect(fw).toHaveText("Don't import");
  await fw.click();
  await expect(page.getByRole('option', { name: 'Commissioned' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('option', { name: 'Firmware' }).click();
  await expect(fw).toHaveText('Firmware');

  // The server checks each value by its type and names the row and the file's column.
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText(/^1 problem/)).toBeVisible();
  await expect(wizard.locator('td[data-problem]')).toHaveText('last spring');
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Left out, the column changes nothing.
  await wizard.getByRole('button', { name: 'Back' }).click();
  await wizard.getByRole('combobox', { name: 'Field for the column Commissioned' }).click();
  await page.getByRole('option', { name: "Don't import" }).click();
  const checked = page.waitForRequest((r) => r.url().endsWith('/api/site/devices/import'));
  await wizard.getByRole('button', { name: 'Next' }).click();
  const sent = (await checked).postDataJSON() as {
    rows: { custom_fields?: Record<string, string> }[];
    custom_headers?: Record<string, string>;
  };
  expect(sent.rows[0]!.custom_fields).toEqual({ Firmware: '17.9.4' });
  expect(sent.custom_headers).toEqual({ Firmware: 'FW version' });
  await expect(wizard.getByText('Ready: 2 new, 0 changed, 0 unchanged.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Upload' }).click();
  await expect(wizard.getByText('Devices created: 2, updated: 0.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Close' }).click();

  const devices = await apiSiteDevices(page.request, token, site.id);
  const byCode = new Map(devices.map((d) => [d.code, d.custom_fields]));
  expect(byCode.get('IMP-1')).toEqual({ [firmware.id]: '17.9.4' });
  expect(byCode.get('IMP-2')).toEqual({ [firmware.id]: '17.12.1' });
  expect(JSON.stringify(devices)).not.toContain(`"${commissioned.id}"`);
});

test('tags: the devices page shows them as a column, picked in the columns menu and sorted', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, 'integrator@asbuilt.demo');
  const site = await apiCreateSite(page.request, token, `E2E Tag column ${unique()}`);
  const switchId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
  const names = [`Alpha ${unique()}`, `Omega ${unique()}`];
  const tags: number[] = [];
  for (const [index, name] of names.entries()) {
    const response = await page.request.post('/api/tenant/tags', {
      headers: auth(token),
      data: { name, color: index === 0 ? '#1565c0' : '#ffd54f' },
    });
    expect(response.status()).toBe(200);
    tags.push(((await response.json()) as { tag: { id: number } }).tag.id);
  }
  await apiCreateDevice(page.request, token, site.id, switchId, { code: 'T-1', tags: [tags[1]] });
  await apiCreateDevice(page.request, token, site.id, switchId, { code: 'T-2', tags: [tags[0], tags[1]] });
  await apiCreateDevice(page.request, token, site.id, switchId, { code: 'T-3' });

  await signIn(page, 'integrator@asbuilt.demo', { to: `/site/${site.id}/devices` });
  const table = page.getByRole('table', { name: 'Devices' });
  const header = table.getByRole('row').first();
  await expect(header.getByRole('columnheader', { name: 'Tags' })).toHaveCount(0);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/site/headers'));
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Tags' }).click();
  expect((await saved).request().postDataJSON().headers).toContain('tags');
  await page.keyboard.press('Escape');
  await expect(header.getByRole('columnheader', { name: 'Tags' })).toBeVisible();
  const row = (code: string) => table.getByRole('row').filter({ hasText: code });
  await expect(row('T-2').getByTestId('device-tags').getByText(names[0]!)).toBeVisible();
  await expect(row('T-2').getByTestId('device-tags').getByText(names[1]!)).toBeVisible();
  await expect(row('T-3').getByTestId('device-tags')).toHaveCount(0);

  // Sorted by the tags' names: Alpha… before Omega…, then the untagged device.
  await header.getByRole('columnheader', { name: 'Tags' }).getByRole('button').first().click();
  const codes = async () =>
    (await table.getByRole('row').allInnerTexts()).slice(1).map((text) => /T-\d/.exec(text)?.[0]);
  await expect.poll(codes).toEqual(['T-2', 'T-1', 'T-3']);
  // The page's search finds a device by its tag's name.
  await page.getByRole('searchbox', { name: 'Search devices' }).fill(names[0]!.toLowerCase());
  await expect(page.getByTestId('device-counter')).toHaveText('1 of 3 devices');
});
