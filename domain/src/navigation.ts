import { Role, SitePermission } from './roles.ts';

/** Tenant sidebar entries and the minimum global role that sees each. */
export const TENANT_NAV = [
  { key: 'sites', label: 'Sites', path: '/sites', minRole: Role.User },
  { key: 'users', label: 'Users', path: '/tenant/users', minRole: Role.BuildingOwner },
  { key: 'products', label: 'Products', path: '/tenant/products', minRole: Role.BuildingOwner },
  { key: 'logs', label: 'Logs', path: '/tenant/logs', minRole: Role.BuildingOwner },
] as const;

/** Site sidebar entries and the minimum site permission that sees each. */
export const SITE_NAV = [
  { key: 'dashboard', label: 'Dashboard', minPermission: SitePermission.Reader },
  { key: 'devices', label: 'Devices', minPermission: SitePermission.Reader },
  { key: 'locations', label: 'Locations', minPermission: SitePermission.Reader },
  { key: 'attachments', label: 'Attachments', minPermission: SitePermission.Reader },
  { key: 'logs', label: 'Logs', minPermission: SitePermission.Contributor },
  { key: 'vault', label: 'Vault', minPermission: SitePermission.FullAccess },
  { key: 'access', label: 'Access', minPermission: SitePermission.FullAccess },
  { key: 'config', label: 'Config', minPermission: SitePermission.FullAccess },
] as const;

export const ADMIN_NAV = [
  { key: 'dashboard', label: 'Dashboard', path: '/admin/dashboard' },
  { key: 'tenants', label: 'Tenants', path: '/admin/tenants' },
  { key: 'users', label: 'Users', path: '/admin/users' },
  { key: 'products', label: 'Products', path: '/admin/products' },
  { key: 'procats', label: 'Procats', path: '/admin/procats' },
  { key: 'companies', label: 'Companies', path: '/admin/companies' },
  { key: 'logs', label: 'Logs', path: '/admin/logs' },
  { key: 'json', label: 'JSON', path: '/admin/json' },
  { key: 'release_notes', label: 'Release Notes', path: '/admin/release_notes' },
] as const;

export function tenantNavFor(role: number) {
  return TENANT_NAV.filter((item) => role >= item.minRole);
}

export function siteNavFor(permission: number) {
  return SITE_NAV.filter((item) => permission >= item.minPermission);
}
