import type { LogChanges, LogEntryDto } from '@asbuilt/domain';
import type { activityLogs } from '../../db/schema.ts';
import { SECRET_MODEL, secretChanges, secretNote } from './secret-entries.ts';

/**
 * An activity entry as the logs show it; `siteName` when the list spans several sites. A secret's
 * entry keeps its title and action only, however it was written.
 */
export function presentLog(row: typeof activityLogs.$inferSelect, siteName?: string | null): LogEntryDto {
  const changes = (row.changes as LogChanges | null) ?? null;
  const secret = row.object_model === SECRET_MODEL;
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    user_id: row.user_id,
    user_name: row.user_name,
    object_model: row.object_model,
    object_id: row.object_id,
    object_name: row.object_name,
    note: secret ? secretNote(row.note, row.action) : row.note,
    action: row.action,
    params: secret ? null : row.params,
    parent_model: row.parent_model,
    parent_id: row.parent_id,
    parent_name: row.parent_name,
    site_id: row.site_id,
    ...(siteName !== undefined ? { site_name: siteName } : {}),
    changes: secret ? secretChanges(changes) : changes,
  };
}
