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
 * permission"). `access` is this user's access record for this site, if one exists: it counts for
 * everyone but the Super Admin and the site tenant's Integrators (and Library Admins).
 */
export function sitePermission(
  user: PermissionUser,
  site: PermissionSite,
  access: PermissionAccess | null | undefined,
  today: string = isoDate(),
): SitePermission {
  if (user.role === Role.SuperAdmin) return SitePermission.FullAccess;
  // The site's own tenant stays in charge: no record, whoever wrote it, lowers its Integrators.
  if (user.tenantId === site.tenantId && user.role >= Role.Integrator) return SitePermission.FullAccess;
  if (access) return accessInForce(access, today) ? asSitePermission(access.userRole) : SitePermission.None;
  if (user.tenantId === site.tenantId && user.role >= Role.BuildingOwner) return SitePermission.FullAccess;
  return SitePermission.None;
}

/**
 * Whether the user manages who may open a site (lists, grants, changes, revokes, invites): the
 * Super Admin and the users of the site's own tenant holding Full Access on it. An external user
 * never does, whatever level a record gives them, so a shared site can't be turned against its
 * owner.
 */
export function canManageSiteAccess(
  user: Pick<PermissionUser, 'tenantId' | 'role'>,
  site: PermissionSite,
  permission: number,
): boolean {
  if (user.role === Role.SuperAdmin) return true;
  return user.tenantId === site.tenantId && permission >= SitePermission.FullAccess;
}

/** The highest level one may grant on a site: one's own, so sharing never raises anyone above the sharer. */
export function highestGrantableLevel(permission: number): SitePermission {
  return asSitePermission(Math.min(permission, SitePermission.FullAccess));
}

/**
 * Whether `actor` (who manages the site's access) may create, change or revoke the access record
 * of `target`. Within the site's tenant, staff (Building Owner and above) are ranked: a record of
 * one's equal or superior is out of reach, so only an Integrator (or the Super Admin) lowers a
 * Building Owner. Role-1 users hold no rank, and a user of another tenant holds none here: the
 * site's tenant can always take back what it shared. Nobody changes their own.
 */
export function canChangeAccessOf(
  actor: Pick<PermissionUser, 'id' | 'role'>,
  target: PermissionUser,
  site: PermissionSite,
): boolean {
  if (actor.role === Role.SuperAdmin) return target.id !== actor.id;
  if (target.id === actor.id) return false;
  if (target.tenantId !== site.tenantId || target.role < Role.BuildingOwner) return true;
  return target.role < actor.role;
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

/**
 * Accounts that cannot be turned against their owner: a user card reaches (edits, deactivates,
 * deletes, changes the role of) users whose role is at most the caller's, and gives no role above
 * the caller's own.
 */
export function canManageUserOfRole(actorRole: number, targetRole: number): boolean {
  return targetRole <= actorRole;
}

/**
 * Setting another user's password or e-mail (both hand over the account) needs a role strictly
 * above theirs: an equal could otherwise take over a peer.
 */
export function canTakeOverUserOfRole(actorRole: number, targetRole: number): boolean {
  return targetRole < actorRole;
}
