import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { solidPng } from '../support/files.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
/** A real photo-like JPEG (fixtures/rack-back.jpg, 240 × 160). */
const JPEG = {
  name: 'rack-back.jpg',
  mimeType: 'image/jpeg',
  buffer: readFileSync(path.join(import.meta.dirname, '../fixtures/rack-back.jpg')),
};

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A site of its own (Demo HQ's files stay as seeded for the other specs), a floor, a location and a device. */
async function siteWithDevice(request: APIRequestContext) {
  const { token } = await apiSignIn(request, INTEGRATOR);
  const headers = { authorization: `Bearer ${token}` };
  const site = await apiCreateSite(request, token, `Files ${unique()}`);
  const floor = await (
    await request.post('/api/site/floors', { headers, data: { site_id: site.id, name: 'Basement' } })
  ).json();
  await request.post('/api/site/locations', {
    headers,
    data: { floor_id: floor.floor.id, name: 'Boiler room' },
  });
  const device = await apiCreateDevice(
    request,
    token,
    site.id,
    await apiProductId(request, token, site.id, PRODUCTS.switch.name),
    { code: 'SW-FILES' },
  );
  return { site, device };
}

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

test('files of a device: upload several at once, the gallery, re-link to a location, delete', async ({
  page,
  request,
}) => {
  test.slow();
  const { site, device } = await siteWithDevice(request);

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${device.id}` });
  await page.getByRole('tab', { name: 'Files & Pictures' }).click();
  await expect(page.getByText('No files or pictures yet.')).toBeVisible();

  // The bytes take a moment to arrive, so that each file's progress bar can be seen.
  await page.route('**/api/global/uploads/**', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page
    .getByTestId('file-input')
    .setInputFiles([
      { name: 'rack-front.png', mimeType: 'image/png', buffer: solidPng(64, [200, 40, 40]) },
      JPEG,
      { name: 'Wiring diagram.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
  await expect(page.getByTestId('upload-progress')).toHaveCount(3);
  await expect(page.getByRole('progressbar', { name: 'Upload of rack-back.jpg' })).toBeVisible();
  await expect(toast(page, '3 Documents Attached')).toBeVisible();
  await expect(page.getByTestId('upload-progress')).toHaveCount(0);
  await expect(page.getByTestId('attachment-card')).toHaveCount(3);
  await page.unroute('**/api/global/uploads/**');

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
  await expect(dialog.getByTestId('link-chosen')).toHaveText('SW-FILES');
  await dialog.getByLabel('Search floors, locations and devices').fill('boiler');
  await dialog.getByRole('treeitem', { name: /Boiler room/ }).click();
  await expect(dialog.getByTestId('link-chosen')).toHaveText('Basement › Boiler room');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Attachment Updated')).toBeVisible();
  await expect(page.getByTestId('attachment-card')).toHaveCount(2);

  // A picture goes for good.
  await page.getByRole('button', { name: 'Delete rack-back' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Deleted items cannot be retrieved.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Attachment Deleted')).toBeVisible();
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
});

test('a file that could not be attached leaves nothing behind, says so and can be tried again', async ({
  page,
  request,
}) => {
  const { site } = await siteWithDevice(request);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/attachments` });
  await expect(page.getByText('No files or pictures yet.')).toBeVisible();

  // The upload goes through, the attachment is refused: nothing may show as attached.
  await page.route('**/api/global/attachments', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { error: 'Internal error', code: 'internal' } })
      : route.continue(),
  );
  await page.getByTestId('file-input').setInputFiles(JPEG);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to upload rack-back.jpg. Please try again.' }),
  ).toBeVisible();
  await expect(page.getByTestId('attachment-card')).toHaveCount(0);
  await expect(toast(page, 'Document Attached')).toHaveCount(0);

  await page.unroute('**/api/global/attachments');
  await page.getByRole('button', { name: 'Try rack-back.jpg again' }).click();
  await expect(toast(page, 'Document Attached')).toBeVisible();
  await expect(page.getByTestId('attachment-card')).toHaveCount(1);
  await expect(page.getByText('Failed to upload rack-back.jpg. Please try again.')).toHaveCount(0);
});

test('@phone a picture straight from the camera, one card to a row', async ({ page, request }) => {
  const { site } = await siteWithDevice(request);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/attachments` });
  await expect(page.getByRole('button', { name: 'Take a picture' })).toBeVisible();
  const camera = page.getByTestId('camera-input');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await camera.setInputFiles(JPEG);
  await expect(toast(page, 'Document Attached')).toBeVisible();
  const card = page.getByTestId('attachment-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('rack-back');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
