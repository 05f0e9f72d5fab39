import {
  canChangeAccessOf,
  canManageSiteAccess,
  Role,
  sitePermission,
  type UserDto,
  type UserSiteAccess,
} from '@asbuilt/domain';
import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { siteAccesses, sites, tenants, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { mayLookUpUsers } from '../../platform/policy.ts';
import { presentAccess } from '../accesses/present.ts';
import { presentUser } from './present.ts';
import { authorizeScope, requireManaged, type Scope, tenantName } from './scope.ts';

/** The reading calls of the people pages: the list, the user card, and the sharing pick list. */

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

/**
 * GET /api/global/user_list: the people one may share a site with, for those who may share:
 * staff (role 2 and above) and users holding Full Access on a site of their own tenant. Only
 * what sharing needs (id, name, e-mail), of the own tenant (everyone for the Super Admin).
 */
export async function userList(ctx: AppContext, actor: Actor): Promise<UserListEntry[]> {
  if (!(await mayLookUpUsers(ctx.db, actor))) throw forbidden('user_lookup_not_allowed');
  return ctx.db
    .select({ id: users.id, fname: users.fname, lname: users.lname, email: users.email })
    .from(users)
    .where(actor.role === Role.SuperAdmin ? undefined : eq(users.tenant_id, actor.tenantId))
    .orderBy(asc(users.id));
}

export interface UserListEntry {
  id: number;
  fname: string;
  lname: string;
  email: string;
}

/**
 * GET /api/tenant/users?id=: the user and the Access rights tab: each site of the user's tenant,
 * whose access the caller's tenant manages. An access the user holds on another tenant's site is
 * that tenant's to manage (an external user never manages access), so it shows only to the Super
 * Admin (/api/admin/users?id=). Each access says whether the caller may change it.
 */
export async function userDetail(ctx: AppContext, actor: Actor, scope: Scope, id: number) {
  authorizeScope(actor, scope);
  const user = await requireManaged(ctx.db, actor, scope, id, 'read');
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
  const visible = rows.filter(({ site }) => scope === 'admin' || site.tenant_id === user.tenant_id);
  const sitesOf: UserSiteAccess[] = visible.map(({ site, access, callerAccess: mine }) => ({
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
    manageable:
      canManageSiteAccess(caller, { tenantId: site.tenant_id }, permissionOf(caller, site.tenant_id, mine)) &&
      canChangeAccessOf(
        caller,
        { id: user.id, tenantId: user.tenant_id, role: user.role },
        { tenantId: site.tenant_id },
      ),
  }));
  return { user: presentUser(user, await tenantName(ctx.db, user.tenant_id)), sites: sitesOf };
}
