import {
  type DeviceFilters,
  deviceColumnKey,
  deviceFiltersSchema,
  type FiltersBody,
  type HeadersBody,
  type PermissionResponse,
  type SiteAccessSettings,
  SitePermission,
  visibleDeviceHeaders,
} from '@asbuilt/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { siteAccesses, sitePreferences } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireSite, siteContext } from '../../platform/policy.ts';
import { checkCustomFieldColumns } from '../custom-fields/columns.ts';

/**
 * The site permission call and the devices-page settings (filters and visible columns).
 *
 * Settings live on the caller's site access record, as the specification says. Users who reach a
 * site without a record (tenant users of role 2+ by rule 3, the Super Admin) keep theirs in
 * `site_preferences`, one row per user and site, so that saving a filter never creates an access
 * record (which would change the permission rule's outcome later). Both answer in one shape, whose
 * `id` is the record's id or null.
 */

interface StoredSettings {
  device_filters: unknown;
  device_headers: unknown;
}

/**
 * Saved settings as they are answered: the effective visible columns (the saved keys, or the
 * defaults when none are saved; labels saved by an older client are read as their keys), and the
 * filters (anything stored in an older or broken shape reads as empty).
 */
function settings(id: number | null, siteId: number, stored: StoredSettings | null): SiteAccessSettings {
  const filters = deviceFiltersSchema.safeParse(stored?.device_filters ?? {});
  const headers = stored?.device_headers;
  const saved = Array.isArray(headers)
    ? headers.flatMap((h) => (typeof h === 'string' ? [deviceColumnKey(h) ?? h] : []))
    : [];
  return {
    id,
    site_id: siteId,
    device_headers: visibleDeviceHeaders([...new Set(saved)]),
    device_filters: filters.success ? filters.data : {},
  };
}

/**
 * POST /api/site/permission: the caller's permission and settings; 0 and null for a site the
 * caller can't reach or that does not exist (never 404, so the web can exit to /sites). Records
 * `last_visit` on the caller's access record when the caller may enter.
 */
export async function permissionFor(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
): Promise<PermissionResponse> {
  const context = await siteContext(ctx.db, actor, siteId);
  if (!context || context.permission === SitePermission.None) {
    return { permission: SitePermission.None, access: null };
  }
  if (context.access) {
    const [row] = await ctx.db
      .update(siteAccesses)
      .set({ last_visit: sql`now()` })
      .where(eq(siteAccesses.id, context.access.id))
      .returning();
    return { permission: context.permission, access: settings(row!.id, siteId, row!) };
  }
  const [preferences] = await ctx.db
    .select()
    .from(sitePreferences)
    .where(and(eq(sitePreferences.site_id, siteId), eq(sitePreferences.user_id, actor.userId)));
  return { permission: context.permission, access: settings(null, siteId, preferences ?? null) };
}

type Change = { device_filters: DeviceFilters } | { device_headers: string[] };

/**
 * Saves the caller's own settings. `id` names the caller's access record (another user's record
 * answers 404, as one that does not exist); `site_id` names the site, with or without a record.
 */
async function save(
  db: DbOrTx,
  actor: Actor,
  target: { id?: number | null | undefined; site_id?: number | null | undefined },
  change: Change,
): Promise<SiteAccessSettings> {
  let siteId = target.site_id ?? null;
  if (target.id != null) {
    const [record] = await db
      .select({ site_id: siteAccesses.site_id, user_id: siteAccesses.user_id })
      .from(siteAccesses)
      .where(eq(siteAccesses.id, target.id));
    if (!record || record.user_id !== actor.userId) throw notFound('site_access_not_found');
    if (siteId !== null && siteId !== record.site_id) {
      throw badRequest('site_access_other_site');
    }
    siteId = record.site_id;
  }
  const { access } = await requireSite(db, actor, siteId!, SitePermission.Reader);
  if (access) {
    const [row] = await db.update(siteAccesses).set(change).where(eq(siteAccesses.id, access.id)).returning();
    return settings(row!.id, row!.site_id, row!);
  }
  const [row] = await db
    .insert(sitePreferences)
    .values({ site_id: siteId!, user_id: actor.userId, ...change })
    .onConflictDoUpdate({
      target: [sitePreferences.site_id, sitePreferences.user_id],
      set: { ...change, updated_at: sql`now()` },
    })
    .returning();
  return settings(null, row!.site_id, row!);
}

/** POST /api/site/filters. Not an activity: personal view settings are not logged. */
export function saveFilters(ctx: AppContext, actor: Actor, body: FiltersBody) {
  return save(ctx.db, actor, body, { device_filters: body.filters });
}

/** POST /api/site/headers: column keys or labels, stored as keys; [] brings back the default columns. */
export function saveHeaders(ctx: AppContext, actor: Actor, body: HeadersBody) {
  return ctx.db.transaction(async (tx) => {
    const saved = await save(tx, actor, body, { device_headers: body.headers });
    await checkCustomFieldColumns(tx, saved.site_id, body.headers);
    return saved;
  });
}
