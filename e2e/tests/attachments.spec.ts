import { expect, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { solidPng } from '../support/files.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('files of a device: upload several at once, the gallery, re-link to a location, delete', async ({
  page,
  request,
}) => {
  const { token } = await apiSignIn(request, INTEGRATOR);
  const headers = { authorization: `Bearer ${token}` };
  const site = await apiCreateSite(request, token, `Files ${unique()}`);
  const floor = await (
    await request.post('/api/site/floors', { headers, data: { site_id: site.id, name: 'Basement' } })
  ).json();
  const location = await (
    await request.post('/api/site/locations', {
      headers,
      data: { floor_id: floor.floor.id, name: 'Boiler room' },
    })
  ).json();
  const device = await apiCreateDevice(
    request,
    token,
    site.id,
    await apiProductId(request, token, site.id, PRODUCTS.switch.name),
    {
      code: 'SW-FILES',
    },
  );

  await signIn(page, INTEGRATOR);
  await page.goto(`/site/${site.id}/devices?device=${device.id}`);
  await page.getByRole('tab', { name: 'Files & Pictures' }).click();
  await expect(page.getByText('No files or pictures yet.')).toBeVisible();

  await page.getByTestId('file-input').setInputFiles([
    { name: 'rack-front.png', mimeType: 'image/png', buffer: solidPng(64, [200, 40, 40]) },
    { name: 'rack-back.png', mimeType: 'image/png', buffer: solidPng(64, [40, 40, 200]) },
    { name: 'Wiring diagram.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await expect(page.locator('.Toastify__toast').filter({ hasText: '3 Documents Attached' })).toBeVisible();
  await expect(page.getByTestId('attachment-card')).toHaveCount(3);
  await expect(page.getByTestId('upload-progress')).toHaveCount(0);

  // Pictures open in the gallery, which moves on to the other picture.
  await page.getByRole('button', { name: 'View rack-front' }).first().click();
  const gallery = page.getByRole('dialog', { name: 'Lightbox' });
  await expect(gallery.getByRole('heading', { name: 'rack-front' })).toBeVisible();
  // Two pictures: the other one is next or previous, depending on which was saved first.
  const next = gallery.getByRole('button', { name: 'Next' });
  await ((await next.isDisabled()) ? gallery.getByRole('button', { name: 'Previous' }) : next).click();
  await expect(gallery.getByRole('heading', { name: 'rack-back' })).toBeVisible();
  await gallery.getByRole('button', { name: 'Close' }).click();
  await expect(gallery).toBeHidden();

  // The PDF goes to the boiler room, found with the tree's search.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Edit Wiring diagram' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit File' });
  await dialog.getByLabel('Search floors, locations and devices').fill('boiler');
  await dialog.getByRole('treeitem', { name: /Boiler room/ }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Attachment Updated' })).toBeVisible();
  await expect(page.getByTestId('attachment-card')).toHaveCount(2);

  // A picture goes for good.
  await page.getByRole('button', { name: 'Delete rack-back' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Deleted items cannot be retrieved.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Attachment Deleted' })).toBeVisible();
  await expect(page.getByTestId('attachment-card')).toHaveCount(1);

  // The boiler room's card lists the PDF; the site's Attachments page lists both files with their links.
  await page.goto(`/site/${site.id}/locations`);
  await page.getByText('Boiler room', { exact: true }).click();
  await page.getByRole('tab', { name: /Files & Pictures/ }).click();
  await expect(page.getByTestId('attachment-card')).toHaveCount(1);
  await expect(page.getByTestId('attachment-card')).toContainText('Wiring diagram');
  await page.goto(`/site/${site.id}/attachments`);
  await expect(page.getByTestId('attachment-card')).toHaveCount(2);
  await expect(page.getByTestId('attachment-card').filter({ hasText: 'Wiring diagram' })).toContainText(
    'Basement › Boiler room',
  );
  expect(location.location.id).toBeGreaterThan(0);
});
