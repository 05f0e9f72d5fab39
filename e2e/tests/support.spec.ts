import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { outboxFiles, waitForLink } from '../support/outbox.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiProductId, apiSiteByName, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';
import { dismissToasts } from '../support/toasts.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const TECH = 'tech@asbuilt.demo';

const sheetOf = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: /^Messages/ }) });

test('support: open a ticket from a site, two users exchange messages without a reload, then close it', async ({
  page,
  browser,
}) => {
  // Two users, a ticket's whole life: longer than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const tech = await apiSignIn(page.request, TECH);
  const techName = `${tech.user.fname} ${tech.user.lname}`;
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  const subject = `E2E ticket ${unique()}`;

  await signIn(page, INTEGRATOR, { to: `/site/${hq.id}/support` });
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Ticket' });
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Assignee').click();
  await page.getByRole('option', { name: techName }).click();
  await dialog.getByLabel('First message').fill('The badge reader at the entrance refuses every card.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Ticket Created')).toBeVisible();

  // The view sheet opens on the new ticket, open by default.
  const sheet = sheetOf(page);
  await expect(sheet.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Open', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(sheet.getByText('The badge reader at the entrance refuses every card.')).toBeVisible();
  const ticketUrl = page.url();
  const ticketId = new URL(ticketUrl).searchParams.get('ticket');
  expect(ticketId).toBeTruthy();

  // The assignee, in a browser of their own, finds it in the portal.
  const other = await browser.newContext();
  const techPage = await other.newPage();
  await signIn(techPage, TECH, { to: '/support' });
  await techPage.getByRole('button', { name: `View ticket ${subject}` }).click();
  const techSheet = sheetOf(techPage);
  await expect(techSheet.getByText('The badge reader at the entrance refuses every card.')).toBeVisible();

  // Integrator writes; the tech sees it appear without a reload.
  await dismissToasts(page);
  await sheet.getByLabel('Write a message').fill('Can you check it on Monday?');
  await sheet.getByLabel('Write a message').press('Enter');
  await expect(page.getByText('Message Sent')).toBeVisible();
  await expect(sheet.getByLabel('Write a message')).toHaveValue('');
  await expect(techSheet.getByText('Can you check it on Monday?')).toBeVisible({ timeout: 12_000 });

  // The tech answers; the integrator sees it appear.
  await techSheet.getByLabel('Write a message').fill('Yes, Monday at 9.');
  await techSheet.getByLabel('Write a message').press('Enter');
  await expect(sheet.getByText('Yes, Monday at 9.')).toBeVisible({ timeout: 12_000 });
  await expect(sheet.getByText(new RegExp(`${techName} ·`)).last()).toBeVisible();

  // Close it: the status toggle saves, and the History tab says so.
  await dismissToasts(page);
  await sheet.getByRole('button', { name: 'Closed', exact: true }).click();
  await expect(page.getByText('Status saved')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Closed', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await sheet.getByRole('tab', { name: 'History' }).click();
  await expect(sheet.getByRole('list', { name: 'History' })).toContainText('Updated: Status');
  await expect(techSheet.getByRole('button', { name: 'Closed', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
    {
      timeout: 12_000,
    },
  );

  await sheet.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('ticket-card').filter({ hasText: subject })).toContainText('Closed');
  await other.close();
});

test('support: a visitor reports a problem from the public device page, and the integrator sees it', async ({
  page,
  browser,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  const productId = await apiProductId(page.request, token, hq.id, PRODUCTS.camera.name);
  const device = await apiCreateDevice(page.request, token, hq.id, productId, { code: `REP-${unique()}` });
  const words = `The camera in the hall is blinking red ${unique()}`;

  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  await visit.goto(`/device/${device.public_hash}`);
  await visit.getByRole('button', { name: 'Report a problem' }).click();
  const form = visit.getByRole('dialog', { name: 'Report a problem' });
  await form.getByLabel('Your name').fill('Vera Visitor');
  await form.getByLabel('Your e-mail').fill('not-an-address');
  await form.getByLabel('What is the problem?').fill(words);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
  await form.getByLabel('Your e-mail').fill('vera@example.test');
  await form.getByTestId('report-photo').setInputFiles({
    name: 'hall.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(form.getByText('hall.png')).toBeVisible();
  await form.getByRole('button', { name: 'Send' }).click();
  const thanks = form.getByText(/Thank you: your report was sent/);
  await expect(thanks).toBeVisible();
  // The visitor reads the ticket's number within the tenant, the one the staff see and search.
  const number = (await thanks.textContent())?.match(/#(\d+)/)?.[1];
  expect(number).toBeTruthy();
  await visitor.close();

  await signIn(page, INTEGRATOR, { to: '/support' });
  await page.getByLabel('Search tickets').fill(`#${number}`);
  const card = page.getByTestId('ticket-card').filter({ hasText: words.slice(0, 60) });
  await expect(card).toContainText(`#${number}`);
  await expect(card).toContainText('Visitor report');
  await expect(card).toContainText('Vera Visitor');
  await expect(card).toContainText('New');
  await card.getByRole('button', { name: /^View ticket/ }).click();
  const sheet = sheetOf(page);
  await expect(sheet.getByRole('heading', { name: new RegExp(`^#${number} `) })).toBeVisible();
  await expect(sheet.getByText('vera@example.test')).toBeVisible();
  await expect(sheet.getByTestId('ticket-message')).toContainText(words);
  await sheet.getByRole('tab', { name: /^Attachments/ }).click();
  await expect(sheet.getByRole('link', { name: 'hall' })).toBeVisible();
});

test('support: a ticket changed by someone else while its form is open is not overwritten', async ({
  page,
}) => {
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  const subject = `Stale form ${unique()}`;
  const created = await page.request.post('/api/support/tickets', {
    headers: { authorization: `Bearer ${token}` },
    data: { site_id: hq.id, subject },
  });
  expect(created.status()).toBe(200);
  const ticket = ((await created.json()) as { ticket: { id: number; number: number } }).ticket;

  await signIn(page, INTEGRATOR, { to: `/support?ticket=${ticket.id}` });
  const sheet = sheetOf(page);
  await expect(sheet.getByRole('heading', { name: `#${ticket.number} ${subject}` })).toBeVisible();
  await sheet.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Ticket' });
  await form.getByLabel('Subject').fill(`${subject} mine`);

  // Someone else saves first.
  const theirs = await page.request.put('/api/support/tickets', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: ticket.id, subject: `${subject} theirs` },
  });
  expect(theirs.status()).toBe(200);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Someone else changed this since you opened it/)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(sheet.getByRole('heading', { name: `#${ticket.number} ${subject} theirs` })).toBeVisible();
});

test('support: the visitor hears back by mail, follows the link, reads the reply and answers it', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const { token } = await apiSignIn(page.request, INTEGRATOR);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  const productId = await apiProductId(page.request, token, hq.id, PRODUCTS.camera.name);
  const code = `FOL-${unique()}`;
  const device = await apiCreateDevice(page.request, token, hq.id, productId, { code });
  const email = `follow-${unique()}@example.test`.toLowerCase();
  const words = `The door camera is offline ${unique()}`;

  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  await visit.goto(`/device/${device.public_hash}`);
  await visit.getByRole('button', { name: 'Report a problem' }).click();
  const form = visit.getByRole('dialog', { name: 'Report a problem' });
  await form.getByLabel('Your name').fill('Felix Visitor');
  await form.getByLabel('Your e-mail').fill(email);
  await form.getByLabel('What is the problem?').fill(words);
  await form.getByRole('button', { name: 'Send' }).click();
  const thanks = form.getByText(/Thank you: your report was sent/);
  await expect(thanks).toBeVisible();
  const number = (await thanks.textContent())?.match(/#(\d+)/)?.[1];

  // The integrator answers in the ticket's sheet; the device there is a link to its card.
  await signIn(page, INTEGRATOR, { to: '/support' });
  await page.getByLabel('Search tickets').fill(`#${number}`);
  const card = page.getByTestId('ticket-card').filter({ hasText: words.slice(0, 40) });
  await card.getByRole('button', { name: /^View ticket/ }).click();
  const sheet = sheetOf(page);
  await expect(sheet.getByRole('link', { name: code })).toHaveAttribute(
    'href',
    `/site/${hq.id}/devices?device=${device.id}`,
  );
  const seen = await outboxFiles();
  await sheet.getByLabel('Write a message').fill('We replace the camera on Monday.');
  await sheet.getByLabel('Write a message').press('Enter');
  await expect(sheet.getByText('We replace the camera on Monday.')).toBeVisible();

  // The visitor's mail links to the follow page: the reply is there, and they answer it.
  const link = await waitForLink(email, seen);
  expect(link.pathname).toMatch(/^\/follow\/[\w-]+\.[\w-]+$/);
  await visit.goto(link.pathname);
  await expect(visit.getByRole('heading', { name: `Your report #${number}` })).toBeVisible();
  const thread = visit.getByRole('list', { name: 'Messages' });
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('listitem').last()).toContainText('We replace the camera on Monday.');
  await visit.getByLabel('Your answer').fill('Thanks, someone will be at the desk.');
  await visit.getByRole('button', { name: 'Send' }).click();
  await expect(visit.getByText('Your answer was sent to the installer.')).toBeVisible();
  await expect(thread.getByRole('listitem').last()).toContainText('Thanks, someone will be at the desk.');
  await visitor.close();

  // The answer reaches the sheet without a reload; the History reads "Reply".
  await expect(sheet.getByText('Thanks, someone will be at the desk.')).toBeVisible({ timeout: 12_000 });
  await sheet.getByRole('tab', { name: 'History' }).click();
  await expect(sheet.getByText(/(^|· )Reply$/).first()).toBeVisible();
  await sheet.getByRole('tab', { name: /^Messages/ }).click();
  await sheet.getByRole('link', { name: code }).click();
  await expect(page).toHaveURL(`/site/${hq.id}/devices?device=${device.id}`);
});
