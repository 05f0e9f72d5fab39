import { type FoundUser, SitePermission, type UserDto } from '@asbuilt/domain';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { siteAccesses, sites, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, can, requireSite } from '../../platform/policy.ts';
import { presentUser } from '../users/present.ts';
import { findUserByEmail } from './queries.ts';

/**
 * The e-mail lookup of sharing and of registered contacts. It answers only what those need:
 * a user of another tenant is named only once they hold an access on the site; the lookup never
 * lists anyone.
 */
export async function findUser(
  ctx: AppContext,
  actor: Actor,
  input: { email: string; site_id?: number | undefined },
): Promise<{ user: FoundUser | null; message?: string }> {
  let tenantId = actor.tenantId;
  let siteId: number | null = null;
  if (input.site_id !== undefined) {
    const { site } = await requireSite(ctx.db, actor, input.site_id, SitePermission.Contributor);
    tenantId = site.tenant_id;
    siteId = site.id;
  } else {
    authorize(actor, 'tenant:manage');
  }
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) return { user: null, message: 'not found' };
  const internal = user.tenant_id === tenantId;
  const holdsAccess =
    siteId !== null &&
    (
      await ctx.db
        .select({ id: siteAccesses.id })
        .from(siteAccesses)
        .where(and(eq(siteAccesses.site_id, siteId), eq(siteAccesses.user_id, user.id)))
    ).length > 0;
  const named = internal || holdsAccess;
  return {
    user: {
      id: user.id,
      email: user.email,
      fname: named ? user.fname : null,
      lname: named ? user.lname : null,
      user_status: user.user_status,
      internal,
    },
  };
}

/**
 * POST /api/global/find_users: of the ids asked, the users the caller may see: those of the
 * caller's tenant and those holding an access on one of its sites (a Super Admin sees all).
 */
export async function findUsers(ctx: AppContext, actor: Actor, ids: number[]): Promise<UserDto[]> {
  if (ids.length === 0) return [];
  let visible: SQL | undefined;
  if (!can(actor, 'admin:access')) {
    const sharedWithUs = ctx.db
      .select({ id: siteAccesses.user_id })
      .from(siteAccesses)
      .innerJoin(sites, eq(sites.id, siteAccesses.site_id))
      .where(eq(sites.tenant_id, actor.tenantId));
    visible = or(eq(users.tenant_id, actor.tenantId), inArray(users.id, sharedWithUs));
  }
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(inArray(users.id, ids), visible))
    .orderBy(asc(users.id));
  return rows.map((row) => presentUser(row));
}
