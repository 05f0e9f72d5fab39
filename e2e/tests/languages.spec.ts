import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { outboxFiles, waitForMail } from '../support/outbox.ts';
import { signIn } from '../support/session.ts';
import { apiCreateDevice, apiCreateSite, apiProductId, PRODUCTS, unique } from '../support/sites.ts';
import { expect, test } from '../support/test.ts';

const INTEGRATOR = 'integrator@asbuilt.demo';
const OWNER = 'owner@asbuilt.demo';

async function apiSetLanguage(page: Page, email: string, language: 'en' | 'fr' | 'nl') {
  const { token } = await apiSignIn(page.request, email);
  const response = await page.request.put('/api/global/me/language', {
    data: { language },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return token;
}

async function apiLanguageOf(page: Page, token: string) {
  const response = await page.request.get('/api/global/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { user: { language: string } }).user.language;
}

test('the sign-in page follows the browser, has a switch, and validates in the chosen language', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByLabel("Nom d'utilisateur ou e-mail").focus();
  await page.getByLabel("Nom d'utilisateur ou e-mail").blur();
  await expect(page.getByRole('button', { name: 'Continuer' })).toBeDisabled();
  await expect(page.getByText("Le nom d'utilisateur est obligatoire")).toBeVisible();

  await page.getByRole('button', { name: 'Langue' }).click();
  await page.getByRole('menuitem', { name: 'Nederlands' }).click();
  await expect(page.getByText('Gebruikersnaam is verplicht')).toBeVisible();

  // The choice outlives a reload (before sign-in the browser remembers it).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('asbuilt.language'));
});

test.describe('a French user', () => {
  test.afterEach(async ({ page }) => {
    await apiSetLanguage(page, INTEGRATOR, 'en');
  });

  test('sees the devices page, the card, a message and toasts in French, then switches to Dutch at once', async ({
    page,
  }) => {
    test.slow();
    const token = await apiSetLanguage(page, INTEGRATOR, 'fr');
    const site = await apiCreateSite(page.request, token, `E2E Langue ${unique()}`);
    const productId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
    const device = await apiCreateDevice(page.request, token, site.id, productId, { code: 'FR-01' });

    await signIn(page, INTEGRATOR);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto(`/site/${site.id}/devices`);
    await expect(page.getByRole('heading', { name: 'Appareils', level: 1 })).toBeVisible();
    await expect(page.getByTestId('device-counter')).toHaveText('1 sur 1 appareils');
    const table = page.getByRole('table');
    for (const header of [
      'Code',
      'Nom',
      'Catégorie',
      'Marque',
      'Numéro de série',
      'Étage',
      'Local',
      'Statut',
    ]) {
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    }

    await table.getByRole('row', { name: /FR-01/ }).click();
    const card = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Général' }) });
    await expect(card.getByRole('tab', { name: 'Activité' })).toBeVisible();
    await card.getByRole('button', { name: 'Afficher plus de propriétés' }).click();

    // The server refuses a bad MAC address with a code; the toast says it in French.
    await card.getByRole('button', { name: 'Modifier Adresse MAC' }).click();
    await card.getByRole('textbox', { name: 'Adresse MAC' }).fill('not-a-mac');
    await card.getByRole('textbox', { name: 'Adresse MAC' }).press('Enter');
    await expect(page.getByText(/L'adresse MAC doit compter 6 paires/).first()).toBeVisible();
    await card.getByRole('textbox', { name: 'Adresse MAC' }).fill('00:1A:2B:3C:4D:5E');
    await card.getByRole('textbox', { name: 'Adresse MAC' }).press('Enter');
    await expect(page.getByText('Appareil mis à jour', { exact: true })).toBeVisible();
    await expect(card.getByText('00:1A:2B:3C:4D:5E')).toBeVisible();
    // The activity says what happened in French too, stored as a code and the changed field.
    await card.getByRole('tab', { name: 'Activité' }).click();
    await expect(card.getByRole('list').getByText('Modification : Adresse MAC')).toBeVisible();
    await expect(card.getByRole('list').getByText('Création', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();

    // Dutch from the account menu: the page changes at once, without a reload.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Nederlands' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Toestellen', level: 1 })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Serienummer' })).toBeVisible();
    await expect(page.getByTestId('device-counter')).toHaveText('1 van 1 toestellen');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await expect.poll(() => apiLanguageOf(page, token)).toBe('nl');
    expect(device.id).toBeGreaterThan(0);
  });
});

test.describe('device statuses', () => {
  test.afterEach(async ({ page }) => {
    await apiSetLanguage(page, INTEGRATOR, 'en');
  });

  test('read in the reader’s language on the devices page, the card and the public page', async ({
    page,
    browser,
  }) => {
    test.slow();
    // A site created in English: its statuses are stored in English and shown translated.
    const token = await apiSetLanguage(page, INTEGRATOR, 'en');
    const site = await apiCreateSite(page.request, token, `E2E Statuts ${unique()}`);
    const productId = await apiProductId(page.request, token, site.id, PRODUCTS.switch.name);
    const device = await apiCreateDevice(page.request, token, site.id, productId, {
      code: 'ST-01',
      status: 'Installed',
    });
    await apiSetLanguage(page, INTEGRATOR, 'fr');

    await signIn(page, INTEGRATOR, { to: `/site/${site.id}/devices` });
    const row = page.getByRole('table').getByRole('row', { name: /ST-01/ });
    await expect(row.getByText('Installé', { exact: true })).toBeVisible();
    await row.click();
    const card = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Général' }) });
    await expect(card.getByText('Installé', { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();

    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Nederlands' }).click();
    await page.keyboard.press('Escape');
    await expect(row.getByText('Geïnstalleerd', { exact: true })).toBeVisible();

    // A visitor's page follows the visitor's language, whatever the site's.
    const visitor = await browser.newContext({ locale: 'fr-BE' });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/device/${device.public_hash}`);
    await expect(visitorPage.getByRole('definition').filter({ hasText: 'Installé' })).toBeVisible();
    await visitor.close();
  });
});

test.describe('a Dutch user', () => {
  test.afterEach(async ({ page }) => {
    await apiSetLanguage(page, OWNER, 'en');
  });

  test('receives the password-reset mail in Dutch', async ({ page }) => {
    await apiSetLanguage(page, OWNER, 'nl');
    const seen = await outboxFiles();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(OWNER);
    await page.getByRole('button', { name: 'Send' }).click();
    const mail = await waitForMail(OWNER, seen);
    expect(mail).toContain('Subject: Stel je Asbuilt-wachtwoord opnieuw in');
    expect(mail).toContain('Open deze link om een nieuw wachtwoord te kiezen');
  });
});
