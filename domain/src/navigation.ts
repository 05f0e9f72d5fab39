import { Role, SitePermission } from './roles.ts';

/**
 * Navigation entries by key; the screens name each entry in the reader's language from its key
 * (the web's `app:nav.*` catalogue).
 */

/** Tenant sidebar entries and the minimum global role that sees each. */
export const TENANT_NAV = [
  { key: 'sites', path: '/sites', minRole: Role.User },
  { key: 'users', path: '/tenant/users', minRole: Role.BuildingOwner },
  { key: 'products', path: '/tenant/products', minRole: Role.BuildingOwner },
  { key: 'logs', path: '/tenant/logs', minRole: Role.BuildingOwner },
] as const;

/** Site sidebar entries and the minimum site permission that sees each. */
export const SITE_NAV = [
  { key: 'dashboard', minPermission: SitePermission.Reader },
  { key: 'devices', minPermission: SitePermission.Reader },
  { key: 'locations', minPermission: SitePermission.Reader },
  { key: 'connections', minPermission: SitePermission.Reader },
  { key: 'schemas', minPermission: SitePermission.Reader },
  { key: 'racks', minPermission: SitePermission.Reader },
  { key: 'attachments', minPermission: SitePermission.Reader },
  { key: 'handover', minPermission: SitePermission.Reader },
  { key: 'logs', minPermission: SitePermission.Contributor },
  { key: 'vault', minPermission: SitePermission.FullAccess },
  { key: 'access', minPermission: SitePermission.FullAccess },
  { key: 'config', minPermission: SitePermission.FullAccess },
] as const;

export const ADMIN_NAV = [
  { key: 'dashboard', path: '/admin/dashboard' },
  { key: 'tenants', path: '/admin/tenants' },
  { key: 'users', path: '/admin/users' },
  { key: 'products', path: '/admin/products' },
  { key: 'procats', path: '/admin/procats' },
  { key: 'companies', path: '/admin/companies' },
  { key: 'logs', path: '/admin/logs' },
  { key: 'json', path: '/admin/json' },
  { key: 'tokens', path: '/admin/tokens' },
  { key: 'release_notes', path: '/admin/release_notes' },
] as const;

export type TenantNavKey = (typeof TENANT_NAV)[number]['key'];
export type SiteNavKey = (typeof SITE_NAV)[number]['key'];
export type AdminNavKey = (typeof ADMIN_NAV)[number]['key'];

export function tenantNavFor(role: number) {
  return TENANT_NAV.filter((item) => role >= item.minRole);
}

export function siteNavFor(permission: number) {
  return SITE_NAV.filter((item) => permission >= item.minPermission);
}

/** The pages a visitor opens without an account: a link from a mail or a label. */
const PUBLIC_PAGES =
  /^\/(reset_password|confirm_email|invite_sign_up|unsubscribe|device\/[^/]+|follow\/[^/]+)$/;

export function isPublicPage(path: string): boolean {
  return PUBLIC_PAGES.test(path);
}

/**
 * A cookie that says only that this browser holds a session (never the token, which stays in
 * local storage): the server then sends a page with the app's scripts preloaded, and a browser
 * without one gets the sign-in screen's page alone.
 */
export const SIGNED_IN_COOKIE = 'asbuilt_signed_in';
