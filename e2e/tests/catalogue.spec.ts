import type { ProductDto, ProductsIndexResponse } from '@asbuilt/domain';
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { writeTempPng } from '../support/files.ts';
import { signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const unique = () => Date.now().toString(36).slice(-5).toUpperCase();

async function productsOfApi(page: Page, token: string): Promise<ProductsIndexResponse> {
  const response = await page.request.get('/api/tenant/products', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ProductsIndexResponse;
}

test('catalogue: a product with an image, 4 interfaces and a brand created inline, then edited inline', async ({
  page,
}) => {
  const tag = unique();
  const brandName = `Zeta Audio ${tag}`;
  const productName = `Zeta amplifier ${tag}`;
  const imagePath = await writeTempPng(`product-${tag}`);
  const { token } = await apiSignIn(page.request, INTEGRATOR);

  await signIn(page, INTEGRATOR, { to: '/tenant/products' });
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await page.getByRole('button', { name: 'New Product' }).click();
  const editor = page.getByRole('dialog', { name: 'New Product' });
  await expect(editor).toBeVisible();

  // Image: upload slot, bytes, completion; the picture shows in the form.
  const chooser = page.waitForEvent('filechooser');
  await editor.getByRole('button', { name: 'Upload Image' }).click();
  await (await chooser).setFiles(imagePath);
  await expect(editor.getByRole('img', { name: 'Product image' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Change Image' })).toBeVisible();

  // Brand created from the Brand field: name and code, '{type} Created'.
  const brand = editor.getByRole('combobox', { name: 'Brand' });
  await brand.fill(brandName);
  await page.getByRole('option', { name: `Add "${brandName}"` }).click();
  const brandDialog = page.getByRole('dialog', { name: 'New Brand' });
  await expect(brandDialog.getByLabel('Name')).toHaveValue(brandName);
  await brandDialog.getByRole('button', { name: 'Create' }).click();
  await expect(brandDialog.getByText('Code is required')).toBeVisible();
  await brandDialog.getByLabel('Code').fill(`Z${tag}`);
  await brandDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Brand Created')).toBeVisible();
  await expect(brandDialog).toBeHidden();
  await expect(brand).toHaveValue(brandName);

  await editor.getByLabel('Model').fill('ZA-100');
  await editor.getByLabel('Short Description').fill(productName);
  await editor.getByRole('combobox', { name: 'Product Category' }).fill('Amplifier');
  await page.getByRole('option', { name: 'AV / Amplifier' }).click();

  // Long form, I/O tab: four interfaces at once through the quantity field.
  await editor.getByRole('button', { name: 'Long form' }).click();
  await editor.getByRole('tab', { name: 'Specifications' }).click();
  await expect(editor.getByLabel('Rack units')).toBeDisabled();
  await editor.getByLabel('Rack Mounted').check();
  await expect(editor.getByLabel('Rack units')).toBeEnabled();
  await editor.getByLabel('Rack units').fill('2');
  await editor.getByRole('tab', { name: 'I/O' }).click();
  const add = editor.getByRole('group', { name: 'Add interfaces' });
  await expect(add.getByLabel('Quantity')).toHaveValue('1');
  await add.getByLabel('Terminal').click();
  await page.getByRole('option', { name: 'XLR', exact: true }).click();
  await add.getByLabel('Signal').click();
  await page.getByRole('option', { name: 'Audio', exact: true }).click();
  await add.getByLabel('Label').fill('Line in');
  await add.getByLabel('Quantity').fill('4');
  await add.getByRole('button', { name: 'Add' }).click();
  const interfaces = editor.getByRole('list', { name: 'Interfaces' }).getByRole('listitem');
  await expect(interfaces).toHaveCount(4);
  await expect(interfaces.first()).toContainText('XLR');
  await expect(interfaces.first()).toContainText('Line in');

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/tenant/products') && r.request().method() === 'POST',
  );
  await editor.getByRole('button', { name: 'Create' }).click();
  const body = (await (await created).request().postDataJSON()) as Record<string, unknown>;
  // Only filled-in fields travel (no empty strings, no untouched defaults).
  expect(Object.keys(body).sort()).toEqual(
    [
      'brand_id',
      'image',
      'interfaces_attributes',
      'name',
      'procat_id',
      'product_model',
      'rack_mounted',
      'rack_units',
    ].sort(),
  );
  await expect(page.getByText('Product Created')).toBeVisible();
  await expect(editor).toBeHidden();

  const stored = (await productsOfApi(page, token)).products.find((p) => p.name === productName);
  expect(stored).toBeDefined();
  const product = stored as ProductDto;
  expect(product.interfaces).toHaveLength(4);
  expect(product.interfaces.every((i) => i.terminal === 'XLR' && i.signal === 'Audio')).toBe(true);
  expect(product.brand?.name).toBe(brandName);
  expect(product.image_key).toMatch(/^products\/.+\.png$/);
  expect(product.rack_units).toBe(2);

  // In the list: search finds it.
  await page.getByRole('searchbox', { name: 'Search products' }).fill(productName);
  const table = page.getByRole('table', { name: 'Products' });
  const row = table.getByRole('row').filter({ hasText: productName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(brandName);
  await expect(row).toContainText('AV / Amplifier');
  // The picture is served through its signed URL (decorative in the row: the name is beside it).
  await expect(row.locator('img')).toHaveJSProperty('naturalWidth', 24);

  // Inline edit of the model: nothing is sent when unchanged, then one property is sent.
  const inlineCalls: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/products') && request.method() === 'PUT') {
      inlineCalls.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  await row.getByText('ZA-100').hover();
  await row.getByRole('button', { name: 'Edit Model' }).click();
  await row.getByRole('textbox', { name: 'Model' }).press('Enter');
  await expect(row.getByRole('textbox', { name: 'Model' })).toBeHidden();
  expect(inlineCalls).toHaveLength(0);

  await row.getByRole('button', { name: 'Edit Model' }).click();
  await row.getByRole('textbox', { name: 'Model' }).fill('ZA-200');
  await row.getByRole('textbox', { name: 'Model' }).press('Escape');
  await expect(row).toContainText('ZA-100');
  expect(inlineCalls).toHaveLength(0);

  await row.getByRole('button', { name: 'Edit Model' }).click();
  await row.getByRole('textbox', { name: 'Model' }).fill('ZA-200 MkII');
  await row.getByRole('textbox', { name: 'Model' }).press('Enter');
  await expect(page.getByText('Product Updated')).toBeVisible();
  await expect(row).toContainText('ZA-200 MkII');
  expect(inlineCalls).toEqual([{ id: product.id, product_model: 'ZA-200 MkII' }]);

  // A row click opens the product in the editor, with its picture and interfaces.
  await row.getByRole('cell', { name: String(product.id), exact: true }).click();
  const update = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(update.getByLabel('Model')).toHaveValue('ZA-200 MkII');
  await expect(update.getByRole('img', { name: 'Product image' })).toBeVisible();
  await update.getByRole('tab', { name: 'I/O' }).click();
  await expect(update.getByRole('list', { name: 'Interfaces' }).getByRole('listitem')).toHaveCount(4);
  // Update sends only what changed: one interface removed, the description set.
  await update.getByRole('button', { name: 'Remove interface 4' }).click();
  await update.getByRole('tab', { name: 'Description' }).click();
  await update.getByRole('textbox', { name: 'Description' }).fill('Four-channel amplifier');
  const updated = page.waitForResponse(
    (r) => r.url().endsWith('/api/tenant/products') && r.request().method() === 'PUT',
  );
  await update.getByRole('button', { name: 'Save' }).click();
  const updateBody = (await updated).request().postDataJSON() as Record<string, unknown>;
  expect(updateBody).toEqual({
    id: product.id,
    description: 'Four-channel amplifier',
    interfaces_attributes: [{ id: product.interfaces[3]?.id, _destroy: true }],
  });
  await expect(page.getByText('Product Updated').first()).toBeVisible();
  const after = (await productsOfApi(page, token)).products.find((p) => p.id === product.id);
  expect(after?.interfaces).toHaveLength(3);
});

test('catalogue: library products open read-only for a tenant user', async ({ page }) => {
  await signIn(page, INTEGRATOR, { to: '/tenant/products' });
  const table = page.getByRole('table', { name: 'Products' });
  const libraryRow = table.getByRole('row').filter({ hasText: 'Asbuilt Library' }).first();
  await expect(libraryRow.getByRole('img', { name: 'Read-only' })).toBeVisible();
  await expect(libraryRow.getByRole('button', { name: 'Edit Model' })).toHaveCount(0);
  await libraryRow.click();
  const dialog = page.getByRole('dialog', { name: 'Product' });
  await expect(dialog.getByText('Library product · read-only')).toBeVisible();
  await expect(dialog.getByLabel('Model')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
});

test('companies and customers: create, filter, search, edit and delete', async ({ page }) => {
  const tag = unique();
  const name = `Volt Supplies ${tag}`;
  await signIn(page, INTEGRATOR, { to: '/tenant/companies' });

  await page.getByRole('button', { name: 'New Company' }).click();
  const create = page.getByRole('dialog', { name: 'New Company' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Code').fill(`V${tag}`);
  await create.getByLabel('Supplier').check();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Company Created')).toBeVisible();

  const table = page.getByRole('table', { name: 'Companies' });
  const filters = page.getByRole('group', { name: 'Filter companies' });
  await filters.getByRole('button', { name: 'Customers' }).click();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Acme Offices' })).toHaveCount(1);
  await filters.getByRole('button', { name: 'Suppliers' }).click();
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(tag);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Supplier');

  await row.click();
  const edit = page.getByRole('dialog', { name: 'Edit Company' });
  await edit.getByLabel('Brand').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company Updated')).toBeVisible();
  await expect(row).toContainText('Brand');

  // A company still in use can't be deleted: the server's reason is shown.
  await page.getByRole('searchbox', { name: 'Search companies' }).fill('');
  await filters.getByRole('button', { name: 'All' }).click();
  await table.getByRole('row').filter({ hasText: 'Acme Offices' }).click();
  const used = page.getByRole('dialog', { name: 'Edit Company' });
  await used.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/Acme Offices is still used by/)).toBeVisible();
  await used.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('searchbox', { name: 'Search companies' }).fill(tag);
  await row.click();
  await page.getByRole('dialog', { name: 'Edit Company' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await expect(confirm).toContainText('Deleted items cannot be retrieved.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Company Deleted')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Customers: only customers, create and delete with a confirmation.
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('tab', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/tenant\/customers$/);
  const customers = page.getByRole('table', { name: 'Customers' });
  await expect(customers.getByRole('row').filter({ hasText: 'Acme Offices' })).toHaveCount(1);
  await expect(customers.getByRole('row').filter({ hasText: 'ElectroSupply NV' })).toHaveCount(0);
  await page.getByRole('button', { name: 'New Customer' }).click();
  const newCustomer = page.getByRole('dialog', { name: 'New Customer' });
  await newCustomer.getByLabel('Name').fill(`Harbour Hotel ${tag}`);
  await newCustomer.getByLabel('Code').fill(`H${tag}`);
  await newCustomer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Customer Created')).toBeVisible();
  const customerRow = customers.getByRole('row').filter({ hasText: `Harbour Hotel ${tag}` });
  await expect(customerRow).toContainText('Demo Integrator');
  await customerRow.getByRole('button', { name: `Delete Harbour Hotel ${tag}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Customer Deleted')).toBeVisible();
  await expect(customerRow).toHaveCount(0);
});

test('companies: an edit made stale by someone else is refused, and their change is shown', async ({
  page,
}) => {
  const tag = unique();
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/tenant/companies', {
    headers,
    data: { name: `Stale Supplies ${tag}`, code: `S${tag}`, supplier: true },
  });
  expect(created.status()).toBe(200);
  const { company } = (await created.json()) as { company: { id: number } };

  await signIn(page, INTEGRATOR, { to: '/tenant/companies' });
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(tag);
  const table = page.getByRole('table', { name: 'Companies' });
  await table
    .getByRole('row')
    .filter({ hasText: `Stale Supplies ${tag}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Company' });
  await expect(edit.getByLabel('Name')).toHaveValue(`Stale Supplies ${tag}`);

  // Someone else renames it while the dialog is open.
  const other = await page.request.put('/api/tenant/companies', {
    headers,
    data: { id: company.id, name: `Their Supplies ${tag}` },
  });
  expect(other.status()).toBe(200);

  await edit.getByLabel('Brand').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Someone else changed this since you opened it/)).toBeVisible();
  // The dialog closes on the newer list: their name, without the brand.
  await expect(edit).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: `Their Supplies ${tag}` });
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('Brand');

  // Made again on their version, the edit goes through.
  await row.click();
  await page.getByRole('dialog', { name: 'Edit Company' }).getByLabel('Brand').check();
  await page.getByRole('dialog', { name: 'Edit Company' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company Updated')).toBeVisible();
  await expect(row).toContainText('Brand');
});

test('@phone catalogue pages show cards at phone width', async ({ page }) => {
  await signIn(page, INTEGRATOR, { to: '/tenant/products' });
  const list = page.getByRole('list', { name: 'Products' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products' }).fill('PowerEdge R750');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('listitem').click();
  await expect(page.getByRole('dialog', { name: 'Product' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

  await page.goto('/tenant/companies');
  await expect(page.getByRole('list', { name: 'Companies' }).getByRole('listitem').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
