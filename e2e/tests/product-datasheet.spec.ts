import type { ProductDto } from '@asbuilt/domain';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('product datasheet: upload a PDF in the product editor, download it, replace a refused file, remove it', async ({
  page,
}) => {
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const name = `Datasheet camera ${tag}`;
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const created = await page.request.post('/api/tenant/products', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, product_model: `DS-${tag}` },
  });
  expect(created.status()).toBe(200);
  const product = (await created.json()).product as ProductDto;

  await signIn(page, INTEGRATOR, { to: '/tenant/products' });
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  const row = page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: name });
  await row.getByRole('cell', { name: String(product.id), exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Product' });
  const block = editor.getByRole('region', { name: 'Datasheet' });
  await expect(block.getByText('No datasheet yet.')).toBeVisible();

  // A file that is not a PDF is refused with the server's reason.
  await block.locator('input[type=file]').setInputFiles({
    name: 'not-a-pdf.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('plain text'),
  });
  await expect(page.getByText('Failed to upload the datasheet. Please try again.')).toBeVisible();
  await expect(block.getByText('No datasheet yet.')).toBeVisible();

  await block.locator('input[type=file]').setInputFiles({
    name: `DS-${tag} datasheet.pdf`,
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('Datasheet saved')).toBeVisible();
  const link = block.getByRole('link', { name: 'Datasheet' });
  await expect(link).toBeVisible();
  await expect(block.getByText(`DS-${tag} datasheet.pdf`)).toBeVisible();
  const href = await link.getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  expect(file.headers()['content-disposition']).toContain(`DS-${tag} datasheet.pdf`);

  await block.getByRole('button', { name: 'Remove Datasheet' }).click();
  await expect(page.getByText('Datasheet removed')).toBeVisible();
  await expect(block.getByText('No datasheet yet.')).toBeVisible();
  const after = await page.request.get('/api/tenant/products', {
    headers: { authorization: `Bearer ${token}` },
  });
  const stored = ((await after.json()).products as ProductDto[]).find((p) => p.id === product.id);
  expect(stored?.datasheet_url).toBeNull();
});
