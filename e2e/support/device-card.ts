import type { Page } from '@playwright/test';

/** The device card: the dialog with a General tab (the other dialogs have none). */
export const deviceCard = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'General' }) });
