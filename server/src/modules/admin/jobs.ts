import {
  type AdminJob,
  type AdminJobResult,
  DEVICE_COLUMN_KEYS,
  deviceColumnKey,
  SitePermission,
} from '@asbuilt/domain';
import { and, asc, eq, inArray, isNotNull, isNull, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  activityLogs,
  devices,
  floors,
  locations,
  secrets,
  siteAccesses,
  sitePreferences,
  sites,
  users,
  zones,
} from '../../db/schema.ts';
import { type ActivityEntry, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize } from '../../platform/policy.ts';

/**
 * The maintenance jobs, GET /api/admin/jobs/{job} (README, "Administration jobs"). Each runs in one
 * transaction, changes only what is missing or stale, and logs each object it changed, so a second
 * run changes (and logs) nothing.
 */

type Site = { id: number; name: string; tenant_id: number };

async function sitesById(tx: Tx, ids: number[]): Promise<Map<number, Site>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: sites.id, name: sites.name, tenant_id: sites.tenant_id })
    .from(sites)
    .where(inArray(sites.id, [...new Set(ids)]));
  return new Map(rows.map((s) => [s.id, s]));
}

/** The earliest author of each object's 'created' entry (objects of one model), by object id. */
async function creators(
  tx: Tx,
  model: string,
  createdNote: string,
  ids: SQLWrapper,
): Promise<Map<number, number>> {
  const rows = await tx
    .select({ objectId: activityLogs.object_id, userId: activityLogs.user_id })
    .from(activityLogs)
    .innerJoin(users, eq(users.id, activityLogs.user_id))
    .where(
      and(
        eq(activityLogs.object_model, model),
        inArray(activityLogs.object_id, ids),
        or(
          eq(activityLogs.action, 'created'),
          and(isNull(activityLogs.action), sql`lower(${activityLogs.note}) = ${createdNote.toLowerCase()}`),
        ),
      ),
    )
    .orderBy(asc(activityLogs.created_at), asc(activityLogs.id));
  const byObject = new Map<number, number>();
  for (const row of rows) {
    if (row.objectId !== null && row.userId !== null && !byObject.has(row.objectId)) {
      byObject.set(row.objectId, row.userId);
    }
  }
  return byObject;
}

/** Every site's creator (from its 'Site created' entry) gets a Full Access record where none exists. */
async function setSiteAccesses(tx: Tx, actor: Actor): Promise<number> {
  const creatorOf = await creators(tx, 'Site', 'Site created', tx.select({ id: sites.id }).from(sites));
  if (creatorOf.size === 0) return 0;
  const values = [...creatorOf].map(([siteId, userId]) => ({
    site_id: siteId,
    user_id: userId,
    user_role: SitePermission.FullAccess,
    unlimited: true,
    active: true,
  }));
  const created = [];
  for (let start = 0; start < values.length; start += 1000) {
    created.push(
      ...(await tx
        .insert(siteAccesses)
        .values(values.slice(start, start + 1000))
        .onConflictDoNothing({ target: [siteAccesses.site_id, siteAccesses.user_id] })
        .returning()),
    );
  }
  if (created.length === 0) return 0;
  const site = await sitesById(
    tx,
    created.map((a) => a.site_id),
  );
  const emails = new Map(
    (
      await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          inArray(
            users.id,
            created.map((a) => a.user_id),
          ),
        )
    ).map((u) => [u.id, u.email]),
  );
  await logActivities(
    tx,
    actor,
    created.map((access): ActivityEntry => {
      const s = site.get(access.site_id)!;
      return {
        objectModel: 'SiteAccess',
        objectId: access.id,
        objectName: emails.get(access.user_id) ?? null,
        action: 'access_granted',
        note: 'Full Access given to the site creator',
        siteId: s.id,
        tenantId: s.tenant_id,
        parentModel: 'Site',
        parentId: s.id,
        parentName: s.name,
        changes: { user_role: { to: SitePermission.FullAccess } },
      };
    }),
  );
  return created.length;
}

