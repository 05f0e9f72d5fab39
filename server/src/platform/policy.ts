import {
  accessInForce,
  canEditCatalogueItem,
  canManageSiteAccess,
  canSeeCatalogueItem,
  type ErrorCode,
  LIBRARY_TENANT_ID,
  Role,
  SitePermission,
  sitePermission,
} from '@asbuilt/domain';
import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { siteAccesses, sites, users } from '../db/schema.ts';
import type { Actor } from './actor.ts';
import { tokenReachesSite } from './api-tokens.ts';
import { forbidden, notFound } from './errors.ts';

/**
 * The one place that decides access. Global actions are a table of rules keyed by action;
 * site actions resolve the actor's site permission with the domain's `sitePermission`.
 */
const GLOBAL_RULES = {
  'admin:access': (a: Actor) => a.role === Role.SuperAdmin,
  'user:loginAs': (a: Actor) => a.role === Role.SuperAdmin,
  'tenant:manage': (a: Actor) => a.role >= Role.BuildingOwner,
  /** The user card of /tenant/users: the own tenant's users, roles 1 to 3 (Building Owner and above). */
  'user:manage': (a: Actor) => a.role >= Role.BuildingOwner,
  'site:create': (a: Actor) => a.role >= Role.Integrator,
  /** The tenant's own settings (its logo on the handover packs): the integrator, not its customers. */
  'tenant:settings': (a: Actor) => a.role >= Role.Integrator,
  /** The tenant's webhooks (issue 45): they carry its changes out, so its integrator decides, not customers. */
  'webhook:manage': (a: Actor) => a.role >= Role.Integrator,
  /** The admin catalogue calls (/api/admin/products, procats, companies) and product status. */
  'catalogue:admin': (a: Actor) => a.role >= Role.LibraryAdmin,
} satisfies Record<string, (actor: Actor) => boolean>;

export type GlobalAction = keyof typeof GLOBAL_RULES;

export function can(actor: Actor, action: GlobalAction): boolean {
  return GLOBAL_RULES[action](actor);
}

export function authorize(actor: Actor, action: GlobalAction): void {
  if (!can(actor, action)) throw forbidden();
}

/** Only oneself may edit one's own profile or password through the tenant profile calls. */
export function authorizeSelf(actor: Actor, userId: number | undefined): void {
  if (userId !== undefined && userId !== actor.userId) throw forbidden('own_account_only');
}

/**
 * A catalogue item (product, company, category) of tenant `itemTenantId`. One the actor can't see
 * answers 404 with `notFoundCode` (never revealing that it exists); one the actor sees but may
 * not change (a library item for a tenant, anything for role 1) answers 403.
 */
export function authorizeCatalogueItem(
  actor: Actor,
  itemTenantId: number,
  mode: 'read' | 'edit',
  notFoundCode: ErrorCode = 'not_found',
): void {
  if (!canSeeCatalogueItem(actor, itemTenantId)) throw notFound(notFoundCode);
  if (mode === 'edit' && !canEditCatalogueItem(actor, itemTenantId)) {
    throw forbidden(itemTenantId === LIBRARY_TENANT_ID ? 'library_admin_only' : 'change_not_allowed');
  }
}

/**
 * Support tickets: the site permission each ticket action needs. Readers open tickets and write
 * messages; Contributors and above assign, change a ticket's fields and status, book time and link
 * files. Internal notes need, on top, a user of the site's tenant (or the Super Admin).
 */
export const TICKET_RULES = {
  read: SitePermission.Reader,
  create: SitePermission.Reader,
  message: SitePermission.Reader,
  assign: SitePermission.Contributor,
  update: SitePermission.Contributor,
  status: SitePermission.Contributor,
  time: SitePermission.Contributor,
  attach: SitePermission.Contributor,
} satisfies Record<string, SitePermission>;
export type TicketAction = keyof typeof TICKET_RULES;

/** Handover packs (issue 42): Readers list and download them, Contributors make and delete them. */
export const HANDOVER_RULES = {
  list: SitePermission.Reader,
  download: SitePermission.Reader,
  make: SitePermission.Contributor,
  delete: SitePermission.Contributor,
} satisfies Record<string, SitePermission>;
export type HandoverAction = keyof typeof HANDOVER_RULES;

