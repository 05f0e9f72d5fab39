import {
  type FloorCreateInput,
  type FloorDto,
  type FloorUpdateInput,
  SitePermission,
  type SpatialDeleteQuery,
} from '@asbuilt/domain';
import { and, asc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices, floors, locations, uploads, zones } from '../../db/schema.ts';
import { type ActivityEntry, changesOf, createdFields, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteRow } from '../../platform/policy.ts';
import { requireSite } from '../../platform/policy.ts';
import { type FloorRow, presentFloor, presentLocation, presentZone } from '../sites/present.ts';
import { scopePrefix } from '../uploads/keys.ts';
import { takeUpload } from '../uploads/service.ts';
import { changedFields, labelsOf } from './fields.ts';
import { releaseDevices } from './removal.ts';
import {
  deletion,
  devicesNote,
  type Logged,
  recordChange,
  relinkFiles,
  requireFloor,
  type Sign,
  signer,
  spatialEntry,
  UNPLACED,
  updatedNote,
} from './shared.ts';

/**
 * Floors (spatial-and-admin.md sections 3 and 7): create, rename, plan and transform, delete.
 * Contributor or more. A plan is the key of an SVG uploaded for this very floor (folder
 * floorplans/{site}/{floor}/); replacing or deleting it removes the old file once the change is
 * committed.
 */

const floorEntry = (site: SiteRow, floor: FloorRow, what: Logged, changes: ActivityEntry['changes']) =>
  spatialEntry(site, { model: 'Floor', id: floor.id, name: floor.name }, what, null, changes);

/** The floor as answered: with its locations and zones, sorted by id. */
export async function loadFloorDto(db: DbOrTx, floor: FloorRow, sign: Sign): Promise<FloorDto> {
  const locationRows = await db
    .select()
    .from(locations)
    .where(eq(locations.floor_id, floor.id))
    .orderBy(asc(locations.id));
  const zoneRows = await db.select().from(zones).where(eq(zones.floor_id, floor.id)).orderBy(asc(zones.id));
  return presentFloor(floor, locationRows.map(presentLocation), zoneRows.map(presentZone), sign);
}

/** A plan key this floor owns (in its own folder), which may therefore be removed with it. */
function ownPlan(site: SiteRow, floor: FloorRow): string | null {
  const prefix = scopePrefix({ folder: 'floorplans', siteId: site.id, floorId: floor.id });
  return floor.svg?.startsWith(prefix) ? floor.svg : null;
}

/** Removes stored plans after the change that dropped them was committed; a failure only costs disk. */
async function removeFiles(ctx: AppContext, keys: (string | null)[]) {
  for (const key of keys) {
    if (key) await ctx.storage.remove(key).catch(() => undefined);
  }
}

/** POST /api/site/floors */
export async function createFloor(ctx: AppContext, actor: Actor, input: FloorCreateInput): Promise<FloorDto> {
  return ctx.db.transaction(async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.Contributor);
    const values = { name: input.name, code: input.code ?? null };
    const [floor] = await tx
      .insert(floors)
      .values({ ...values, site_id: site.id })
      .returning();
    await recordChange(
      tx,
      actor,
      site,
      floorEntry(site, floor!, { action: 'created', note: 'Floor created' }, createdFields(values)),
    );
    return presentFloor(floor!, [], [], signer(ctx));
  });
}

const LABELS = { name: 'Name', code: 'Code', location_transform: 'Transform' } as const;

