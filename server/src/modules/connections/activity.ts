import { CONNECTION_VALUE_FIELDS, type LogAction } from '@asbuilt/domain';
import type { ActivityEntry } from '../../platform/activity.ts';
import type { SiteRow } from '../../platform/policy.ts';
import type { ConnectionRow } from './queries.ts';

/** The columns a connection's log entries name (its site is the entry's parent). */
export const LOGGED_FIELDS = CONNECTION_VALUE_FIELDS;

export type LoggedValues = Partial<Pick<ConnectionRow, (typeof LOGGED_FIELDS)[number]>>;

/** The logged columns of a set of values (the rest, such as `updated_at`, left out). */
export function loggedOf(values: LoggedValues & Record<string, unknown>): LoggedValues {
  const out: Record<string, unknown> = {};
  for (const field of LOGGED_FIELDS) if (values[field] !== undefined) out[field] = values[field];
  return out as LoggedValues;
}

/** One entry of the site's activity about a connection, named by its code. */
export function connectionEntry(
  site: SiteRow,
  connection: { id: number; code: string },
  action: LogAction,
  note: string,
  changes: ActivityEntry['changes'],
): ActivityEntry {
  return {
    objectModel: 'Connection',
    objectId: connection.id,
    objectName: connection.code,
    action,
    note,
    siteId: site.id,
    tenantId: site.tenant_id,
    parentModel: 'Site',
    parentId: site.id,
    parentName: site.name,
    changes,
  };
}