/** Maintenance tasks (issue 44): Readers see them and their history, Contributors do the rest. */
export const TASK_RULES = {
  read: SitePermission.Reader,
  write: SitePermission.Contributor,
  complete: SitePermission.Contributor,
} satisfies Record<string, SitePermission>;

/**
 * Who manages a tenant's custom fields (issue 43): the Super Admin, an Integrator of the tenant
 * (`tenant:settings`), or a user of the tenant holding Full Access on one of its sites (a
 * Building Owner has it on every site); never an external user.
 */
export async function canManageCustomFields(db: DbOrTx, actor: Actor, tenantId: number): Promise<boolean> {
  if (actor.role === Role.SuperAdmin) return true;
  if (actor.tenantId !== tenantId) return false;
  if (can(actor, 'tenant:settings')) return true;
  const reached = await reachableSites(db, actor, tenantId);
  return reached.some(({ permission }) => permission === SitePermission.FullAccess);
}

/** Whether the actor sees and writes a site's internal notes: its tenant's users and the Super Admin. */
export function canSeeNotes(actor: Actor, site: { tenant_id: number }): boolean {
  return actor.role === Role.SuperAdmin || actor.tenantId === site.tenant_id;
}

/**
 * Whether the actor is inside the site's tenant (or the Super Admin): only they see the tenant's
 * whole catalogue; external users see the companies and products the site uses.
 */
export function isInternalTo(actor: Actor, site: { tenant_id: number }): boolean {
  return actor.role === Role.SuperAdmin || actor.tenantId === site.tenant_id;
}

/**
 * The sites the actor can reach (permission above none), with that permission; only those of
 * `tenantId` when given. A Super Admin reaches every site.
 */
export async function reachableSites(
  db: DbOrTx,
  actor: Actor,
  tenantId?: number,
): Promise<Array<{ site: SiteRow; permission: SitePermission }>> {
  const query = db
    .select({ site: sites, access: siteAccesses })
    .from(sites)
    .leftJoin(siteAccesses, and(eq(siteAccesses.site_id, sites.id), eq(siteAccesses.user_id, actor.userId)));
  const scope =
    actor.role === Role.SuperAdmin
      ? undefined
      : or(eq(sites.tenant_id, actor.tenantId), eq(siteAccesses.user_id, actor.userId));
  const rows = await query.where(
    and(scope, tenantId !== undefined ? eq(sites.tenant_id, tenantId) : undefined),
  );
  return rows
    .map(({ site, access }) => ({
      site,
      permission: sitePermission(
        { id: actor.userId, tenantId: actor.tenantId, role: actor.role },
        { tenantId: site.tenant_id },
        access ? { userRole: access.user_role, active: access.active, validity: access.validity } : null,
      ),
    }))
    .filter((row) => row.permission > SitePermission.None && tokenReachesSite(actor, row.site.id));
}

/**
 * The sites whose content the global search shows the actor: those reached now, at any level. An
 * expired or deactivated access drops out on the next search, with the site's counts.
 */
export async function searchableSites(
  db: DbOrTx,
  actor: Actor,
): Promise<Array<{ id: number; name: string }>> {
  return (await reachableSites(db, actor)).map(({ site }) => ({ id: site.id, name: site.name }));
}

/**
 * The active users who can reach a site (the assignee and assigner choices): the site's tenant's
 * users and those holding an access record, filtered by the permission rule. Super Admins are left
 * out unless they belong to the site's tenant.
 */
export async function usersReachingSite(db: DbOrTx, site: { id: number; tenant_id: number }) {
  const rows = await db
    .select({ user: users, access: siteAccesses })
    .from(users)
    .leftJoin(siteAccesses, and(eq(siteAccesses.user_id, users.id), eq(siteAccesses.site_id, site.id)))
    .where(
      and(
        eq(users.user_status, true),
        or(eq(users.tenant_id, site.tenant_id), eq(siteAccesses.site_id, site.id)),
      ),
    );
  return rows
    .filter(
      ({ user, access }) =>
        sitePermission(
          { id: user.id, tenantId: user.tenant_id, role: user.role },
          { tenantId: site.tenant_id },
          access ? { userRole: access.user_role, active: access.active, validity: access.validity } : null,
        ) > SitePermission.None,
    )
    .map(({ user }) => user);
}