/** PUT /api/site/floors: name, code, plan (an upload key, or '' / null to delete it), transform. */
export async function updateFloor(ctx: AppContext, actor: Actor, input: FloorUpdateInput): Promise<FloorDto> {
  const dropped: (string | null)[] = [];
  const answer = await ctx.db.transaction(async (tx) => {
    const { floor, site } = await requireFloor(tx, actor, input.id, SitePermission.Contributor, true);
    const set: Partial<typeof floors.$inferInsert> = changedFields(floor, input, [
      'name',
      'code',
      'location_transform',
    ]);
    const notes: string[] = [];
    const labels = labelsOf(LABELS, set);
    if (labels.length > 0) notes.push(updatedNote('Floor', labels));
    if (input.svg !== undefined && input.svg !== floor.svg) {
      if (input.svg !== null) {
        await takeUpload(tx, input.svg, { folder: 'floorplans', siteId: site.id, floorId: floor.id });
      }
      set.svg = input.svg;
      notes.push(
        input.svg === null ? 'FloorPlan deleted' : floor.svg ? 'FloorPlan replaced' : 'FloorPlan uploaded',
      );
      const old = ownPlan(site, floor);
      if (old) {
        dropped.push(old);
        // The old file's upload can't be attached again once its bytes are gone.
        await tx.delete(uploads).where(eq(uploads.key, old));
      }
    }
    let updated = floor;
    if (notes.length > 0) {
      const [row] = await tx.update(floors).set(set).where(eq(floors.id, floor.id)).returning();
      updated = row!;
      await recordChange(
        tx,
        actor,
        site,
        floorEntry(site, updated, { action: 'updated', note: notes.join('; ') }, changesOf(floor, set)),
      );
    }
    return loadFloorDto(tx, updated, signer(ctx));
  });
  await removeFiles(ctx, dropped);
  return answer;
}

/** The devices that point at a floor, its locations or its zones. */
async function devicesOfFloor(tx: DbOrTx, floorId: number) {
  const locationIds = (
    await tx.select({ id: locations.id }).from(locations).where(eq(locations.floor_id, floorId))
  ).map((l) => l.id);
  const zoneIds = (await tx.select({ id: zones.id }).from(zones).where(eq(zones.floor_id, floorId))).map(
    (z) => z.id,
  );
  const conditions: SQL[] = [eq(devices.floor_id, floorId)];
  if (locationIds.length > 0) conditions.push(inArray(devices.location_id, locationIds));
  if (zoneIds.length > 0) conditions.push(inArray(devices.zone_id, zoneIds));
  return { locationIds, zoneIds, where: or(...conditions)! };
}

/**
 * DELETE /api/site/floors?id[&move_devices]: the floor with its locations and zones (and their
 * polygons). Devices that still point at it are refused (409 with their count) unless
 * `move_devices` unplaces them in the same transaction. Files and secrets linked to the floor or
 * its locations are linked to the site instead.
 */
export async function deleteFloor(ctx: AppContext, actor: Actor, query: SpatialDeleteQuery) {
  const dropped: (string | null)[] = [];
  const answer = await ctx.db.transaction(async (tx) => {
    const { floor, site } = await requireFloor(tx, actor, query.id, SitePermission.Contributor, true);
    const { locationIds, zoneIds, where } = await devicesOfFloor(tx, floor.id);
    const moved = await releaseDevices(tx, actor, site, query, {
      where: and(eq(devices.site_id, site.id), where)!,
      refusal: 'floor_has_devices',
      set: UNPLACED,
      note: `Device unplaced (floor ${floor.name} deleted)`,
    });
    const dto = await loadFloorDto(tx, floor, signer(ctx));
    await relinkFiles(tx, { type: 'Floor', ids: [floor.id] }, null);
    await relinkFiles(tx, { type: 'Location', ids: locationIds }, null);
    // Uploads filed for this floor can't be attached to anything any more.
    const prefix = scopePrefix({ folder: 'floorplans', siteId: site.id, floorId: floor.id });
    await tx.delete(uploads).where(like(uploads.key, `${prefix}%`));
    await tx.delete(floors).where(eq(floors.id, floor.id));
    const parts = [
      `${locationIds.length} locations`,
      `${zoneIds.length} zones`,
      ...(moved > 0 ? [devicesNote(moved, 'unplaced')] : []),
    ];
    await recordChange(
      tx,
      actor,
      site,
      floorEntry(
        site,
        floor,
        deletion(`Floor deleted (${parts.join(', ')})`, moved),
        removedFields(floor, ['name', 'code']),
      ),
    );
    dropped.push(ownPlan(site, floor));
    return { floor: dto, moved_devices: moved };
  });
  await removeFiles(ctx, dropped);
  return answer;
}
