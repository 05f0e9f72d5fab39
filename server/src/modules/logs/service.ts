import { LOG_RESULTS, type LogEntryDto, type LogFilterInput, SitePermission } from '@asbuilt/domain';
import { asc, eq } from 'drizzle-orm';
import { sites, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, requireSite } from '../../platform/policy.ts';
import { loadLogs, loadSiteLogs } from './queries.ts';

/**
 * The activity logs: a site's (Contributor and above, as the Logs page), the tenant's (roles 2
 * and above, own tenant only) and all of them (Super Admin).
 */
type Scope = 'tenant' | 'admin';

function tenantOf(actor: Actor, scope: Scope): number | null {
  authorize(actor, scope === 'admin' ? 'admin:access' : 'tenant:manage');
  return scope === 'admin' ? null : actor.tenantId;
}

/** GET /api/site/logs?site_id= */
export async function siteLogs(ctx: AppContext, actor: Actor, siteId: number): Promise<LogEntryDto[]> {
  const { site } = await requireSite(ctx.db, actor, siteId, SitePermission.Contributor);
  return loadSiteLogs(ctx.db, site.id);
}

/** GET /api/tenant/logs and /api/admin/logs: the latest entries and the filter menu's choices. */
export async function logsWithChoices(ctx: AppContext, actor: Actor, scope: Scope) {
  const tenantId = tenantOf(actor, scope);
  const [logs, userRows, siteRows] = await Promise.all([
    loadLogs(ctx.db, { tenantId, siteIds: [], userIds: [], limit: LOG_RESULTS.default }),
    ctx.db
      .select({ id: users.id, fname: users.fname, lname: users.lname, email: users.email })
      .from(users)
      .where(tenantId === null ? undefined : eq(users.tenant_id, tenantId))
      .orderBy(asc(users.lname), asc(users.fname), asc(users.id)),
    ctx.db
      .select({ id: sites.id, name: sites.name })
      .from(sites)
      .where(tenantId === null ? undefined : eq(sites.tenant_id, tenantId))
      .orderBy(asc(sites.name), asc(sites.id)),
  ]);
  return {
    logs,
    users: userRows.map((u) => ({ id: u.id, name: `${u.fname} ${u.lname}`.trim() || u.email })),
    sites: siteRows,
  };
}

/** POST /api/tenant/filter_logs and /api/admin/filter_logs: always within the caller's reach. */
export async function filterLogs(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  input: LogFilterInput,
): Promise<LogEntryDto[]> {
  return loadLogs(ctx.db, {
    tenantId: tenantOf(actor, scope),
    siteIds: input.sites,
    userIds: input.users,
    limit: input.results,
  });
}
