import {
  SitePermission,
  type SpatialDeleteQuery,
  type ZoneCreateInput,
  type ZoneDto,
  type ZoneUpdateInput,
} from '@asbuilt/domain';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices, zones } from '../../db/schema.ts';
import { type ActivityEntry, changesOf, createdFields, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { type FloorRow, presentZone, type ZoneRow } from '../sites/present.ts';
import { changedFields, labelsOf } from './fields.ts';
import { deletedNote, releaseDevices } from './removal.ts';
import {
  changeDevices,
  deletion,
  devicesNote,
  floorOnSite,
  type Logged,
  recordChange,
  requireFloor,
  requireZone,
  spatialEntry,
  updatedNote,
} from './shared.ts';

/**
 * Zones: on a floor (with an optional polygon on its plan) or site-wide (no floor, no polygon).
 * Contributor or more.
 */

const zoneEntry = (
  site: SiteRow,
  zone: ZoneRow,
  floor: FloorRow | null,
  what: Logged,
  changes: ActivityEntry['changes'],
) => spatialEntry(site, { model: 'Zone', id: zone.id, name: zone.name }, what, floor, changes);

async function floorOf(tx: DbOrTx, site: SiteRow, floorId: number | null) {
  return floorId === null ? null : floorOnSite(tx, site, floorId);
}

/** POST /api/site/zones: `floor_id` (its site is the zone's), or only `site_id` for a site-wide zone. */
export async function createZone(ctx: AppContext, actor: Actor, input: ZoneCreateInput): Promise<ZoneDto> {
  return ctx.db.transaction(async (tx) => {
    let site: SiteRow;
    let floor: FloorRow | null = null;
    if (input.floor_id != null) {
      ({ floor, site } = await requireFloor(tx, actor, input.floor_id, SitePermission.Contributor));
      if (input.site_id != null && input.site_id !== site.id) {
        throw badRequest('floor_not_on_site', { id: input.floor_id });
      }
    } else {
      ({ site } = await requireSite(tx, actor, input.site_id!, SitePermission.Contributor));
    }
    if (!floor && input.polygon) throw badRequest('zone_polygon_needs_floor');
    const values = { name: input.name, code: input.code ?? null, polygon: input.polygon ?? null };
    const [zone] = await tx
      .insert(zones)
      .values({ ...values, site_id: site.id, floor_id: floor?.id ?? null })
      .returning();
    await recordChange(
      tx,
      actor,
      site,
      zoneEntry(site, zone!, floor, { action: 'created', note: 'Zone created' }, createdFields(values)),
    );
    return presentZone(zone!);
  });
}

const LABELS = { name: 'Name', code: 'Code', polygon: 'Polygon', floor_id: 'Floor' } as const;

/**
 * PUT /api/site/zones. Moving a zone to another floor clears it on the devices of other floors;
 * making it site-wide (floor_id '' or null) drops its polygon, which belonged to a floor's plan.
 */
export async function updateZone(ctx: AppContext, actor: Actor, input: ZoneUpdateInput): Promise<ZoneDto> {
  return ctx.db.transaction(async (tx) => {
    const { zone, site } = await requireZone(tx, actor, input.id, SitePermission.Contributor, true);
    checkUnchangedSince(zone.updated_at, input.updated_at);
    const set: Partial<typeof zones.$inferInsert> = changedFields(zone, input, ['name', 'code', 'polygon']);
    let floor = await floorOf(tx, site, zone.floor_id);
    let cleared = 0;
    if (input.floor_id !== undefined && input.floor_id !== zone.floor_id) {
      floor = await floorOf(tx, site, input.floor_id);
      set.floor_id = floor?.id ?? null;
      if (floor) {
        cleared = await changeDevices(
          tx,
          actor,
          site,
          and(eq(devices.zone_id, zone.id), or(isNull(devices.floor_id), ne(devices.floor_id, floor.id)))!,
          { zone_id: null },
          `Device updated (Zone; zone ${zone.name} moved to floor ${floor.name})`,
        );
      }
    }
    const floorAfter = set.floor_id !== undefined ? set.floor_id : zone.floor_id;
    if (floorAfter === null) {
      if (input.polygon) throw badRequest('zone_polygon_needs_floor');
      if (zone.polygon !== null) set.polygon = null;
      else delete set.polygon;
    }
    const labels = labelsOf(LABELS, set);
    if (labels.length === 0) return presentZone(zone);
    const [updated] = await tx.update(zones).set(set).where(eq(zones.id, zone.id)).returning();
    const note = updatedNote('Zone', labels) + (cleared > 0 ? `; ${devicesNote(cleared, 'left it')}` : '');
    await recordChange(
      tx,
      actor,
      site,
      zoneEntry(site, updated!, floor, { action: 'updated', note }, changesOf(zone, set)),
    );
    return presentZone(updated!);
  });
}

/** DELETE /api/site/zones?id[&move_devices]: refused while devices are in it, unless their zone is cleared. */
export async function deleteZone(ctx: AppContext, actor: Actor, query: SpatialDeleteQuery) {
  return ctx.db.transaction(async (tx) => {
    const { zone, site } = await requireZone(tx, actor, query.id, SitePermission.Contributor, true);
    const floor = await floorOf(tx, site, zone.floor_id);
    const moved = await releaseDevices(tx, actor, site, query, {
      where: eq(devices.zone_id, zone.id),
      refusal: 'zone_has_devices',
      set: { zone_id: null },
      note: `Device updated (Zone; zone ${zone.name} deleted)`,
    });
    await tx.delete(zones).where(eq(zones.id, zone.id));
    await recordChange(
      tx,
      actor,
      site,
      zoneEntry(
        site,
        zone,
        floor,
        deletion(deletedNote('Zone', moved, 'moved out'), moved),
        removedFields(zone, ['name', 'code']),
      ),
    );
    return { zone: presentZone(zone), moved_devices: moved };
  });
}
