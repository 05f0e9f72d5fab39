/**
 * The screens of the tenant's and the site's pages, each a chunk of its own. The router loads
 * them when a page opens; on a page load the bootstrap (main.tsx) also starts the layout and the
 * screen of the address while the app's own scripts load: a first visit's browser then fetches
 * them beside the app instead of after it has started (bench/devices-page.ts).
 */
type Load = () => Promise<unknown>;

export const tenantLayout = () => import('./layouts/TenantLayout.tsx');

/** By the route's path under the tenant's layout. */
export const tenantScreens = {
  sites: () => import('../features/sites/SitesPage.tsx'),
  home: () => import('../features/home/HomePage.tsx'),
  profile: () => import('../features/profile/ProfilePage.tsx'),
  support: () => import('../features/support/SupportPage.tsx'),
  'tenant/products': () => import('../features/products/ProductsPage.tsx'),
  'tenant/companies': () => import('../features/companies/CompaniesPage.tsx'),
  'tenant/customers': () => import('../features/companies/CustomersPage.tsx'),
  'tenant/logs': () => import('../features/logs/TenantLogsPage.tsx'),
  'tenant/due': () => import('../features/due/TenantDuePage.tsx'),
  'tenant/users': () => import('../features/people/UsersPage.tsx'),
  'tenant/settings': () => import('../features/tenant/TenantSettingsPage.tsx'),
  'tenant/settings/custom-fields': () => import('../features/customFields/CustomFieldsPage.tsx'),
  'tenant/settings/tags': () => import('../features/tags/TagsPage.tsx'),
  'tenant/settings/webhooks': () => import('../features/webhooks/WebhooksPage.tsx'),
} satisfies Record<string, Load>;

export const siteLayout = () => import('../features/sites/SiteLayout.tsx');

/** By the route's path under site/:siteId. */
export const siteScreens = {
  dashboard: () => import('../features/sites/SiteDashboardPage.tsx'),
  devices: () => import('../features/devices/DevicesPage.tsx'),
  locations: () => import('../features/locations/LocationsPage.tsx'),
  zones: () => import('../features/locations/ZonesPage.tsx'),
  config: () => import('../features/config/ConfigPage.tsx'),
  attachments: () => import('../features/attachments/AttachmentsPage.tsx'),
  vault: () => import('../features/vault/VaultPage.tsx'),
  access: () => import('../features/access/AccessPage.tsx'),
  logs: () => import('../features/logs/SiteLogsPage.tsx'),
  contacts: () => import('../features/contacts/ContactsPage.tsx'),
  support: () => import('../features/support/SiteSupportPage.tsx'),
  connections: () => import('../features/connections/ConnectionsPage.tsx'),
  schemas: () => import('../features/schematics/SchematicsPage.tsx'),
  racks: () => import('../features/racks/RacksPage.tsx'),
  handover: () => import('../features/handover/HandoverPage.tsx'),
  due: () => import('../features/due/SiteDuePage.tsx'),
} satisfies Record<string, Load>;

const screenOf = <T extends Record<string, Load>>(screens: T, key: string): Load | undefined =>
  Object.hasOwn(screens, key) ? screens[key] : undefined;

/** The chunks drawn first at `path` (without its trailing slash): its layout and its screen. */
export function screensAt(path: string): Load[] {
  const site = /^\/site\/\d+(?:\/([^/]+))?$/.exec(path);
  if (site) {
    // site/:siteId alone opens the dashboard.
    const page = site[1] ?? 'dashboard';
    const screen = screenOf(siteScreens, page);
    return screen ? [siteLayout, screen] : [];
  }
  const screen = screenOf(tenantScreens, path.slice(1));
  return screen ? [tenantLayout, screen] : [];
}

/** Starts loading the chunks of `path`; the router takes the same modules when it gets there. */
export function startScreensAt(path: string) {
  // A chunk that fails here fails again in the router, which shows the error.
  for (const load of screensAt(path)) load().catch(() => undefined);
}
