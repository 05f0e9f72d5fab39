import type { LogAction } from '@asbuilt/domain';
import type { DbOrTx } from '../../db/client.ts';
import { type ActivityEntry, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { SiteRow } from '../../platform/policy.ts';
import { type Link, linkNamer } from '../sites/links.ts';
import type { TaskRow } from './present.ts';

function targetOf(row: Pick<TaskRow, 'device_id' | 'location_id'>): Link {
  if (row.device_id) return { type: 'Device', id: row.device_id };
  if (row.location_id) return { type: 'Location', id: row.location_id };
  return { type: null, id: null };
}

/**
 * The site's activity entries of changes to tasks, hung on the device or location they are on so
 * that the device's own log shows them. One naming pass and one insert whatever the count.
 */
export async function logTasks(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  rows: readonly TaskRow[],
  action: LogAction,
  note: string,
  changes: (row: TaskRow) => ActivityEntry['changes'] = () => null,
): Promise<void> {
  const name = await linkNamer(tx, site, rows.map(targetOf));
  const entries: ActivityEntry[] = rows.map((row) => {
    const target = targetOf(row);
    const parent = target.type ? name(target) : null;
    return {
      objectModel: 'Task',
      objectId: row.id,
      objectName: row.title,
      action,
      note,
      siteId: site.id,
      tenantId: site.tenant_id,
      parentModel: parent?.type ?? null,
      parentId: parent?.id ?? null,
      parentName: parent?.name ?? null,
      changes: changes(row),
    };
  });
  await logActivities(tx, actor, entries);
}
