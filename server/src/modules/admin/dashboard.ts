import { ADMIN_DASHBOARD, type AdminDashboardDto } from '@asbuilt/domain';
import { and, count, countDistinct, gte, isNull, sql } from 'drizzle-orm';
import { devices, sessions, sites, tenants, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize } from '../../platform/policy.ts';
import { loadLogs } from '../logs/queries.ts';

/**
 * GET /api/admin/dashboard: the platform at a glance. Sign-ins are the sessions opened in the last
 * 7 days with a password (every sign-in, reset-password and invitation sign-up opens one); Login
 * as sessions are left out, they are in the activity log.
 */
export async function adminDashboard(ctx: AppContext, actor: Actor): Promise<AdminDashboardDto> {
  authorize(actor, 'admin:access');
  const since = new Date(Date.now() - ADMIN_DASHBOARD.signInDays * 86_400_000);
  const [tenantCounts] = await ctx.db
    .select({
      all: count(),
      active: sql<number>`count(*) filter (where ${tenants.tenant_status})`.mapWith(Number),
    })
    .from(tenants);
  const [userCounts] = await ctx.db
    .select({
      all: count(),
      active: sql<number>`count(*) filter (where ${users.user_status})`.mapWith(Number),
    })
    .from(users);
  const [siteCount] = await ctx.db.select({ all: count() }).from(sites);
  const [deviceCount] = await ctx.db.select({ all: count() }).from(devices);
  const [signIns] = await ctx.db
    .select({ count: count(), users: countDistinct(sessions.user_id) })
    .from(sessions)
    .where(and(gte(sessions.created_at, since), isNull(sessions.impersonator_id)));
  const logs = await loadLogs(ctx.db, {
    tenantId: null,
    siteIds: [],
    userIds: [],
    limit: ADMIN_DASHBOARD.latestLogs,
  });
  return {
    counts: {
      tenants: tenantCounts?.all ?? 0,
      active_tenants: tenantCounts?.active ?? 0,
      users: userCounts?.all ?? 0,
      active_users: userCounts?.active ?? 0,
      sites: siteCount?.all ?? 0,
      devices: deviceCount?.all ?? 0,
    },
    sign_ins: { days: ADMIN_DASHBOARD.signInDays, count: signIns?.count ?? 0, users: signIns?.users ?? 0 },
    logs,
  };
}
