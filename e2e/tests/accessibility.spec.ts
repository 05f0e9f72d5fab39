/**
 * WCAG 2.1 AA (issue 47): axe-core's WCAG 2.0 and 2.1 A/AA rules on every page of the app and its
 * main dialogs, in English, French and Dutch, at desktop width (desktop project) and phone width
 * (phone project). Any violation fails, listed with its page, rule and elements.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { apiSiteByName, apiSiteDevices } from '../support/sites.ts';
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

/** Signed in by token (the sign-in form has its own test), in the language asked. */
async function signInAs(page: Page, email: string, language: Language) {
  const { token } = await apiSignIn(page.request, email);
  const answer = await page.request.put('/api/global/me/language', {
    headers: { authorization: `Bearer ${token}` },
    data: { language },
  });
  expect(answer.status()).toBe(200);
  await page.addInitScript(
    ([value, lang]) => {
      localStorage.setItem('asbuilt.token', value);
      localStorage.setItem('asbuilt.language', lang);
    },
    [token, language] as const,
  );
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

async function visit(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  // Lazy parts, first answers and fade-ins settle before the look (some pages keep polling, so
  // the network is never idle).
  await page.waitForTimeout(700);
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0, { timeout: 15_000 });
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
    test(`accessibility: every page and the main dialogs pass axe (${language}, ${width})`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const token = await signInAs(page, 'integrator@asbuilt.demo', language);
      const hq = await apiSiteByName(page.request, token, 'Demo HQ');
      const [device] = (await apiSiteDevices(page.request, token, hq.id)).filter((d) => !d.archived);
      const found: string[] = [];
      for (const path of TENANT_PAGES) found.push(...(await visit(page, path)));
      for (const path of SITE_PAGES) found.push(...(await visit(page, `/site/${hq.id}/${path}`)));
      found.push(...(await visit(page, `/v3/site/${hq.id}/dashboard`)));

      // The device card and the global search, open.
      found.push(...(await visit(page, `/site/${hq.id}/devices?device=${device!.id}`)));
      await page.goto(`/site/${hq.id}/devices`);
      await expect(page.getByRole('main')).toBeVisible();
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog')).toBeVisible();
      found.push(...(await audit(page, 'search dialog')));

      // The public device page, signed out.
      const one = await page.request.get(`/api/site/devices?id=${device!.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { public_hash: publicHash } = ((await one.json()) as { device: { public_hash: string } }).device;
      await page.evaluate(() => localStorage.removeItem('asbuilt.token'));
      found.push(...(await visit(page, `/device/${publicHash}`)));
      expect(found).toEqual([]);
    });

    test(`accessibility: the administration pages pass axe (${language}, ${width})`, async ({ page }) => {
      test.setTimeout(180_000);
      await signInAs(page, 'admin@asbuilt.demo', language);
      const found: string[] = [];
      for (const path of ADMIN_PAGES) found.push(...(await visit(page, path)));
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
