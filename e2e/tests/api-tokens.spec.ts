/**
 * API tokens (issue 45): a token made on the profile page is shown once, copied, and calls the API
 * as its user (the site list); revoked in one click (confirmed), the same call answers 401.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const listSites = (request: APIRequestContext, token: string) =>
  request.get('/api/site/index', { headers: { authorization: `Bearer ${token}` } });

async function createCopyCallRevoke(page: Page, request: APIRequestContext, name: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'API tokens' });
  await section.getByRole('button', { name: 'New token' }).click();

  const form = page.getByRole('dialog', { name: 'New API token' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('radio', { name: 'Read only' }).check();
  await form.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API token' });
  await expect(shown.getByText('it is shown only once')).toBeVisible();
  const field = shown.getByRole('textbox', { name: 'Token' });
  const value = await field.inputValue();
  expect(value).toMatch(/^asb_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Token copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(value);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const answer = await listSites(request, copied);
  expect(answer.status()).toBe(200);
  expect(JSON.stringify(await answer.json())).toContain('Demo HQ');

  // Listed by name and prefix, never the token itself.
  await expect(section.getByText(name, { exact: true })).toBeVisible();
  await expect(section.getByText(`${copied.slice(0, 12)}…`)).toBeVisible();
  await expect(page.getByText(copied)).toHaveCount(0);

  await section.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(section.getByText(name, { exact: true })).toHaveCount(0);

  const refused = await listSites(request, copied);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('api_token_invalid');
}

test('API tokens: create one on the profile, copy it, call the API with it, revoke it', async ({
  page,
  request,
}) => {
  await signIn(page, 'tech@asbuilt.demo');
  await createCopyCallRevoke(page, request, 'Monitoring script');
});

test('@phone API tokens: the same on a phone', async ({ page, request }) => {
  await signIn(page, 'tech@asbuilt.demo');
  await createCopyCallRevoke(page, request, 'Phone script');
});
