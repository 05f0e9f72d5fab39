import { type LogEntryDto, SITE_LOG_LIMIT } from '@asbuilt/domain';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activityLogs, sites } from '../../db/schema.ts';
import { presentLog } from './present.ts';
import { visibleEntries } from './secret-entries.ts';

/** The latest 500 entries of a site that `viewerId` may see, newest first. */
export async function loadSiteLogs(db: DbOrTx, siteId: number, viewerId: number): Promise<LogEntryDto[]> {
  const rows = await db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.site_id, siteId), visibleEntries(viewerId)))
    .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
    .limit(SITE_LOG_LIMIT);
  return rows.map((row) => presentLog(row));
}

/**
 * A device's activity, newest first, with that of what hangs on it (its files and secrets: a
 * password revealed shows here), as `viewerId` may see it.
 */
export async function loadDeviceLogs(
  db: DbOrTx,
  device: { id: number; site_id: number },
  viewerId: number,
): Promise<LogEntryDto[]> {
  const rows = await db
    .select()
    .from(activityLogs)
    .where(
      and(
        eq(activityLogs.site_id, device.site_id),
        or(
          and(eq(activityLogs.object_model, 'Device'), eq(activityLogs.object_id, device.id)),
          and(eq(activityLogs.parent_model, 'Device'), eq(activityLogs.parent_id, device.id)),
        ),
        visibleEntries(viewerId),
      ),
    )
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
  /** Who reads: private secrets' entries show to their owner only (none when absent). */
  viewerId?: number | null;
}

/** The newest entries of a tenant (or of all), filtered by sites and users, with their site names. */
export async function loadLogs(db: DbOrTx, filter: LogFilter): Promise<LogEntryDto[]> {
  const conditions: SQL[] = [visibleEntries(filter.viewerId ?? null)];
  if (filter.tenantId !== null) conditions.push(eq(activityLogs.tenant_id, filter.tenantId));
  if (filter.siteIds.length) conditions.push(inArray(activityLogs.site_id, filter.siteIds));
  if (filter.userIds.length) conditions.push(inArray(activityLogs.user_id, filter.userIds));
  const rows = await db
    .select({ log: activityLogs, siteName: sites.name })
    .from(activityLogs)
    .leftJoin(sites, eq(sites.id, activityLogs.site_id))
    .where(and(...conditions))
    .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
    .limit(filter.limit);
  return rows.map((r) => presentLog(r.log, r.siteName));
}
