import {
  type LayerCreateInput,
  type LayerDto,
  type LayerUpdateInput,
  SitePermission,
  type SpatialDeleteQuery,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { devices, layers } from '../../db/schema.ts';
import {
  type ActivityEntry,
  changesOf,
  createdFields,
  logActivity,
  removedFields,
} from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { type LayerRow, presentLayer } from '../sites/present.ts';
import { touchSite } from '../sites/queries.ts';
import {
  changeDevices,
  countDevices,
  deletion,
  devicesNote,
  type Logged,
  requireLayer,
  spatialEntry,
  updatedNote,
} from './shared.ts';

/** Layers of a site (the devices' trades: network, security...). Contributor or more. */

const layerEntry = (site: SiteRow, layer: LayerRow, what: Logged, changes: ActivityEntry['changes']) =>
  spatialEntry(site, { model: 'Layer', id: layer.id, name: layer.name }, what, null, changes);

/** POST /api/site/layers */
export async function createLayer(ctx: AppContext, actor: Actor, input: LayerCreateInput): Promise<LayerDto> {
  return ctx.db.transaction(async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.Contributor);
    const values = { name: input.name, code: input.code ?? null };
    const [layer] = await tx
      .insert(layers)
      .values({ ...values, site_id: site.id })
      .returning();
    await logActivity(
      tx,
      actor,
      layerEntry(site, layer!, { action: 'created', note: 'Layer created' }, createdFields(values)),
    );
    await touchSite(tx, site.id);
    return presentLayer(layer!);
  });
}

/** PUT /api/site/layers */
export async function updateLayer(ctx: AppContext, actor: Actor, input: LayerUpdateInput): Promise<LayerDto> {
  return ctx.db.transaction(async (tx) => {
    const { layer, site } = await requireLayer(tx, actor, input.id, SitePermission.Contributor, true);
    const set: Partial<typeof layers.$inferInsert> = {};
    const labels: string[] = [];
    if (input.name !== undefined && input.name !== layer.name) {
      set.name = input.name;
      labels.push('Name');
    }
    if (input.code !== undefined && input.code !== layer.code) {
      set.code = input.code;
      labels.push('Code');
    }
    if (labels.length === 0) return presentLayer(layer);
    const [updated] = await tx.update(layers).set(set).where(eq(layers.id, layer.id)).returning();
    await logActivity(
      tx,
      actor,
      layerEntry(
        site,
        updated!,
        { action: 'updated', note: updatedNote('Layer', labels) },
        changesOf(layer, set),
      ),
    );
    await touchSite(tx, site.id);
    return presentLayer(updated!);
  });
}

/** DELETE /api/site/layers?id[&move_devices]: refused while devices are on it, unless their layer is cleared. */
export async function deleteLayer(ctx: AppContext, actor: Actor, query: SpatialDeleteQuery) {
  return ctx.db.transaction(async (tx) => {
    const { layer, site } = await requireLayer(tx, actor, query.id, SitePermission.Contributor, true);
    const onLayer = eq(devices.layer_id, layer.id);
    const count = await countDevices(tx, onLayer);
    if (count > 0 && !query.move_devices) throw conflict('layer_has_devices', { count });
    const moved =
      count > 0
        ? await changeDevices(
            tx,
            actor,
            site,
            onLayer,
            { layer_id: null },
            `Device updated (Layer; layer ${layer.name} deleted)`,
          )
        : 0;
    await tx.delete(layers).where(eq(layers.id, layer.id));
    const note = moved > 0 ? `Layer deleted (${devicesNote(moved, 'taken off it')})` : 'Layer deleted';
    await logActivity(
      tx,
      actor,
      layerEntry(site, layer, deletion(note, moved), removedFields(layer, ['name', 'code'])),
    );
    await touchSite(tx, site.id);
    return { layer: presentLayer(layer), moved_devices: moved };
  });
}
