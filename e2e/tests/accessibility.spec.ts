/**
 * WCAG 2.1 AA (issue 47): axe-core's WCAG 2.0 and 2.1 A/AA rules on every page of the app and its
 * main dialogs, in English, French and Dutch, at desktop width (desktop project) and phone width
 * (phone project). Any violation fails, listed with its page, rule and elements.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import {
  apiCreateDevice,
  apiCreateSite,
  apiProductId,
  apiSiteByName,
  apiSiteDevices,
  PRODUCTS,
  unique,
} from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const LANGUAGES = ['en', 'fr', 'nl'] as const;
type Language = (typeof LANGUAGES)[number];

const TENANT_PAGES = [
  '/sites',
  '/home',
  '/profile',
  '/support',
  '/tenant/products',
  '/tenant/companies',
  '/tenant/customers',
  '/tenant/due',
  '/tenant/logs',
  '/tenant/users',
  '/tenant/settings',
  '/tenant/settings/custom-fields',
  '/tenant/settings/tags',
  '/tenant/settings/webhooks',
];
const SITE_PAGES = [
  'dashboard',
  'devices',
  'due',
  'locations',
  'zones',
  'config',
  'attachments',
  'vault',
  'access',
  'logs',
  'contacts',
  'support',
  'schemas',
  'racks',
  'handover',
  'connections',
];
const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/tenants',
  '/admin/companies',
  '/admin/procats',
  '/admin/json',
  '/admin/tokens',
  '/admin/release_notes',
  '/admin/logs',
  '/admin/users',
  '/admin/products',
];

/**
 * Signed in by token (the sign-in form has its own test), the account in the language asked: the
 * browser is told nothing else, so each page's `<html lang>` shows that it follows the account.
 */
async function signInAs(page: Page, email: string, language: Language) {
  const { token } = await apiSignIn(page.request, email);
  const answer = await page.request.put('/api/global/me/language', {
    headers: { authorization: `Bearer ${token}` },
    data: { language },
  });
  expect(answer.status()).toBe(200);
  // On the first load only, so that a test can sign out and stay signed out.
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('a11y.signed-in')) return;
    sessionStorage.setItem('a11y.signed-in', '1');
    localStorage.setItem('asbuilt.token', value);
  }, token);
  return token;
}

/** The violations of a page as it stands, one line per rule with its first elements. */
async function audit(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (violation) =>
      `${where} ${violation.id} (${violation.nodes.length}): ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  );
}

/**
 * Waits until the page has settled: drawn in the reader's language, its own content there (`ready`,
 * by default its level-one heading), no loading indicator left and no fade or slide running (axe
 * reads a colour halfway through a fade-in as too pale). A fixed pause was both slower and, on a
 * busy phone-width run, sometimes too short.
 */
async function settle(page: Page, language: Language, ready?: Locator) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(ready ?? page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible({
    timeout: 15_000,
  });
  // A schematic's layout may take a while on a busy machine; a finished upload keeps its full bar.
  await expect(
    page.locator('[role="progressbar"]:not([aria-valuenow="100"]), .MuiSkeleton-root'),
  ).toHaveCount(0, { timeout: 30_000 });
  await animationsDone(page);
}

/** No fade or slide running (one that never ends, a spinner's, does not count). */
async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Opens `path` and audits it once settled. After the first page of a test the app moves there as
 * its own links do (history and popstate) instead of loading the whole app again: the same page
 * is drawn, in a fraction of the time.
 */
async function visit(page: Page, path: string, language: Language, ready?: Locator): Promise<string[]> {
  if (page.url().startsWith('http')) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
  } else {
    await page.goto(path);
  }
  await settle(page, language, ready);
  return audit(page, path);
}

// The language chosen is the account's: put the demo accounts back in English for the specs that
// run after these on the same server.
test.afterEach(async ({ page }) => {
  for (const email of ['integrator@asbuilt.demo', 'admin@asbuilt.demo']) {
    const { token } = await apiSignIn(page.request, email);
    await page.request.put('/api/global/me/language', {
      headers: { authorization: `Bearer ${token}` },
      data: { language: 'en' },
    });
  }
});

/** Each check runs at desktop width (desktop project) and at phone width (`@phone`, phone project). */
for (const width of ['desktop', '@phone'] as const) {
  for (const language of LANGUAGES) {
    test(`accessibility: the pages outside sites and the main dialogs pass axe (${language}, ${width})`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const token = await signInAs(page, 'integrator@asbuilt.demo', language);
      const hq = await apiSiteByName(page.request, token, 'Demo HQ');
      const [device] = (await apiSiteDevices(page.request, token, hq.id)).filter((d) => !d.archived);
      const found: string[] = [];
      for (const path of TENANT_PAGES) found.push(...(await visit(page, path, language)));

      // The device card and the global search, open.
      const sheet = page.getByRole('dialog').getByRole('tab').first();
      found.push(...(await visit(page, `/site/${hq.id}/devices?device=${device!.id}`, language, sheet)));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.keyboard.press('Control+k');
      found.push(...(await auditDialog(page, 'search dialog', language)));

      // The public device page, signed out.
      const one = await page.request.get(`/api/site/devices?id=${device!.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { public_hash: publicHash } = ((await one.json()) as { device: { public_hash: string } }).device;
      await page.evaluate(() => localStorage.removeItem('asbuilt.token'));
      await page.goto(`/device/${publicHash}`);
      await settle(page, language);
      found.push(...(await audit(page, '/device/…')));
      expect(found).toEqual([]);
    });

    test(`accessibility: every page of a site passes axe (${language}, ${width})`, async ({ page }) => {
      test.setTimeout(300_000);
      const token = await signInAs(page, 'integrator@asbuilt.demo', language);
      const hq = await apiSiteByName(page.request, token, 'Demo HQ');
      const found: string[] = [];
      for (const path of SITE_PAGES) found.push(...(await visit(page, `/site/${hq.id}/${path}`, language)));
      found.push(
        ...(await visit(page, `/v3/site/${hq.id}/dashboard`, language, page.locator('.plan-marker').first())),
      );
      expect(found).toEqual([]);
    });

    test(`accessibility: the other dialogs pass axe: import, share, tasks, webhooks, tokens, confirmations (${language}, ${width})`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const token = await signInAs(page, 'integrator@asbuilt.demo', language);
      const found = await auditOtherDialogs(page, token, language);
      expect(found).toEqual([]);
    });

    test(`accessibility: the administration pages pass axe (${language}, ${width})`, async ({ page }) => {
      test.setTimeout(180_000);
      await signInAs(page, 'admin@asbuilt.demo', language);
      const found: string[] = [];
      for (const path of ADMIN_PAGES) found.push(...(await visit(page, path, language)));
      expect(found).toEqual([]);
    });
  }

  test(`accessibility: the sign-in page passes axe in each language (${width})`, async ({ page }) => {
    const found: string[] = [];
    for (const language of LANGUAGES) {
      await page.addInitScript((lang) => localStorage.setItem('asbuilt.language', lang), language);
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      found.push(...(await audit(page, `/login (${language})`)));
    }
    expect(found).toEqual([]);
  });
}