export type SiteRow = typeof sites.$inferSelect;
export type SiteAccessRow = typeof siteAccesses.$inferSelect;

export interface SiteContext {
  site: SiteRow;
  access: SiteAccessRow | null;
  permission: SitePermission;
}

/** The actor's permission on a site, with the site and the actor's access record; null if no such site. */
export async function siteContext(db: DbOrTx, actor: Actor, siteId: number): Promise<SiteContext | null> {
  // Built once (db/prepared.ts): every call on a site's content sends it first.
  const [row] = await prepared(db, 'site_context', (db) =>
    db
      .select({ site: sites, access: siteAccesses })
      .from(sites)
      .leftJoin(
        siteAccesses,
        and(eq(siteAccesses.site_id, sites.id), eq(siteAccesses.user_id, sql.placeholder('userId'))),
      )
      .where(eq(sites.id, sql.placeholder('siteId')))
      .limit(1),
  ).execute({ siteId, userId: actor.userId });
  // A site-limited API token sees no other site: as if it did not exist (404).
  if (!row || !tokenReachesSite(actor, row.site.id)) return null;
  const permission = sitePermission(
    { id: actor.userId, tenantId: actor.tenantId, role: actor.role },
    { tenantId: row.site.tenant_id },
    row.access
      ? { userRole: row.access.user_role, active: row.access.active, validity: row.access.validity }
      : null,
  );
  return { site: row.site, access: row.access, permission };
}

/**
 * Loads a site the actor must hold at least `min` on. A site the actor can't see at all answers
 * 404 (never revealing that it exists); a visible site with too low a level answers 403.
 * `notFoundCode` names what was asked for (a device of the site answers `device_not_found`).
 */
export async function requireSite(
  db: DbOrTx,
  actor: Actor,
  siteId: number,
  min: SitePermission,
  notFoundCode: ErrorCode = 'site_not_found',
): Promise<SiteContext> {
  const context = await siteContext(db, actor, siteId);
  if (!context || context.permission === SitePermission.None) throw notFound(notFoundCode);
  if (context.permission < min) throw forbidden('site_access_too_low');
  return context;
}

/**
 * Loads a site whose access the actor manages (the domain's `canManageSiteAccess`): 404 for a
 * site the actor can't see; 403 for a user of another tenant whatever their level, and for a
 * user of the site's tenant below Full Access.
 */
export async function requireAccessManager(
  db: DbOrTx,
  actor: Actor,
  siteId: number,
  notFoundCode: ErrorCode = 'site_not_found',
): Promise<SiteContext> {
  const context = await requireSite(db, actor, siteId, SitePermission.Reader, notFoundCode);
  if (!canManageSiteAccess(actor, { tenantId: context.site.tenant_id }, context.permission)) {
    const internal = actor.tenantId === context.site.tenant_id;
    throw forbidden(internal ? 'site_access_too_low' : 'access_managed_by_site_tenant');
  }
  return context;
}

/**
 * Whether the actor may look users up by e-mail (sharing, registered contacts): the Super Admin,
 * staff of their tenant (role 2 and above), and a user holding Full Access on a site of their own
 * tenant. Anyone else has nobody to share with, so nothing to look up.
 */
export async function mayLookUpUsers(db: DbOrTx, actor: Actor): Promise<boolean> {
  if (actor.role >= Role.BuildingOwner) return true;
  const rows = await db
    .select({ access: siteAccesses })
    .from(siteAccesses)
    .innerJoin(sites, eq(sites.id, siteAccesses.site_id))
    .where(
      and(
        eq(siteAccesses.user_id, actor.userId),
        eq(sites.tenant_id, actor.tenantId),
        eq(siteAccesses.user_role, SitePermission.FullAccess),
        eq(siteAccesses.active, true),
      ),
    );
  return rows.some(({ access }) =>
    accessInForce({ userRole: access.user_role, active: access.active, validity: access.validity }),
  );
}
