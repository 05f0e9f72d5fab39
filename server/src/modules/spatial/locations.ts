import {
  type LocationCreateInput,
  type LocationDto,
  type LocationUpdateInput,
  SitePermission,
  type SpatialDeleteQuery,
  sameValues,
} from '@asbuilt/domain';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { devices, locations, zones } from '../../db/schema.ts';
import { type ActivityEntry, changesOf, createdFields, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteRow } from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { resolveCustomFields } from '../custom-fields/values.ts';
import { type FloorRow, type LocationRow, presentLocation } from '../sites/present.ts';
import { checkTagIds } from '../tags/objects.ts';
import { changedFields, labelsOf } from './fields.ts';
import { deletedNote, releaseDevices } from './removal.ts';
import {
  changeDevices,
  deletion,
  devicesNote,
  floorOnSite,
  type Logged,
  recordChange,
  relinkFiles,
  requireFloor,
  requireLocation,
  spatialEntry,
  updatedNote,
} from './shared.ts';

/**
 * Locations (rooms) of a floor: name, code, type and polygon (spatial-and-admin.md sections 3, 5
 * and 7). Contributor or more. A polygon is validated and normalised by the body's schema
 * (domain geometry: at least 3 points, finite numbers, at most POLYGON_MAX_POINTS).
 */

const locationEntry = (
  site: SiteRow,
  location: LocationRow,
  floor: FloorRow,
  what: Logged,
  changes: ActivityEntry['changes'],
) => spatialEntry(site, { model: 'Location', id: location.id, name: location.name }, what, floor, changes);

/** POST /api/site/locations */
export async function createLocation(
  ctx: AppContext,
  actor: Actor,
  input: LocationCreateInput,
): Promise<LocationDto> {
  return ctx.db.transaction(async (tx) => {
    const { floor, site } = await requireFloor(tx, actor, input.floor_id, SitePermission.Contributor);
    const values = {
      name: input.name,
      code: input.code ?? null,
      location_type: input.location_type ?? null,
      polygon: input.polygon ?? null,
      tags: input.tags ?? [],
    };
    await checkTagIds(tx, site.tenant_id, input.tags);
    const customFields = await resolveCustomFields(tx, {
      tenantId: site.tenant_id,
      target: 'locations',
      sent: input.custom_fields,
      creating: true,
    });
    const [location] = await tx
      .insert(locations)
      .values({
        ...values,
        site_id: site.id,
        floor_id: floor.id,
        ...(customFields ? { custom_fields: customFields } : {}),
      })
      .returning();
    await recordChange(
      tx,
      actor,
      site,
      locationEntry(
        site,
        location!,
        floor,
        { action: 'created', note: 'Location created' },
        createdFields(values),
      ),
    );
    return presentLocation(location!);
  });
}

const LABELS = {
  name: 'Name',
  code: 'Code',
  location_type: 'Location Type',
  polygon: 'Polygon',
  floor_id: 'Floor',
  tags: 'Tags',
  custom_fields: 'Custom fields',
} as const;

/**
 * PUT /api/site/locations. Moving a location to another floor of the site takes its devices
 * along: their floor follows, a zone of another floor is cleared, and they leave the plan (their
 * position was on the old floor's plan).
 */
export async function updateLocation(
  ctx: AppContext,
  actor: Actor,
  input: LocationUpdateInput,
): Promise<LocationDto> {
  return ctx.db.transaction(async (tx) => {
    const { location, site } = await requireLocation(tx, actor, input.id, SitePermission.Contributor, true);
    checkUnchangedSince(location.updated_at, input.updated_at);
    const set: Partial<typeof locations.$inferInsert> = changedFields(location, input, [
      'name',
      'code',
      'location_type',
      'polygon',
    ]);
    if (input.tags !== undefined && input.tags.join() !== location.tags.join()) {
      await checkTagIds(tx, site.tenant_id, input.tags);
      set.tags = input.tags;
    }
    const customFields = await resolveCustomFields(tx, {
      tenantId: site.tenant_id,
      target: 'locations',
      current: location.custom_fields,
      sent: input.custom_fields,
    });
    if (customFields && !sameValues(location.custom_fields, customFields)) set.custom_fields = customFields;
    let floor = await floorOnSite(tx, site, location.floor_id);
    let moved = 0;
    if (input.floor_id !== undefined && input.floor_id !== location.floor_id) {
      floor = await floorOnSite(tx, site, input.floor_id);
      set.floor_id = floor.id;
      await changeDevices(
        tx,
        actor,
        site,
        and(
          eq(devices.location_id, location.id),
          inArray(
            devices.zone_id,
            tx
              .select({ id: zones.id })
              .from(zones)
              .where(and(isNotNull(zones.floor_id), ne(zones.floor_id, floor.id))),
          ),
        )!,
        { zone_id: null },
        `Device updated (Zone; location ${location.name} moved to floor ${floor.name})`,
      );
      moved = await changeDevices(
        tx,
        actor,
        site,
        eq(devices.location_id, location.id),
        { floor_id: floor.id, on_plan: false, plan_x: null, plan_y: null },
        `Device updated (Floor; location ${location.name} moved to floor ${floor.name})`,
      );
    }
    const labels = labelsOf(LABELS, set);
    if (labels.length === 0) return presentLocation(location);
    const [updated] = await tx.update(locations).set(set).where(eq(locations.id, location.id)).returning();
    const note =
      updatedNote('Location', labels) + (moved > 0 ? `; ${devicesNote(moved, 'moved along')}` : '');
    await recordChange(
      tx,
      actor,
      site,
      locationEntry(site, updated!, floor, { action: 'updated', note }, changesOf(location, set)),
    );
    return presentLocation(updated!);
  });
}

/**
 * DELETE /api/site/locations?id[&move_devices]: refused (409 with the count) while devices are in
 * it, unless `move_devices` clears their location. Its files and secrets go to its floor.
 */
export async function deleteLocation(ctx: AppContext, actor: Actor, query: SpatialDeleteQuery) {
  return ctx.db.transaction(async (tx) => {
    const { location, site } = await requireLocation(tx, actor, query.id, SitePermission.Contributor, true);
    const floor = await floorOnSite(tx, site, location.floor_id);
    const moved = await releaseDevices(tx, actor, site, query, {
      where: eq(devices.location_id, location.id),
      refusal: 'location_has_devices',
      set: { location_id: null },
      note: `Device updated (Location; location ${location.name} deleted)`,
    });
    await relinkFiles(tx, { type: 'Location', ids: [location.id] }, { type: 'Floor', id: floor.id });
    await tx.delete(locations).where(eq(locations.id, location.id));
    await recordChange(
      tx,
      actor,
      site,
      locationEntry(
        site,
        location,
        floor,
        deletion(deletedNote('Location', moved, 'moved out'), moved),
        removedFields(location, ['name', 'code', 'location_type']),
      ),
    );
    return { location: presentLocation(location), moved_devices: moved };
  });
}
