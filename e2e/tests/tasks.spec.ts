/**
 * Issue 44, maintenance tasks on the device card: a monthly task created from the card's Tasks
 * tab, marked done with a photo, and the next date a month on from the day it was done; the
 * history keeps the note and the photo. On a phone, a task added to two selected devices from the
 * devices page's bulk actions, then done from the card.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addInterval, type DeviceDto, type TaskDto } from '@asbuilt/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const JPEG = {
  name: 'filter.jpg',
  mimeType: 'image/jpeg',
  buffer: readFileSync(path.join(import.meta.dirname, '../fixtures/rack-back.jpg')),
};

/** Today in the browser's own calendar, as the API writes days. */
const todayIn = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  });
/** DD/MM/YYYY, as the app shows and takes days. */
const shown = (day: string) => day.split('-').reverse().join('/');

async function siteWithDevices(request: APIRequestContext, count = 1) {
  const { token } = await apiSignIn(request, INTEGRATOR);
  const site = await apiCreateSite(request, token, `Tasks ${unique()}`);
  const productId = await apiProductId(request, token, site.id, PRODUCTS.camera.name);
  const devices: DeviceDto[] = [];
  for (let n = 1; n <= count; n++) {
    devices.push(
      await apiCreateDevice(request, token, site.id, productId, {
        code: `AHU-${n}`,
        warranty_expiration_date: '2030-06-30',
      }),
    );
  }
  return { token, site, devices };
}

async function markDoneWithPhoto(page: Page, title: string, note: string) {
  const task = page.getByTestId('task-item').filter({ hasText: title });
  await task.getByRole('button', { name: 'Mark done' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark done: ${title}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Filter replaced' }).check();
  await dialog.getByLabel('Note').fill(note);
  await dialog.getByTestId('task-photo-input').setInputFiles(JPEG);
  await expect(dialog.getByRole('img', { name: /filter/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(dialog).toBeHidden();
}

test('tasks: a monthly task on a device, marked done with a photo, moves a month on', async ({
  page,
  request,
}) => {
  const { site, devices } = await siteWithDevices(request);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${devices[0]!.id}` });
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.getByTestId('device-date-warranty')).toContainText('30/06/2030');
  await expect(page.getByText('No maintenance tasks yet.')).toBeVisible();

  const today = await todayIn(page);
  await page.getByRole('button', { name: 'Add task' }).click();
  const form = page.getByRole('dialog', { name: 'New task' });
  await form.getByLabel('Title').fill('Replace the filter');
  await expect(form.getByLabel('Every')).toHaveValue('1');
  await expect(form.getByRole('combobox', { name: 'Repeat' })).toContainText('Months');
  await form.getByRole('button', { name: 'Add checklist item' }).click();
  await form.getByRole('textbox', { name: 'Checklist item 1' }).fill('Filter replaced');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();

  const task = page.getByTestId('task-item').filter({ hasText: 'Replace the filter' });
  await expect(task.getByTestId('task-next')).toHaveText(`Next due ${shown(today)}`);
  await expect(task).toContainText('Every month');

  await markDoneWithPhoto(page, 'Replace the filter', 'New G4 filter fitted');
  const next = addInterval(today, 1, 'months');
  await expect(task.getByTestId('task-next')).toHaveText(`Next due ${shown(next)}`);
  await expect(task).toContainText(`Last done ${shown(today)}`);

  await task.getByRole('button', { name: 'History' }).click();
  const entry = task.getByTestId('task-completion');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('New G4 filter fitted');
  await expect(entry).toContainText('1 of 1 checked');
  await expect(entry).toContainText(`Next due set to ${shown(next)}`);
  await expect(entry.getByRole('img', { name: /^Photo filter/ })).toBeVisible();

  // The photo is among the device's pictures too.
  await page.getByRole('tab', { name: 'Files & Pictures' }).click();
  await expect(page.getByTestId('attachment-card')).toHaveCount(1);
});

test('tasks: the same task added to the two selected devices from the bulk actions', async ({
  page,
  request,
}) => {
  const { token, site } = await siteWithDevices(request, 2);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
  await page.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('button', { name: /Bulk actions/ }).click();
  await page.getByRole('menuitem', { name: 'Add task to selected devices' }).click();
  const form = page.getByRole('dialog', { name: 'Add a task to 2 selected devices' });
  await form.getByLabel('Title').fill('Damper test');
  await form.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Years' }).click();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Task added to 2 devices')).toBeVisible();

  const listed = await request.get(`/api/site/tasks?site_id=${site.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const tasks = ((await listed.json()) as { tasks: TaskDto[] }).tasks;
  expect(tasks.map((t) => [t.target_name, t.interval_unit]).sort()).toEqual([
    ['AHU-1', 'years'],
    ['AHU-2', 'years'],
  ]);
});

test('@phone tasks: marked done with a photo on a phone, the next date a month on', async ({
  page,
  request,
}) => {
  const { token, site, devices } = await siteWithDevices(request);
  const created = await request.post('/api/site/tasks', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      site_id: site.id,
      device_id: devices[0]!.id,
      title: 'Replace the filter',
      interval_unit: 'months',
      next_due_date: '2026-01-31',
      checklist: ['Filter replaced'],
    },
  });
  expect(created.status()).toBe(200);
  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices?device=${devices[0]!.id}` });
  await page.getByRole('tab', { name: 'Tasks' }).click();
  const task = page.getByTestId('task-item').filter({ hasText: 'Replace the filter' });
  await expect(task.getByText('Overdue')).toBeVisible();
  const today = await todayIn(page);
  await markDoneWithPhoto(page, 'Replace the filter', 'Done on site');
  await expect(task.getByTestId('task-next')).toHaveText(
    `Next due ${shown(addInterval(today, 1, 'months'))}`,
  );
  await expect(task.getByText('Overdue')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