const blankName = or(isNull(devices.name), sql`btrim(${devices.name}) = ''`);

/** Devices without a name are named after their product. */
async function addNameToRessources(tx: Tx, actor: Actor): Promise<number> {
  const named = await tx
    .update(devices)
    .set({
      name: sql`(select p.name from products p where p.id = ${devices.product_id})`,
    })
    .where(
      and(
        blankName,
        sql`exists (select 1 from products p where p.id = ${devices.product_id} and btrim(p.name) <> '')`,
      ),
    )
    .returning({ id: devices.id, name: devices.name, site_id: devices.site_id });
  if (named.length === 0) return 0;
  const site = await sitesById(
    tx,
    named.map((d) => d.site_id),
  );
  await logActivities(
    tx,
    actor,
    named.map(
      (device): ActivityEntry => ({
        objectModel: 'Device',
        objectId: device.id,
        objectName: device.name,
        action: 'updated',
        note: 'Device named after its product',
        siteId: device.site_id,
        tenantId: site.get(device.site_id)?.tenant_id ?? null,
        changes: { name: { from: null, to: device.name } },
      }),
    ),
  );
  return named.length;
}

/** The action of an entry written before actions existed, read from its English note. */
const ACTION_FROM_NOTE = sql`case
  when ${activityLogs.note} ilike 'signed in as%' then 'signed_in_as'
  when ${activityLogs.note} ilike '%unarchived%' then 'unarchived'
  when ${activityLogs.note} ilike '%archived%' then 'archived'
  when ${activityLogs.note} ilike '%off the plan%' or ${activityLogs.note} ilike '%taken off%' then 'taken_off_plan'
  when ${activityLogs.note} ilike '%moved on%plan%' then 'moved_on_plan'
  when ${activityLogs.note} ilike '%placed on%plan%' then 'placed_on_plan'
  when ${activityLogs.note} ilike '%revealed%' then 'revealed'
  when ${activityLogs.note} ilike '%revoked%' then 'access_revoked'
  when ${activityLogs.note} ilike '%resent%' then 'invitation_resent'
  when ${activityLogs.note} ilike '%invited%' then 'invited'
  when ${activityLogs.note} ilike '%password changed%' then 'password_changed'
  when ${activityLogs.note} ilike '%granted%' then 'access_granted'
  when ${activityLogs.note} ilike '%created%' or ${activityLogs.note} ilike '%added%' then 'created'
  when ${activityLogs.note} ilike '%deleted%' or ${activityLogs.note} ilike '%removed%' then 'deleted'
  when ${activityLogs.note} ilike '%updated%' or ${activityLogs.note} ilike '%changed%'
    or ${activityLogs.note} ilike '%saved%' or ${activityLogs.note} ilike '%renamed%'
    or ${activityLogs.note} ilike '%uploaded%' then 'updated'
end`;

/**
 * Entries written before the log had actions get the action their note names (so the web can say
 * it in the reader's language), and every entry gets the tenant of its site and its author's name
 * where they are missing. The log itself is not logged.
 */
async function convertActivityLogs(tx: Tx): Promise<number> {
  const changed = new Set<number>();
  const withAction = await tx
    .update(activityLogs)
    .set({ action: ACTION_FROM_NOTE })
    .where(and(isNull(activityLogs.action), sql`(${ACTION_FROM_NOTE}) is not null`))
    .returning({ id: activityLogs.id });
  const withTenant = await tx
    .update(activityLogs)
    .set({ tenant_id: sql`(select s.tenant_id from sites s where s.id = ${activityLogs.site_id})` })
    .where(and(isNull(activityLogs.tenant_id), isNotNull(activityLogs.site_id)))
    .returning({ id: activityLogs.id });
  const withName = await tx
    .update(activityLogs)
    .set({
      user_name: sql`(select coalesce(nullif(btrim(u.fname || ' ' || u.lname), ''), u.email) from users u where u.id = ${activityLogs.user_id})`,
    })
    .where(and(isNull(activityLogs.user_name), isNotNull(activityLogs.user_id)))
    .returning({ id: activityLogs.id });
  for (const row of [...withAction, ...withTenant, ...withName]) changed.add(row.id);
  return changed.size;
}

