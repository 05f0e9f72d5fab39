/**
 * What is due (issue 44): the site dashboard's "Expiring soon" card shows a task due in ten days,
 * the site's Due page lists it under its window and snoozes it away; on the profile a user turns on
 * a daily reminder (kept after a reload) and makes a calendar address that a calendar app can read.
 */
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { apiSiteByName, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const TECH = 'tech@asbuilt.demo';

const inDays = (n: number) => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + n);
  return day.toISOString().slice(0, 10);
};
/** DD/MM/YYYY, as the app writes days. */
const shown = (iso: string) => iso.split('-').reverse().join('/');

async function dashboardCardAndDuePage({ page }: { page: Page }) {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  const title = `Check the emergency lights ${unique()}`;
  const due = inDays(10);
  const created = await page.request.post('/api/site/tasks', {
    headers: { authorization: `Bearer ${token}` },
    data: { site_id: hq.id, title, interval: 1, interval_unit: 'years', next_due_date: due },
  });
  expect(created.status()).toBe(200);

  await signIn(page, INTEGRATOR, { to: `/site/${hq.id}/dashboard` });
  const card = page.getByRole('region', { name: 'Expiring soon' });
  await expect(card.getByRole('link', { name: title })).toBeVisible();
  await expect(card.getByText(`Maintenance tasks · Due ${shown(due)}`)).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: /overdue$/ })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Devices by status' }).getByRole('listitem').first(),
  ).toBeVisible();

  await card.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${hq.id}/due\\?days=90$`));
  await expect(page.getByRole('heading', { name: 'What is due', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row.getByText(`Due ${shown(due)}`)).toBeVisible();

  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Snooze' }).click();
  const dialog = page.getByRole('dialog', { name: `Snooze “${title}”` });
  await dialog.getByRole('button', { name: 'Snooze' }).click();
  await expect(page.getByText(/^Snoozed until /)).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
}

async function remindersInProfile({ page }: { page: Page }) {
  // From the role's default (none), whatever an earlier run of this test saved.
  const { token } = await apiSignIn(page.request, TECH);
  const reset = await page.request.put('/api/global/me/reminders', {
    headers: { authorization: `Bearer ${token}` },
    data: { frequency: 'none', days: 30 },
  });
  expect(reset.status()).toBe(200);
  await signIn(page, TECH, { to: '/profile' });
  const section = page.getByRole('region', { name: 'Reminders' });
  // A role-1 user starts without reminders.
  await expect(section.getByRole('radio', { name: 'No reminders' })).toBeChecked();
  await section.getByRole('radio', { name: 'A daily alert' }).check();
  await section.getByLabel('Items due within (days)').fill('14');
  await section.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Reminders saved')).toBeVisible();

  await page.reload();
  await expect(section.getByRole('radio', { name: 'A daily alert' })).toBeChecked();
  await expect(section.getByLabel('Items due within (days)')).toHaveValue('14');

  await section.getByRole('button', { name: 'Make a calendar address' }).click();
  const address = section.getByLabel('Calendar address');
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  const feed = await page.request.get(new URL(await address.inputValue()).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
}

// Each on a desktop and, tagged @phone, on a phone.
for (const tag of ['', ' @phone']) {
  test(
    `the site dashboard's card shows an item due in 10 days, and the Due page snoozes it${tag}`,
    dashboardCardAndDuePage,
  );
  test(
    `a user turns on a daily reminder in the profile and makes a calendar address${tag}`,
    remindersInProfile,
  );
}
