import ExcelJS from 'exceljs';
import { signIn } from '../support/session.ts';
import { unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const ADMIN = 'admin@asbuilt.demo';

test('administration: a company in another tenant, and categories picked or created with the combos', async ({
  page,
}) => {
  const name = `E2E Electric ${unique()}`;
  await signIn(page, ADMIN);

  // A contractor company of another tenant, with its code.
  await page.goto('/admin/companies');
  await page.getByRole('button', { name: 'New Company' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Company' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Code is required')).toBeVisible();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Please fill in all required fields: Code' }),
  ).toBeVisible();
  await dialog.getByLabel('Code').fill('EE');
  await dialog.getByLabel('Contractor').check();
  await dialog.getByRole('combobox', { name: 'Tenant' }).click();
  await page.getByRole('option', { name: 'Other Integrator' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Company Created' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Other Integrator');
  await expect(row).toContainText('Contractor');
  await dismissToasts(page);

  // A category with three new levels, then a second one under the same branch, picked.
  const main = `E2E Lighting ${unique()}`;
  await page.goto('/admin/procats');
  await page.getByRole('button', { name: 'New Category' }).click();
  dialog = page.getByRole('dialog', { name: 'New Category' });
  await dialog.getByRole('combobox', { name: 'Main Category' }).fill(main);
  await dialog.getByRole('combobox', { name: 'Sub-Category 1' }).fill('Emergency');
  await dialog.getByRole('combobox', { name: 'Sub-Category 2' }).fill('Exit sign');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Product Category Created' }),
  ).toBeVisible();
  await dismissToasts(page);

  await page.getByRole('button', { name: 'New Category' }).click();
  dialog = page.getByRole('dialog', { name: 'New Category' });
  await dialog.getByRole('combobox', { name: 'Main Category' }).fill(main.slice(0, 12));
  await page.getByRole('option', { name: main }).click();
  await dialog.getByRole('combobox', { name: 'Sub-Category 1' }).click();
  await page.getByRole('option', { name: 'Emergency' }).click();
  await dialog.getByRole('combobox', { name: 'Sub-Category 2' }).fill('Luminaire');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Product Category Created' }),
  ).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search categories' }).fill(main);
  const rows = page.getByRole('row').filter({ hasText: main });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Luminaire' })).toContainText('Emergency');

  // Renamed from the row.
  await dismissToasts(page);
  await rows.filter({ hasText: 'Luminaire' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Category' });
  await dialog.getByRole('combobox', { name: 'Sub-Category 2' }).fill('Luminaires');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Procduct Category Updated' }),
  ).toBeVisible();
  await expect(rows.filter({ hasText: 'Luminaires' })).toHaveCount(1);
});

test('administration: a category dialog opened before the tenants arrive takes the first one', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  // The page's list (with the tenants the form offers) is held until the dialog is filled in.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/procats', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/procats');
  await page.getByRole('button', { name: 'New Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Category' });
  await dialog.getByRole('combobox', { name: 'Main Category' }).fill(`E2E Late ${unique()}`);
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  release();
  await expect(dialog.getByRole('combobox', { name: 'Tenant' })).toHaveText('Asbuilt Library');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Product Category Created' }),
  ).toBeVisible();
});

test('administration: every tenant’s products with their status; the editor offers status and tenant', async ({
  page,
}) => {
  await signIn(page, ADMIN, { to: '/admin/products' });
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Tenant' })).toBeVisible();
  await expect(table.getByText('In production').first()).toBeVisible();
  await table.getByRole('row').nth(1).click();
  const editor = page.getByRole('dialog');
  await expect(editor.getByRole('combobox', { name: 'Tenant' })).toBeVisible();
  await expect(editor.getByRole('switch')).toBeChecked();
  await page.keyboard.press('Escape');

  // Products.xlsx.
  await page.getByRole('button', { name: 'Spreadsheet' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export Products' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Products.xlsx');

  // The AI generator says how to configure it on a server without a provider key.
  await page.getByRole('button', { name: 'AI Product' }).click();
  const ai = page.getByRole('dialog', { name: 'Create a product with AI' });
  await expect(ai.getByText(/No AI provider is configured/)).toBeVisible();
  await expect(ai.getByRole('button', { name: 'Generate' })).toBeDisabled();
});

async function workbook(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('companies');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('administration: import companies, a bad row named and nothing written, then fixed and uploaded', async ({
  page,
}) => {
  const name = `E2E Import ${unique()}`;
  await signIn(page, ADMIN, { to: '/admin/companies' });
  await page.getByRole('button', { name: 'Spreadsheet' }).click();
  await page.getByRole('menuitem', { name: 'Import Companies' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Companies' });
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  const header = ['Name', 'Code', 'Type', 'Tenant ID'];
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'companies.xlsx',
    mimeType: xlsx,
    buffer: await workbook([header, [name, 'EI1', 'Supplier', 2], [`${name} B`, '', 'Wizard', 2]]),
  });
  await expect(dialog.getByText('2 problems')).toBeVisible();
  await expect(dialog.getByText('Row 3, Code: required')).toBeVisible();
  await expect(dialog.getByText('Row 3, Type: "Wizard" is not valid')).toBeVisible();
  await expect(dialog.locator('td[data-problem]')).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();

  await dialog.locator('input[type=file]').setInputFiles({
    name: 'companies-fixed.xlsx',
    mimeType: xlsx,
    buffer: await workbook([header, [name, 'EI1', 'Supplier', 2], [`${name} B`, 'EI2', 'Contractor', 2]]),
  });
  await expect(dialog.getByText('Ready: 2 new, 0 changed, 0 unchanged.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Companies uploaded' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(name);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: `${name} B` })).toContainText('Demo Integrator');

  // The export downloads Companies.xlsx.
  await page.getByRole('button', { name: 'Spreadsheet' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export Companies' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Companies.xlsx');

  // Its two rows, one code edited, import back: that row is changed, old → new on the cell.
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.readFile(await download.path());
  // Sheet values are numbered from 1: rows and cells alike start with a hole.
  const rows = (exported.worksheets[0]!.getSheetValues() as ExcelJS.CellValue[][])
    .slice(1)
    .map((row) => row.slice(1));
  const ours = rows.filter((row) => String(row[1]).startsWith(name));
  expect(ours).toHaveLength(2);
  const edited = ours.map((row) => (row[2] === 'EI1' ? row.with(2, 'EI9') : row));
  await page.getByRole('button', { name: 'Spreadsheet' }).click();
  await page.getByRole('menuitem', { name: 'Import Companies' }).click();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'companies-edited.xlsx',
    mimeType: xlsx,
    buffer: await workbook([rows[0] as (string | number)[], ...(edited as (string | number)[][])]),
  });
  await expect(dialog.getByText('Ready: 0 new, 1 changed, 1 unchanged.')).toBeVisible();
  await expect(dialog.locator('tr[data-status="unchanged"]')).toHaveCount(1);
  const changed = dialog.locator('tr[data-status="changed"] td[data-changed]');
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('EI9, was EI1');
  await expect(changed.locator('s')).toHaveText('EI1');
});
