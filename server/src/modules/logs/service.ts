import { LOG_RESULTS, type LogEntryDto, type LogFilterInput, SitePermission } from '@asbuilt/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices, sites, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { tokenReachesSite } from '../../platform/api-tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { authorize, requireSite } from '../../platform/policy.ts';
import { loadDeviceLogs, loadLogs, loadSiteLogs } from './queries.ts';

/**
 * The activity logs: a site's (Contributor and above, as the site's Logs page), the tenant's
 * (roles 2 and above, own tenant only) and all of them (Super Admin). Every call that answers
 * entries of a site asks the Logs page's level: `LOGS_LEVEL`.
 */
export const LOGS_LEVEL = SitePermission.Contributor;

type Scope = 'tenant' | 'admin';

function tenantOf(actor: Actor, scope: Scope): number | null {
  authorize(actor, scope === 'admin' ? 'admin:access' : 'tenant:manage');
  return scope === 'admin' ? null : actor.tenantId;
}

/** GET /api/site/logs?site_id= */
export async function siteLogs(ctx: AppContext, actor: Actor, siteId: number): Promise<LogEntryDto[]> {
  const { site } = await requireSite(ctx.db, actor, siteId, LOGS_LEVEL);
  return loadSiteLogs(ctx.db, site.id, actor.userId);
}

/** POST /api/site/devices/logs: a device's activity, at the Logs page's level of its site. */
export async function deviceLogs(ctx: AppContext, actor: Actor, id: number): Promise<LogEntryDto[]> {
  const device = await deviceSite(ctx.db, id);
  await requireSite(ctx.db, actor, device.site_id, LOGS_LEVEL, 'device_not_found');
  return loadDeviceLogs(ctx.db, device, actor.userId);
}

async function deviceSite(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: devices.id, site_id: devices.site_id })
    .from(devices)
    .where(eq(devices.id, id))
    .limit(1);
  if (!row) throw notFound('device_not_found');
  return row;
}

/** GET /api/tenant/logs and /api/admin/logs: the latest entries and the filter menu's choices. */
export async function logsWithChoices(ctx: AppContext, actor: Actor, scope: Scope) {
  const tenantId = tenantOf(actor, scope);
  const [logs, userRows, siteRows] = await Promise.all([
    loadLogs(ctx.db, {
      tenantId,
      siteIds: actor.apiToken?.siteIds ?? [],
      userIds: [],
      limit: LOG_RESULTS.default,
      viewerId: actor.userId,
    }),
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
    sites: siteRows.filter((site) => tokenReachesSite(actor, site.id)),
  };
}

/** POST /api/tenant/filter_logs and /api/admin/filter_logs: always within the caller's reach. */
export async function filterLogs(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  input: LogFilterInput,
): Promise<LogEntryDto[]> {
  // A site-limited API token reads its sites' entries only (an empty list means every site).
  const limit = actor.apiToken?.siteIds;
  const siteIds = limit
    ? input.sites.length
      ? input.sites.filter((id) => limit.includes(id))
      : limit
    : input.sites;
  if (limit && siteIds.length === 0) return [];
  return loadLogs(ctx.db, {
    tenantId: tenantOf(actor, scope),
    siteIds,
    userIds: input.users,
    limit: input.results,
    viewerId: actor.userId,
  });
}
