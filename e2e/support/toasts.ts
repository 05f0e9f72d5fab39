import { expect, type Page } from '@playwright/test';

/**
 * Toasts may sit over whatever the test clicks next (a control at the bottom left, on a phone at the
 * top): close them instead of waiting 3 s. (While a dialog is open the rest of the page is aria-hidden,
 * toasts included: hence the class name.)
 */
export async function dismissToasts(page: Page) {
  for (const button of await page.locator('.Toastify__close-button').all()) {
    await button.click({ timeout: 1_000 }).catch(() => {});
  }
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}
