import { type LogEntryDto, SITE_LOG_LIMIT } from '@asbuilt/domain';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activityLogs, sites } from '../../db/schema.ts';
import { presentLog } from './present.ts';

/** The latest 500 entries of a site, newest first. */
export async function loadSiteLogs(db: DbOrTx, siteId: number): Promise<LogEntryDto[]> {
  const rows = await db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.site_id, siteId))
    .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
    .limit(SITE_LOG_LIMIT);
  return rows.map((row) => presentLog(row));
}

export interface LogFilter {
  /** null: every tenant (the administration's logs). */
  tenantId: number | null;
  siteIds: number[];
  userIds: number[];
  limit: number;
}

/** The newest entries of a tenant (or of all), filtered by sites and users, with their site names. */
export async function loadLogs(db: DbOrTx, filter: LogFilter): Promise<LogEntryDto[]> {
  const conditions: SQL[] = [];
  if (filter.tenantId !== null) conditions.push(eq(activityLogs.tenant_id, filter.tenantId));
  if (filter.siteIds.length) conditions.push(inArray(activityLogs.site_id, filter.siteIds));
  if (filter.userIds.length) conditions.push(inArray(activityLogs.user_id, filter.userIds));
  const rows = await db
    .select({ log: activityLogs, siteName: sites.name })
    .from(activityLogs)
    .leftJoin(sites, eq(sites.id, activityLogs.site_id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
    .limit(filter.limit);
  return rows.map((r) => presentLog(r.log, r.siteName));
}
