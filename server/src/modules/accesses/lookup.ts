import type { FoundUser } from '@asbuilt/domain';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { siteAccesses, sites, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { can, mayLookUpUsers, requireAccessManager } from '../../platform/policy.ts';
import { findUserByEmail } from './queries.ts';

/** What find_users answers of a user: enough to name them, nothing of their account. */
export interface ListedUser {
  id: number;
  email: string;
  fname: string;
  lname: string;
}

/**
 * The e-mail lookup of sharing and of registered contacts. It answers only what those need, for
 * an exact e-mail: the id, the e-mail, whether the account is active and whether it belongs to
 * the site's tenant; the name only of a user of that tenant or one already holding an access on
 * the site. Never a role, a phone or a tenant, never a list. Only those who may share anything ask
 * (policy `mayLookUpUsers`); with a site, only those who manage its access.
 */
export async function findUser(
  ctx: AppContext,
  actor: Actor,
  input: { email: string; site_id?: number | undefined },
): Promise<{ user: FoundUser | null; message?: string }> {
  let tenantId = actor.tenantId;
  let siteId: number | null = null;
  if (input.site_id !== undefined) {
    // Managing the site's access implies the right to look up; a site out of sight stays a 404.
    const { site } = await requireAccessManager(ctx.db, actor, input.site_id);
    tenantId = site.tenant_id;
    siteId = site.id;
  } else if (!(await mayLookUpUsers(ctx.db, actor))) {
    throw forbidden('user_lookup_not_allowed');
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
 * POST /api/global/find_users: of the ids asked, the name and e-mail of the users the caller may
 * see: those of the caller's tenant and those holding an access on one of its sites (a Super
 * Admin sees all). Only for those who may look users up at all.
 */
export async function findUsers(ctx: AppContext, actor: Actor, ids: number[]): Promise<ListedUser[]> {
  if (!(await mayLookUpUsers(ctx.db, actor))) throw forbidden('user_lookup_not_allowed');
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
  return ctx.db
    .select({ id: users.id, email: users.email, fname: users.fname, lname: users.lname })
    .from(users)
    .where(and(inArray(users.id, ids), visible))
    .orderBy(asc(users.id));
}
