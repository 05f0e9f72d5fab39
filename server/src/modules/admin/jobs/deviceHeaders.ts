import { DEVICE_COLUMN_KEYS, deviceColumnKey } from '@asbuilt/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { siteAccesses, sitePreferences, sites, users } from '../../../db/schema.ts';
import { type ActivityEntry, logActivities } from '../../../platform/activity.ts';
import { change, type Job, type JobPlan, tenantCount } from './plan.ts';

/** A saved column list as it should be stored: keys only (labels read as their keys), known, once each. */
export function refreshedHeaders(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  const keys = stored.flatMap((h) => (typeof h === 'string' ? [deviceColumnKey(h) ?? h] : []));
  return [...new Set(keys.filter((k) => (DEVICE_COLUMN_KEYS as readonly string[]).includes(k)))];
}

const savedHeaders = (column: typeof siteAccesses.device_headers | typeof sitePreferences.device_headers) =>
  sql`${column} <> '[]'::jsonb`;

/** The rows of a saved-columns table whose list changes, with what it becomes. */
async function stale<T extends { headers: unknown }>(rows: Promise<T[]>) {
  return (await rows).flatMap((row) => {
    const headers = refreshedHeaders(row.headers);
    return JSON.stringify(headers) === JSON.stringify(row.headers) ? [] : [{ ...row, refreshed: headers }];
  });
}

/**
 * Saved device columns (on site access records and on the preferences of users without one) are
 * rewritten as known column keys: labels become keys, unknown or repeated columns are dropped (an
 * emptied list means the default columns).
 */
async function plan(tx: Tx): Promise<JobPlan> {
  const site = { id: sites.id, name: sites.name, tenant_id: sites.tenant_id };
  const accesses = await stale(
    tx
      .select({ id: siteAccesses.id, headers: siteAccesses.device_headers, site, email: users.email })
      .from(siteAccesses)
      .innerJoin(sites, eq(sites.id, siteAccesses.site_id))
      .innerJoin(users, eq(users.id, siteAccesses.user_id))
      .where(savedHeaders(siteAccesses.device_headers))
      .orderBy(asc(siteAccesses.id)),
  );
  const preferences = await stale(
    tx
      .select({ id: sitePreferences.id, headers: sitePreferences.device_headers, site, email: users.email })
      .from(sitePreferences)
      .innerJoin(sites, eq(sites.id, sitePreferences.site_id))
      .innerJoin(users, eq(users.id, sitePreferences.user_id))
      .where(savedHeaders(sitePreferences.device_headers))
      .orderBy(asc(sitePreferences.id)),
  );

  const apply: JobPlan['apply'] = async (actor) => {
    const entries: ActivityEntry[] = [];
    for (const access of accesses) {
      await tx
        .update(siteAccesses)
        .set({ device_headers: access.refreshed })
        .where(eq(siteAccesses.id, access.id));
      entries.push({
        objectModel: 'SiteAccess',
        objectId: access.id,
        objectName: access.email,
        action: 'updated',
        note: 'Device columns refreshed',
        siteId: access.site.id,
        tenantId: access.site.tenant_id,
        parentModel: 'Site',
        parentId: access.site.id,
        parentName: access.site.name,
        changes: { device_headers: { from: access.headers, to: access.refreshed } },
      });
    }
    await logActivities(tx, actor, entries);
    for (const preference of preferences) {
      await tx
        .update(sitePreferences)
        .set({ device_headers: preference.refreshed })
        .where(eq(sitePreferences.id, preference.id));
    }
    return accesses.length + preferences.length;
  };

  const named = (row: { email: string; site: { name: string } }) => `${row.email} (${row.site.name})`;
  return {
    total: accesses.length + preferences.length,
    changes: [
      change('access_columns_refreshed', accesses, named),
      change('preference_columns_refreshed', preferences, named),
    ],
    tenants: tenantCount([...accesses, ...preferences].map((row) => row.site.tenant_id)),
    apply,
  };
}

export const refreshDeviceHeaders: Job = {
  plan,
  message: (n) => `${n} device column lists refreshed`,
};
