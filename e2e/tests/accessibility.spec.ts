/**
 * WCAG 2.1 AA (issue 47): axe-core's WCAG 2.0 and 2.1 A/AA rules on every page of the app and its
 * main dialogs, each check in one of English, French and Dutch and at desktop width (desktop
 * project) or phone width (phone project), taken in turn (see `runOf`). Any violation fails,
 * listed with its page, rule and elements.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { workerServer } from '../support/server.ts';
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

// Each test signs in, and makes what it changes, on its own (the demo accounts' language is put
// back after each): the two CI workers, each with a server of its own, share the file's tests.
test.describe.configure({ mode: 'parallel' });

// The pages as a user who asked for less motion sees them (the theme then ends every transition at
// once): the same colours, without a button caught halfway through one. A session list that
// loaded after the page had settled turned "Sign out all other sessions" from disabled to red
// while axe read it, a red of 4.46:1 that is 4.98:1 once there.
test.use({ reducedMotion: 'reduce' });

/**
 * At localhost, for the profile's passkeys: browsers take no IP address as a passkey's relying
 * party, and the server maps its loopback PUBLIC_URL to localhost (as passkeys.spec.ts does).
 */
const atLocalhost = test.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(workerServer(testInfo.parallelIndex).url.replace('127.0.0.1', 'localhost'));
  },
});

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
async function signInAs(page: Page, email: string, language: Language, password?: string) {
  const { token } = await apiSignIn(page.request, email, password);
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
  restoreLanguageOf.push(token);
  return token;
}

/** Tokens of the accounts whose language a test changed, put back in English after it. */
const restoreLanguageOf: string[] = [];

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

/**
 * No fade, slide or transition running (one that never ends, a spinner's, does not count), and none
 * for a short quiet spell: a button's colour transition may start a moment after the page looks
 * settled (the schematics page's did), and axe then read its colour halfway. Bounded, so that an
 * animation that keeps starting again does not hold the audit, which then reports what it sees.
 */
async function animationsDone(page: Page) {
  await page.evaluate(async ({ quiet, bound }) => {
    const start = performance.now();
    let calmSince = start;
    for (;;) {
      const now = performance.now();
      const moving = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
        );
      if (moving) calmSince = now;
      else if (now - calmSince >= quiet) return;
      if (now - start >= bound) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }, ANIMATION_QUIET);
}
const ANIMATION_QUIET = { quiet: 100, bound: 10_000 };

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

// The language chosen is the account's: put the accounts a test signed in as back in English for
// the specs that run after these on the same server, with the token the test had (a sign-in more
// per account and test cost an argon2 check each, and counted against the server's sign-in limit).
test.afterEach(async ({ page }) => {
  for (const token of restoreLanguageOf.splice(0)) {
    await page.request.put('/api/global/me/language', {
      headers: { authorization: `Bearer ${token}` },
      data: { language: 'en' },
    });
  }
});

type Width = 'desktop' | '@phone';

/**
 * Each check runs once, the languages and the widths taken in turn: check 0 in English at desktop
 * width, check 1 in French at phone width (`@phone` sends it to the phone project), check 2 in
 * Dutch at desktop width, and so on. Each language is audited at both widths and on pages of every
 * kind; what a language changes is the words, which the catalogues' tests check for every key.
 * Three runs of each check, one per language, were 40% of the end-to-end suite's time and took CI
 * over its 20 minutes.
 */
const runOf = (check: number): { language: Language; width: Width } => ({
  language: LANGUAGES[check % LANGUAGES.length]!,
  width: check % 2 === 1 ? '@phone' : 'desktop',
});

/** Registers check `n`: its title ends with its language and width, and its body gets the language. */
function check(
  n: number,
  what: string,
  timeout: number,
  body: (page: Page, language: Language) => Promise<string[]>,
  runner: typeof test = test,
) {
  const { language, width } = runOf(n);
  runner(`accessibility: ${what} (${language}, ${width})`, async ({ page }) => {
    test.setTimeout(timeout);
    expect(await body(page, language)).toEqual([]);
  });
}

check(0, 'the pages outside sites and the main dialogs pass axe', 300_000, async (page, language) => {
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
  return found;
});

check(1, 'every page of a site passes axe', 300_000, async (page, language) => {
  const token = await signInAs(page, 'integrator@asbuilt.demo', language);
  const hq = await apiSiteByName(page.request, token, 'Demo HQ');
  const found: string[] = [];
  for (const path of SITE_PAGES) found.push(...(await visit(page, `/site/${hq.id}/${path}`, language)));
  found.push(
    ...(await visit(page, `/v3/site/${hq.id}/dashboard`, language, page.locator('.plan-marker').first())),
  );
  return found;
});

