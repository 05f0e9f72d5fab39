import type { LogChanges, LogEntryDto } from '@asbuilt/domain';
import type { activityLogs } from '../../db/schema.ts';

/** An activity entry as the logs show it; `siteName` when the list spans several sites. */
export function presentLog(row: typeof activityLogs.$inferSelect, siteName?: string | null): LogEntryDto {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    user_id: row.user_id,
    user_name: row.user_name,
    object_model: row.object_model,
    object_id: row.object_id,
    object_name: row.object_name,
    note: row.note,
    action: row.action,
    params: row.params,
    parent_model: row.parent_model,
    parent_id: row.parent_id,
    parent_name: row.parent_name,
    site_id: row.site_id,
    ...(siteName !== undefined ? { site_name: siteName } : {}),
    changes: (row.changes as LogChanges | null) ?? null,
  };
}
