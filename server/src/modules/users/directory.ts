import { Role, SitePermission, sitePermission, type UserDto, type UserSiteAccess } from '@asbuilt/domain';
import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { siteAccesses, sites, tenants, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { presentAccess } from '../accesses/present.ts';
import { presentUser } from './present.ts';
import { authorizeScope, requireManaged, type Scope, tenantName } from './scope.ts';

/** The reading calls of the people pages: the list, the user card, and the pickers' user list. */

/** GET /api/tenant/users (own tenant), /api/admin/users (everyone), by id. */
export async function listUsers(ctx: AppContext, actor: Actor, scope: Scope): Promise<UserDto[]> {
  authorizeScope(actor, scope);
  const rows = await ctx.db
    .select({ user: users, tenantName: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenant_id))
    .where(scope === 'admin' ? undefined : eq(users.tenant_id, actor.tenantId))
    .orderBy(asc(users.id));
  return rows.map((r) => presentUser(r.user, r.tenantName));
}

/** GET /api/global/user_list: the users the caller may see (own tenant; everyone for the Super Admin). */
export async function userList(ctx: AppContext, actor: Actor): Promise<UserDto[]> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(actor.role === Role.SuperAdmin ? undefined : eq(users.tenant_id, actor.tenantId))
    .orderBy(asc(users.id));
  return rows.map((row) => presentUser(row));
}

/**
 * GET /api/tenant/users?id=: the user and the Access rights tab: each site of the user's tenant,
 * and each site of another tenant where the user holds an access the caller may see (the caller
 * holds Full Access there, as the site's Access page asks; the Super Admin sees them all).
 */
export async function userDetail(ctx: AppContext, actor: Actor, scope: Scope, id: number) {
  authorizeScope(actor, scope);
  const user = await requireManaged(ctx.db, actor, scope, id);
  const callerAccess = alias(siteAccesses, 'caller_access');
  const rows = await ctx.db
    .select({ site: sites, access: siteAccesses, callerAccess })
    .from(sites)
    .leftJoin(siteAccesses, and(eq(siteAccesses.site_id, sites.id), eq(siteAccesses.user_id, user.id)))
    .leftJoin(callerAccess, and(eq(callerAccess.site_id, sites.id), eq(callerAccess.user_id, actor.userId)))
    .where(or(eq(sites.tenant_id, user.tenant_id), isNotNull(siteAccesses.id)))
    .orderBy(asc(sites.name), asc(sites.id));
  const permissionOf = (
    who: { id: number; tenantId: number; role: number },
    tenantId: number,
    access: typeof siteAccesses.$inferSelect | null,
  ) =>
    sitePermission(
      who,
      { tenantId },
      access ? { userRole: access.user_role, active: access.active, validity: access.validity } : null,
    );
  const caller = { id: actor.userId, tenantId: actor.tenantId, role: actor.role };
  const visible = rows.filter(
    ({ site, callerAccess: mine }) =>
      scope === 'admin' ||
      site.tenant_id === user.tenant_id ||
      permissionOf(caller, site.tenant_id, mine) === SitePermission.FullAccess,
  );
  const sitesOf: UserSiteAccess[] = visible.map(({ site, access }) => ({
    site: {
      id: site.id,
      name: site.name,
      image: ctx.storage.signedUrl(site.image),
      tenant_id: site.tenant_id,
    },
    access: access ? presentAccess(access, user, site.tenant_id) : null,
    permission: permissionOf(
      { id: user.id, tenantId: user.tenant_id, role: user.role },
      site.tenant_id,
      access,
    ),
  }));
  return { user: presentUser(user, await tenantName(ctx.db, user.tenant_id)), sites: sitesOf };
}