/** The open dialog (the last one opened), audited once it has settled. */
async function auditDialog(page: Page, where: string, language: Language): Promise<string[]> {
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]').last();
  await settle(page, language, dialog);
  return audit(page, where);
}

/** Words of the web app's catalogue `area` (web/src/features/<area>, or web/src/<area>) in `language`. */
function wordsOf(language: Language, area: string) {
  const web = path.join(import.meta.dirname, '../../web/src');
  const feature = path.join(web, 'features', area);
  const dir = existsSync(feature) ? feature : path.join(web, area);
  const catalogue = JSON.parse(readFileSync(path.join(dir, 'locales', `${language}.json`), 'utf8')) as Words;
  return (key: string, values: Record<string, string | number> = {}) => {
    const found = key
      .split('.')
      .reduce<Words | string | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        catalogue,
      );
    if (typeof found !== 'string') throw new Error(`${area}:${key} is missing in ${language}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };
}
interface Words {
  [key: string]: Words | string;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The dialogs that change things, each opened as a user opens it, in their states: the device
 * import wizard at each step (with a problem, clean, written), sharing a site, a task's new and done
 * forms, a webhook's form, secret and delivery log, an API token's form and the token shown once,
 * and the confirmations (delete a webhook, revoke a token). Everything on a site of its own.
 */
async function auditOtherDialogs(page: Page, token: string, language: Language): Promise<string[]> {
  const found: string[] = [];
  const components = wordsOf(language, 'components');
  const access = wordsOf(language, 'access');
  const tasks = wordsOf(language, 'tasks');
  const webhooks = wordsOf(language, 'webhooks');
  const tokens = wordsOf(language, 'tokens');
  const open = () => topDialog(page);
  const closeWith = (name: string) => closeDialogWith(page, name);

  const site = await apiCreateSite(page.request, token, `A11y ${unique()}`);
  const productId = await apiProductId(page.request, token, site.id, PRODUCTS.camera.name);
  const device = await apiCreateDevice(page.request, token, site.id, productId, { code: `A11Y-${unique()}` });
  const task = await page.request.post('/api/site/tasks', {
    headers: auth(token),
    data: {
      site_id: site.id,
      device_id: device.id,
      title: 'Clean the lens',
      interval: 6,
      interval_unit: 'months',
      next_due_date: '2030-01-15',
      checklist: ['Lens wiped', 'Image checked'],
    },
  });
  expect(task.status()).toBe(200);
  const hookUrl = `http://127.0.0.1:9/a11y-${unique().toLowerCase()}`;
  const hook = await page.request.post('/api/tenant/webhooks', {
    headers: auth(token),
    data: { url: hookUrl, events: ['device.updated'] },
  });
  expect(hook.status()).toBe(200);

  // The import wizard (the devices page offers it on wider screens only): a file with a wrong
  // status, then a clean one through to the upload.
  await page.goto(`/site/${site.id}/devices`);
  await settle(page, language);
  if ((page.viewportSize()?.width ?? 0) >= 600)
    found.push(...(await auditImportWizard(page, language, productId)));

  // A task: the new task form, and the done form of the one there.
  await visit(page, `/site/${site.id}/devices?device=${device.id}`, language, page.getByRole('dialog'));
  await page
    .getByRole('dialog')
    .getByRole('tab', { name: tasks('tab') })
    .click();
  await page.getByRole('button', { name: tasks('section.add') }).click();
  found.push(...(await auditDialog(page, 'new task', language)));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await animationsDone(page);
  await page
    .getByTestId('task-item')
    .getByRole('button', { name: tasks('list.mark_done') })
    .click();
  found.push(...(await auditDialog(page, 'task done', language)));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  // Until its fade-out ends, the closing dialog is the one that Escape reaches: pressed again
  // until the card, not the dialog fading out, takes it.
  await animationsDone(page);
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  // Sharing the site, with an address that is not a user yet.
  await visit(page, `/site/${site.id}/access`, language);
  await page.getByRole('button', { name: access('action.share') }).click();
  await open().getByRole('textbox').first().fill(`a11y-${unique()}@example.com`.toLowerCase());
  await page.keyboard.press('Tab');
  found.push(...(await auditDialog(page, 'share site', language)));
  await closeWith(access('action.cancel'));

  // Webhooks: the form (its errors shown), the delivery log, the delete confirmation.
  await visit(page, '/tenant/settings/webhooks', language);
  await page.getByRole('button', { name: webhooks('page.new') }).click();
  await open()
    .getByRole('button', { name: webhooks('form.add'), exact: true })
    .click();
  found.push(...(await auditDialog(page, 'webhook form', language)));
  await closeWith(components('action.cancel'));
  const item = page.getByRole('listitem', { name: hookUrl });
  await item.getByRole('button', { name: webhooks('item.log') }).click();
  found.push(...(await auditDialog(page, 'webhook delivery log', language)));
  await closeWith(webhooks('log.close'));
  await item.getByRole('button', { name: webhooks('item.delete') }).click();
  found.push(...(await auditDialog(page, 'delete a webhook', language)));
  await closeWith(components('action.cancel'));

  // API tokens: the form, the token shown once, the revoke confirmation.
  await visit(page, '/profile', language);
  await page.getByRole('button', { name: tokens('section.new') }).click();
  found.push(...(await auditDialog(page, 'token form', language)));
  const tokenName = `A11y ${unique()}`;
  await open()
    .getByRole('textbox', { name: tokens('field.name') })
    .fill(tokenName);
  await open()
    .getByRole('button', { name: tokens('create.submit') })
    .click();
  await expect(open().getByRole('button', { name: tokens('created.done') })).toBeVisible();
  found.push(...(await auditDialog(page, 'token shown once', language)));
  await closeWith(tokens('created.done'));
  await page.getByRole('button', { name: tokens('revoke.action_named', { name: tokenName }) }).click();
  found.push(...(await auditDialog(page, 'revoke a token', language)));
  await closeWith(components('action.cancel'));
  return found;
}

const topDialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').last();

async function closeDialogWith(page: Page, name: string) {
  const dialog = topDialog(page);
  await dialog.getByRole('button', { name, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The device import wizard at each step: a file with a wrong status, then a clean one, written. */
async function auditImportWizard(page: Page, language: Language, productId: number): Promise<string[]> {
  const devices = wordsOf(language, 'devices');
  const found: string[] = [];
  await page.getByRole('button', { name: devices('import.button'), exact: true }).click();
  const open = () => topDialog(page);
  const closeWith = (name: string) => closeDialogWith(page, name);
  found.push(...(await auditDialog(page, 'import: choose a file', language)));
  const wizard = open();
  const sheet = (status: string) => ({
    name: 'devices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Product ID,Code,Name,Status\n${productId},IMP-1,Door camera,${status}\n`),
  });
  await wizard.locator('input[type=file]').setInputFiles(sheet('Exploded'));
  await expect(wizard.getByRole('combobox').first()).toBeVisible();
  found.push(...(await auditDialog(page, 'import: columns', language)));
  await wizard.getByRole('button', { name: devices('import.next') }).click();
  await expect(wizard.locator('td[data-problem]')).toBeVisible();
  found.push(...(await auditDialog(page, 'import: rows with a problem', language)));
  await wizard.locator('input[type=file]').setInputFiles(sheet('Installed'));
  await wizard.getByRole('button', { name: devices('import.next') }).click();
  await expect(wizard.locator('tr[data-status="new"]')).toBeVisible();
  found.push(...(await auditDialog(page, 'import: rows', language)));
  await wizard.getByRole('button', { name: devices('import.next') }).click();
  await expect(wizard.getByRole('button', { name: devices('import.upload') })).toBeVisible();
  found.push(...(await auditDialog(page, 'import: upload', language)));
  await wizard.getByRole('button', { name: devices('import.upload') }).click();
  await expect(wizard.getByRole('button', { name: devices('import.upload') })).toBeHidden();
  found.push(...(await auditDialog(page, 'import: written', language)));
  await closeWith(devices('import.close'));
  return found;
}
