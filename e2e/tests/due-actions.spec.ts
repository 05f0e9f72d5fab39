/**
 * The Due page's actions in place (issue 44): a task marked done there with a note and a photo
 * (the device card's dialog), a product's end of sale given a new date, a rotated password
 * recorded; and a Contributor without the right to edit the catalogue gets no date action on a
 * product's row, only the snooze.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addInterval } from '@asbuilt/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiSiteByName, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const TECH = 'tech@asbuilt.demo';
const JPEG = {
  name: 'battery.jpg',
  mimeType: 'image/jpeg',
  buffer: readFileSync(path.join(import.meta.dirname, '../fixtures/rack-back.jpg')),
};

const inDays = (n: number) => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + n);
  return day.toISOString().slice(0, 10);
};
/** Today in the browser's own calendar, the day the done dialog proposes. */
const todayIn = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  });
/** DD/MM/YYYY, as the app shows and takes days. */
const shown = (iso: string) => iso.split('-').reverse().join('/');

async function call(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>) {
  const response = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** A product of tenant 2's own catalogue whose end of sale is in `days` days, and a device of it. */
async function productEnding(request: APIRequestContext, token: string, siteId: number, days: number) {
  const name = `Old recorder ${unique()}`;
  const { product } = (await call(request, token, '/api/tenant/products', {
    name,
    end_of_sale: inDays(days),
  })) as { product: { id: number } };
  const device = await apiCreateDevice(request, token, siteId, product.id, { code: `NVR-${unique()}` });
  return { name, device };
}

const rowOf = (page: Page, title: string | RegExp) =>
  page.getByRole('listitem').filter({
    has: page.getByRole('link', { name: title, ...(typeof title === 'string' && { exact: true }) }),
  });

async function actionsOnTheDuePage({ page }: { page: Page }) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const site = await apiCreateSite(page.request, token, `Due actions ${unique()}`);
  const { name: product, device } = await productEnding(page.request, token, site.id, 12);
  const task = `Replace the UPS battery ${unique()}`;
  await call(page.request, token, '/api/site/tasks', {
    site_id: site.id,
    device_id: device.id,
    title: task,
    interval: 1,
    interval_unit: 'months',
    next_due_date: inDays(4),
  });
  const secret = `Router admin ${unique()}`;
  await call(page.request, token, '/api/site/secrets', {
    site_id: site.id,
    name: secret,
    password: 'old-Secret-1',
    rotate_every_days: 20,
  });

  await signIn(page, INTEGRATOR, { to: `/site/${site.id}/due?days=90` });
  await expect(page.getByRole('heading', { name: 'What is due', level: 1 })).toBeVisible();

  // A task done in place, with a note and a photo, falls due a month after the day it was done.
  await rowOf(page, task)
    .getByRole('button', { name: `Mark done: ${task}` })
    .click();
  const done = page.getByRole('dialog', { name: `Mark done: ${task}` });
  await done.getByLabel('Note').fill('New battery fitted');
  await done.getByTestId('task-photo-input').setInputFiles(JPEG);
  await expect(done.getByRole('img', { name: /battery/ })).toBeVisible();
  await done.getByRole('button', { name: 'Mark done' }).click();
  await expect(done).toBeHidden();
  const next = addInterval(await todayIn(page), 1, 'months');
  await expect(page.getByText(`Done. Next due ${shown(next)}.`)).toBeVisible();
  await expect(rowOf(page, task).getByText(`Due ${shown(next)}`)).toBeVisible();

  // The photo is kept with the completion, and among the device's pictures.
  const history = await page.request.get(`/api/site/tasks?site_id=${site.id}&device_id=${device.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [saved] = ((await history.json()) as { tasks: Array<{ id: number }> }).tasks;
  const completions = await page.request.get(`/api/site/tasks/history?id=${saved!.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [completion] = (
    (await completions.json()) as {
      completions: Array<{ note: string; attachments: Array<{ filename: string }> }>;
    }
  ).completions;
  expect(completion).toMatchObject({ note: 'New battery fitted' });
  expect(completion!.attachments).toHaveLength(1);

  // A product's end of sale moved on in the catalogue leaves the 90-day list.
  await rowOf(page, product)
    .getByRole('button', { name: `Actions for ${product}` })
    .click();
  await page.getByRole('menuitem', { name: 'Set a new date' }).click();
  const date = page.getByRole('dialog', { name: `New date for “${product}”` });
  await expect(date.getByText(/on every device of the product, on every site/)).toBeVisible();
  await date.getByLabel('New date', { exact: true }).fill(shown(inDays(200)));
  await date.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Date saved')).toBeVisible();
  await expect(page.getByRole('link', { name: product, exact: true })).toHaveCount(0);

  // A password due for a change is recorded in the vault from its row.
  await rowOf(page, secret)
    .getByRole('button', { name: `Actions for ${secret}` })
    .click();
  await page.getByRole('menuitem', { name: 'Record the new password' }).click();
  const password = page.getByRole('dialog', { name: `New password for “${secret}”` });
  const save = password.getByRole('button', { name: 'Save the password' });
  await expect(save).toBeDisabled();
  await password.getByLabel('New password', { exact: true }).fill('new-Secret-2');
  await save.click();
  await expect(page.getByText('Password saved')).toBeVisible();
  await expect(password).toBeHidden();
}

async function contributorWithoutCatalogueRights({ page }: { page: Page }) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  const { name: product, device } = await productEnding(page.request, token, hq.id, 8);
  await page.request.put('/api/site/devices', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: device.id, warranty_expiration_date: inDays(9) },
  });

  await signIn(page, TECH, { to: `/site/${hq.id}/due` });
  await rowOf(page, product)
    .getByRole('button', { name: `Actions for ${product}` })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Snooze' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Set a new date' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The device's warranty is the site's own: a Contributor moves it.
  const code = new RegExp(`^${device.code}`);
  await rowOf(page, code)
    .getByRole('button', { name: new RegExp(`^Actions for ${device.code}`) })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Set a new date' })).toBeVisible();
}

// Each on a desktop and, tagged @phone, on a phone.
for (const tag of ['', ' @phone']) {
  test(
    `due page: a task done with a photo, a product's new date, a rotated password${tag}`,
    actionsOnTheDuePage,
  );
  test(
    `due page: a Contributor gets no date action on a product they may not edit${tag}`,
    contributorWithoutCatalogueRights,
  );
}