/**
 * A zone without a floor gets the floor of its locations: the floor most of its devices' locations
 * (or, without a location, the devices themselves) are on; failing that, the site's only floor.
 */
async function addFloorToZones(tx: Tx, actor: Actor): Promise<number> {
  const orphans = await tx
    .select({ id: zones.id, name: zones.name, site_id: zones.site_id })
    .from(zones)
    .where(isNull(zones.floor_id))
    .orderBy(asc(zones.id));
  if (orphans.length === 0) return 0;
  const ids = orphans.map((z) => z.id);
  const floorOfDevice = sql<number>`coalesce(${locations.floor_id}, ${devices.floor_id})`;
  const votes = await tx
    .select({ zoneId: devices.zone_id, floorId: floorOfDevice, n: sql<number>`count(*)`.mapWith(Number) })
    .from(devices)
    .innerJoin(zones, eq(zones.id, devices.zone_id))
    .leftJoin(locations, eq(locations.id, devices.location_id))
    .innerJoin(floors, and(eq(floors.id, floorOfDevice), eq(floors.site_id, zones.site_id)))
    .where(inArray(devices.zone_id, ids))
    .groupBy(devices.zone_id, floorOfDevice);
  const best = new Map<number, { floorId: number; n: number }>();
  for (const v of votes) {
    if (v.zoneId === null) continue;
    const current = best.get(v.zoneId);
    const floorId = Number(v.floorId);
    if (!current || v.n > current.n || (v.n === current.n && floorId < current.floorId)) {
      best.set(v.zoneId, { floorId, n: v.n });
    }
  }
  const siteFloors = await tx
    .select({ site_id: floors.site_id, id: floors.id })
    .from(floors)
    .where(inArray(floors.site_id, [...new Set(orphans.map((z) => z.site_id))]));
  const floorsOfSite = new Map<number, number[]>();
  for (const f of siteFloors) floorsOfSite.set(f.site_id, [...(floorsOfSite.get(f.site_id) ?? []), f.id]);

  const site = await sitesById(
    tx,
    orphans.map((z) => z.site_id),
  );
  const entries: ActivityEntry[] = [];
  for (const zone of orphans) {
    const only = floorsOfSite.get(zone.site_id);
    const floorId = best.get(zone.id)?.floorId ?? (only?.length === 1 ? only[0]! : null);
    if (floorId === null) continue;
    await tx
      .update(zones)
      .set({ floor_id: floorId })
      .where(and(eq(zones.id, zone.id), isNull(zones.floor_id)));
    entries.push({
      objectModel: 'Zone',
      objectId: zone.id,
      objectName: zone.name,
      action: 'updated',
      note: 'Zone given the floor of its locations',
      siteId: zone.site_id,
      tenantId: site.get(zone.site_id)?.tenant_id ?? null,
      changes: { floor_id: { from: null, to: floorId } },
    });
  }
  await logActivities(tx, actor, entries);
  return entries.length;
}

/** A saved column list as it should be stored: keys only (labels read as their keys), known, once each. */
function refreshedHeaders(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  const keys = stored.flatMap((h) => (typeof h === 'string' ? [deviceColumnKey(h) ?? h] : []));
  return [...new Set(keys.filter((k) => (DEVICE_COLUMN_KEYS as readonly string[]).includes(k)))];
}

const savedHeaders = (column: typeof siteAccesses.device_headers | typeof sitePreferences.device_headers) =>
  sql`${column} <> '[]'::jsonb`;

/**
 * Saved device columns (on site access records and on the preferences of users without one) are
 * rewritten as known column keys: labels become keys, unknown or repeated columns are dropped (an
 * emptied list means the default columns).
 */
