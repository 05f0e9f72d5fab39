import type { TFunction } from 'i18next';

/** The pages of a site (core.md section 2). */
export const SITE_PAGES = [
  'dashboard',
  'devices',
  'locations',
  'zones',
  'schemas',
  'connections',
  'racks',
  'handover',
  'attachments',
  'contacts',
  'access',
  'vault',
  'logs',
  'config',
  'support',
] as const;
export type SitePage = (typeof SITE_PAGES)[number];

const isSitePage = (page: string): page is SitePage => (SITE_PAGES as readonly string[]).includes(page);

/** A page's name as the navigation shows it ("Devices", "Contacts"), in the reader's language. */
export function sitePageLabel(t: TFunction<'sites'>, page: string): string {
  return isSitePage(page) ? t(`page.${page}`) : page.charAt(0).toUpperCase() + page.slice(1);
}