// At desktop width (runOf(2)), so that the devices page offers the import wizard, audited here.
check(
  2,
  'the other dialogs pass axe: import, share, tasks, webhooks, tokens, confirmations',
  180_000,
  async (page, language) => {
    const token = await signInAs(page, 'integrator@asbuilt.demo', language);
    return auditOtherDialogs(page, token, language);
  },
);

check(
  3,
  "the profile's passkey and session dialogs pass axe",
  180_000,
  (page, language) => auditProfileDialogs(page, language),
  atLocalhost,
);

check(4, 'the single sign-on form and its removal pass axe', 120_000, async (page, language) => {
  const token = await signInAs(page, 'integrator@asbuilt.demo', language);
  return auditSso(page, token, language);
});

check(5, "the Due pages' dialogs pass axe", 300_000, async (page, language) => {
  const token = await signInAs(page, 'integrator@asbuilt.demo', language);
  return auditDueDialogs(page, token, language);
});

check(6, 'the administration pages pass axe', 180_000, async (page, language) => {
  await signInAs(page, 'admin@asbuilt.demo', language);
  const found: string[] = [];
  for (const path of ADMIN_PAGES) found.push(...(await visit(page, path, language)));
  return found;
});

/** The sign-in page, in every language at each width: three loads of one page. */
for (const width of ['desktop', '@phone'] as const) {
  test(`accessibility: the sign-in page passes axe (${LANGUAGES.join(', ')}, ${width})`, async ({ page }) => {
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
  if (isWide(page)) found.push(...(await auditImportWizard(page, language, productId)));

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

/** Wide enough for the devices page to offer the import wizard. */
const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 600;

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

const PHOTO = {
  name: 'a11y-photo.jpg',
  mimeType: 'image/jpeg',
  buffer: readFileSync(path.join(import.meta.dirname, '../fixtures/rack-back.jpg')),
};
const FRESH_PASSWORD = 'a11y-pass-1';

/** A new user of the integrator's tenant (role 1), so that the demo accounts keep no passkey. */
async function freshUser(request: APIRequestContext, fname: string) {
  const { token } = await apiSignIn(request, 'integrator@asbuilt.demo');
  const lname = unique();
  const email = `a11y.${lname.toLowerCase()}@example.test`;
  const created = await request.post('/api/tenant/users', {
    data: { email, password: FRESH_PASSWORD, fname, lname, role: 1 },
    headers: auth(token),
  });
  expect(created.status()).toBe(200);
  const { user } = (await created.json()) as { user: { id: number } };
  return { id: user.id, email, name: `${fname} ${lname}` };
}

/**
 * The profile's newer dialogs, each in its states: adding a passkey (its name dialog, then
 * without a name; the browser's own prompt is Chromium's virtual authenticator), renaming one (and
 * without a name), removing one (and without the password), and signing out one session or every
 * other one. A user of their own, with two more sessions than the browser's.
 */
async function auditProfileDialogs(page: Page, language: Language): Promise<string[]> {
  const found: string[] = [];
  const passkeys = wordsOf(language, 'passkeys');
  const sessions = wordsOf(language, 'sessions');
  const components = wordsOf(language, 'components');
  const open = () => topDialog(page);
  const closeWith = (name: string) => closeDialogWith(page, name);

  const user = await freshUser(page.request, 'Pia');
  for (let n = 0; n < 2; n++) await apiSignIn(page.request, user.email, FRESH_PASSWORD);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await signInAs(page, user.email, language, FRESH_PASSWORD);
  found.push(...(await visit(page, '/profile', language)));

  const section = page.getByTestId('passkeys-section');
  await section.getByRole('button', { name: passkeys('section.add') }).click();
  found.push(...(await auditDialog(page, 'add a passkey', language)));
  await open()
    .getByRole('button', { name: passkeys('add.submit') })
    .click();
  await expect(open().getByRole('alert')).toHaveText(passkeys('field.name_required'));
  found.push(...(await auditDialog(page, 'add a passkey: no name', language)));
  const name = `Laptop ${unique()}`;
  await open()
    .getByRole('textbox', { name: passkeys('field.name') })
    .fill(name);
  await open()
    .getByRole('button', { name: passkeys('add.submit') })
    .click();
  await expect(section.getByText(name, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('passkey-add-dialog')).toBeHidden();

  await section.getByRole('button', { name: passkeys('rename.action_named', { name }) }).click();
  found.push(...(await auditDialog(page, 'rename a passkey', language)));
  await open()
    .getByRole('textbox', { name: passkeys('field.name') })
    .fill('');
  await open()
    .getByRole('button', { name: passkeys('rename.submit') })
    .click();
  await expect(open().getByText(passkeys('field.name_required'), { exact: true })).toBeVisible();
  found.push(...(await auditDialog(page, 'rename a passkey: no name', language)));
  await closeWith(passkeys('action.cancel'));

  await section.getByRole('button', { name: passkeys('remove.action_named', { name }) }).click();
  found.push(...(await auditDialog(page, 'remove a passkey', language)));
  await open()
    .getByRole('button', { name: passkeys('remove.submit') })
    .click();
  await expect(open().getByText(passkeys('remove.password_needed'), { exact: true })).toBeVisible();
  found.push(...(await auditDialog(page, 'remove a passkey: no password', language)));
  await closeWith(passkeys('action.cancel'));

  await page.getByTestId('session-item').getByRole('button').first().click();
  found.push(...(await auditDialog(page, 'sign out a session', language)));
  await closeWith(components('action.cancel'));
  await page.getByRole('button', { name: sessions('section.sign_out_others') }).click();
  found.push(...(await auditDialog(page, 'sign out all other sessions', language)));
  await closeWith(components('action.cancel'));
  return found;
}

/**
 * The tenant settings' single sign-on form with its errors shown (and the role of new users
 * asked), then as stored, and the confirmation that removes it, confirmed: the tenant is left
 * without single sign-on. Its domain is nobody's, so no demo account is sent to a provider.
 */
async function auditSso(page: Page, token: string, language: Language): Promise<string[]> {
  const found: string[] = [];
  const sso = wordsOf(language, 'sso');
  await visit(page, '/tenant/settings', language);
  const form = page.locator('section', { has: page.getByRole('heading', { name: sso('title') }) });
  await form.getByRole('switch', { name: sso('create_users') }).check();
  await form.getByRole('button', { name: sso('save'), exact: true }).click();
  await expect(form.getByText(sso('client_id_required'))).toBeVisible();
  await settle(page, language, form.getByRole('combobox', { name: sso('new_user_role') }));
  found.push(...(await audit(page, 'single sign-on form with errors')));

  const stored = await page.request.put('/api/tenant/sso', {
    headers: auth(token),
    data: {
      enabled: true,
      issuer: 'https://login.example.com/a11y/v2.0',
      client_id: 'a11y-client',
      client_secret: 'a11y-secret',
      domains: [`a11y-${unique().toLowerCase()}.example`],
      create_users: false,
      new_user_role: 1,
      allow_password: true,
    },
  });
  expect(stored.status(), await stored.text()).toBe(200);
  await page.reload();
  const remove = form.getByRole('button', { name: sso('remove'), exact: true });
  await settle(page, language, remove);
  found.push(...(await audit(page, 'single sign-on form, stored')));
  await remove.click();
  found.push(...(await auditDialog(page, 'remove single sign-on', language)));
  const confirm = topDialog(page);
  await confirm.getByRole('button', { name: sso('remove'), exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(remove).toBeHidden();
  return found;
}

const inDays = (n: number) => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + n);
  return day.toISOString().slice(0, 10);
};

async function post(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>) {
  const response = await request.post(url, { headers: auth(token), data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/**
 * The Due actions' dialogs, opened from the rows of the site's and the tenant's Due pages: a new
 * date (a device's warranty; a product's end of sale, which says it changes the catalogue; a day
 * that does not exist), an access extended, a snooze, a password changed (hidden and shown), a
 * task marked done (empty, then with a note and a photo). Everything on a site of its own.
 */
async function auditDueDialogs(page: Page, token: string, language: Language): Promise<string[]> {
  const found: string[] = [];
  const due = wordsOf(language, 'due');
  const tasks = wordsOf(language, 'tasks');
  const site = await apiCreateSite(page.request, token, `A11y due ${unique()}`);
  const cameraId = await apiProductId(page.request, token, site.id, PRODUCTS.camera.name);
  const device = await apiCreateDevice(page.request, token, site.id, cameraId, {
    code: `A11Y-${unique()}`,
    warranty_expiration_date: inDays(9),
  });
  const product = `Old recorder ${unique()}`;
  const { product: made } = (await post(page.request, token, '/api/tenant/products', {
    name: product,
    end_of_sale: inDays(12),
  })) as { product: { id: number } };
  await apiCreateDevice(page.request, token, site.id, made.id, { code: `NVR-${unique()}` });
  const task = `Clean the lens ${unique()}`;
  await post(page.request, token, '/api/site/tasks', {
    site_id: site.id,
    device_id: device.id,
    title: task,
    interval: 6,
    interval_unit: 'months',
    next_due_date: inDays(4),
    checklist: ['Lens wiped'],
  });
  const secret = `Router admin ${unique()}`;
  await post(page.request, token, '/api/site/secrets', {
    site_id: site.id,
    name: secret,
    password: 'old-Secret-1',
    rotate_every_days: 20,
  });
  const visitor = await freshUser(page.request, 'Ada');
  await post(page.request, token, '/api/site/site_accesses', {
    site_id: site.id,
    user_id: visitor.id,
    user_role: 1,
    validity: inDays(15),
  });

  const row = (title: string | RegExp) =>
    page.getByRole('listitem').filter({
      has: page.getByRole('link', { name: title, ...(typeof title === 'string' && { exact: true }) }),
    });
  const menu = async (title: string | RegExp, item: string) => {
    await row(title).locator('button[aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: item }).click();
  };
  const shut = async () => {
    await page.keyboard.press('Escape');
    await expect(page.locator('[role="dialog"], [role="alertdialog"]')).toHaveCount(0);
  };
  const warranty = new RegExp(`^${device.code}`);

  // The site's page: every dialog in each of its states.
  await visit(page, `/site/${site.id}/due?days=90`, language);
  await menu(warranty, due('action.new_date'));
  found.push(...(await auditDialog(page, 'due: a new date', language)));
  await topDialog(page)
    .getByRole('textbox', { name: due('date.field'), exact: true })
    .fill('31/02/2031');
  await expect(
    topDialog(page).getByRole('textbox', { name: due('date.field'), exact: true }),
  ).toHaveAttribute('aria-invalid', 'true');
  found.push(...(await auditDialog(page, 'due: a new date that does not exist', language)));
  await shut();
  await menu(product, due('action.new_date'));
  await expect(topDialog(page).getByText(due('date.product_help'))).toBeVisible();
  found.push(...(await auditDialog(page, "due: a product's new date", language)));
  await shut();
  await menu(visitor.name, due('action.extend'));
  found.push(...(await auditDialog(page, 'due: extend an access', language)));
  await shut();
  await menu(visitor.name, due('action.snooze'));
  found.push(...(await auditDialog(page, 'due: snooze', language)));
  await shut();
  await menu(secret, due('action.password'));
  found.push(...(await auditDialog(page, 'due: the new password', language)));
  await topDialog(page).getByLabel(due('password.field'), { exact: true }).fill('new-Secret-2');
  await topDialog(page)
    .getByRole('button', { name: due('password.show') })
    .click();
  await expect(topDialog(page).getByRole('button', { name: due('password.hide') })).toBeVisible();
  found.push(...(await auditDialog(page, 'due: the new password, shown', language)));
  await shut();
  await row(task)
    .getByRole('button', { name: `${due('action.done')}: ${task}` })
    .click();
  const done = () => topDialog(page);
  await expect(done().getByRole('textbox', { name: tasks('done.note') })).toBeVisible();
  found.push(...(await auditDialog(page, 'due: mark done', language)));
  await done()
    .getByRole('textbox', { name: tasks('done.note') })
    .fill('Lens cleaned, image sharp');
  await done().getByTestId('task-photo-input').setInputFiles(PHOTO);
  // The photo is shrunk before it is sent, under a name of its own.
  await expect(done().getByRole('img', { name: /a11y-photo/ })).toBeVisible({ timeout: 15_000 });
  found.push(...(await auditDialog(page, 'due: mark done with a note and a photo', language)));
  await shut();

  // The tenant's page, over every site's rows: one of each kind of dialog (a new date, a snooze and
  // an extension share theirs), for the spec's time.
  await visit(page, '/tenant/due?days=90', language);
  await menu(visitor.name, due('action.extend'));
  found.push(...(await auditDialog(page, 'tenant due: extend an access', language)));
  await shut();
  await menu(secret, due('action.password'));
  found.push(...(await auditDialog(page, 'tenant due: the new password', language)));
  await shut();
  await row(task)
    .getByRole('button', { name: `${due('action.done')}: ${task}` })
    .click();
  await expect(done().getByRole('textbox', { name: tasks('done.note') })).toBeVisible();
  found.push(...(await auditDialog(page, 'tenant due: mark done', language)));
  await shut();
  return found;
}