async function refreshDeviceHeaders(tx: Tx, actor: Actor): Promise<number> {
  let count = 0;
  const accesses = await tx
    .select({
      id: siteAccesses.id,
      headers: siteAccesses.device_headers,
      site: { id: sites.id, name: sites.name, tenant_id: sites.tenant_id },
      email: users.email,
    })
    .from(siteAccesses)
    .innerJoin(sites, eq(sites.id, siteAccesses.site_id))
    .innerJoin(users, eq(users.id, siteAccesses.user_id))
    .where(savedHeaders(siteAccesses.device_headers));
  const entries: ActivityEntry[] = [];
  for (const access of accesses) {
    const headers = refreshedHeaders(access.headers);
    if (JSON.stringify(headers) === JSON.stringify(access.headers)) continue;
    await tx.update(siteAccesses).set({ device_headers: headers }).where(eq(siteAccesses.id, access.id));
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
      changes: { device_headers: { from: access.headers, to: headers } },
    });
  }
  await logActivities(tx, actor, entries);
  count += entries.length;

  const preferences = await tx
    .select({ id: sitePreferences.id, headers: sitePreferences.device_headers })
    .from(sitePreferences)
    .where(savedHeaders(sitePreferences.device_headers));
  for (const preference of preferences) {
    const headers = refreshedHeaders(preference.headers);
    if (JSON.stringify(headers) === JSON.stringify(preference.headers)) continue;
    await tx
      .update(sitePreferences)
      .set({ device_headers: headers })
      .where(eq(sitePreferences.id, preference.id));
    count += 1;
  }
  return count;
}

/** Secrets without an owner get the user who created them, read from their 'created' log entry. */
async function assignSecretsToUsers(tx: Tx, actor: Actor): Promise<number> {
  const orphans = await tx
    .select({ id: secrets.id, name: secrets.name, site_id: secrets.site_id })
    .from(secrets)
    .where(isNull(secrets.user_id))
    .orderBy(asc(secrets.id));
  if (orphans.length === 0) return 0;
  const creatorOf = await creators(
    tx,
    'Secret',
    'Secret created',
    tx.select({ id: secrets.id }).from(secrets).where(isNull(secrets.user_id)),
  );
  const site = await sitesById(
    tx,
    orphans.map((s) => s.site_id),
  );
  const entries: ActivityEntry[] = [];
  for (const secret of orphans) {
    const userId = creatorOf.get(secret.id);
    if (userId === undefined) continue;
    await tx
      .update(secrets)
      .set({ user_id: userId })
      .where(and(eq(secrets.id, secret.id), isNull(secrets.user_id)));
    entries.push({
      objectModel: 'Secret',
      objectId: secret.id,
      objectName: secret.name,
      action: 'updated',
      note: 'Secret given its creator as owner',
      siteId: secret.site_id,
      tenantId: site.get(secret.site_id)?.tenant_id ?? null,
      changes: { user_id: { from: null, to: userId } },
    });
  }
  await logActivities(tx, actor, entries);
  return entries.length;
}

const JOBS: Record<
  AdminJob,
  { run: (tx: Tx, actor: Actor) => Promise<number>; message: (n: number) => string }
> = {
  set_site_accesses: {
    run: setSiteAccesses,
    message: (n) => `${n} Full Access records created for site creators`,
  },
  add_name_to_ressources: {
    run: addNameToRessources,
    message: (n) => `${n} devices named after their product`,
  },
  convert_activity_logs: {
    run: (tx) => convertActivityLogs(tx),
    message: (n) => `${n} activity entries converted`,
  },
  add_floor_to_zones: { run: addFloorToZones, message: (n) => `${n} zones given a floor` },
  refresh_device_headers: {
    run: refreshDeviceHeaders,
    message: (n) => `${n} device column lists refreshed`,
  },
  assign_secrets_to_users: {
    run: assignSecretsToUsers,
    message: (n) => `${n} secrets given their creator as owner`,
  },
};

export async function runJob(ctx: AppContext, actor: Actor, job: AdminJob): Promise<AdminJobResult> {
  authorize(actor, 'admin:access');
  const { run, message } = JOBS[job];
  const count = await ctx.db.transaction((tx) => run(tx, actor));
  return { message: message(count), job, count };
}
