import { LIBRARY_TENANT_ID } from './constants.ts';
import { Role, SITE_ROLE_LABELS, SitePermission, type SiteRole } from './roles.ts';

export interface PermissionUser {
  id: number;
  tenantId: number;
  role: number;
}

export interface PermissionSite {
  tenantId: number;
}

export interface PermissionAccess {
  userRole: number;
  active: boolean;
  /** `YYYY-MM-DD`; null or empty means unlimited. */
  validity: string | null;
}

/** Today's date as `YYYY-MM-DD` in UTC, the form validity dates are stored in. */
export function isoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether an access record is in force on `today` (active and not past its validity). */
export function accessInForce(access: PermissionAccess, today: string = isoDate()): boolean {
  if (!access.active) return false;
  return !access.validity || access.validity >= today;
}

function asSitePermission(level: number): SitePermission {
  return level >= 1 && level <= 3 ? (level as SitePermission) : SitePermission.None;
}

/**
 * The one function that decides a user's permission on a site (ARCHITECTURE.md, "Roles and site
 * permission"). `access` is this user's access record for this site, if one exists.
 */
export function sitePermission(
  user: PermissionUser,
  site: PermissionSite,
  access: PermissionAccess | null | undefined,
  today: string = isoDate(),
): SitePermission {
  if (user.role === Role.SuperAdmin) return SitePermission.FullAccess;
  if (access) return accessInForce(access, today) ? asSitePermission(access.userRole) : SitePermission.None;
  if (user.tenantId === site.tenantId && user.role >= Role.BuildingOwner) return SitePermission.FullAccess;
  return SitePermission.None;
}

/** The label a user sees for an access record: No Access, Access Expired, or the role. */
export function accessLabel(access: PermissionAccess | null | undefined, today: string = isoDate()): string {
  if (!access) return 'No Access';
  if (!accessInForce(access, today)) return 'Access Expired';
  return SITE_ROLE_LABELS[access.userRole as SiteRole] ?? 'No Access';
}

/** Internal users of a site belong to the site's tenant; everyone else is external. */
export function isInternalUser(user: Pick<PermissionUser, 'tenantId'>, site: PermissionSite): boolean {
  return user.tenantId === site.tenantId;
}

/**
 * Catalogue items (products, companies, categories) of the library (tenant 1) are visible to
 * everyone; a tenant's own items only to that tenant and the Super Admin.
 */
export function canSeeCatalogueItem(
  user: Pick<PermissionUser, 'tenantId' | 'role'>,
  itemTenantId: number,
): boolean {
  return (
    itemTenantId === LIBRARY_TENANT_ID || itemTenantId === user.tenantId || user.role === Role.SuperAdmin
  );
}

/**
 * Library items are edited by Library Admins and Super Admins only; a tenant's own items by its
 * users of role 2 or more (and the Super Admin).
 */
export function canEditCatalogueItem(
  user: Pick<PermissionUser, 'tenantId' | 'role'>,
  itemTenantId: number,
): boolean {
  if (user.role === Role.SuperAdmin) return true;
  if (itemTenantId === LIBRARY_TENANT_ID) return user.role >= Role.LibraryAdmin;
  return itemTenantId === user.tenantId && user.role >= Role.BuildingOwner;
}
