import { SITE_NAV } from '@asbuilt/domain';

/** The pages of a site (core.md section 2). */
export const SITE_PAGES = [
  'dashboard',
  'devices',
  'locations',
  'zones',
  'schemas',
  'connections',
  'attachments',
  'contacts',
  'access',
  'vault',
  'logs',
  'config',
  'support',
] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/** A page's name as the navigation shows it ("Devices", "Contacts"). */
export function sitePageLabel(page: string): string {
  const nav = SITE_NAV.find((item) => item.key === page);
  return nav?.label ?? page.charAt(0).toUpperCase() + page.slice(1);
}
