import {
  type LayerCreateInput,
  type LayerDto,
  type LayerUpdateInput,
  SitePermission,
  type SpatialDeleteQuery,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { devices, layers } from '../../db/schema.ts';
import { type ActivityEntry, changesOf, createdFields, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { type LayerRow, presentLayer } from '../sites/present.ts';
import { changedFields, labelsOf } from './fields.ts';
import { deletedNote, releaseDevices } from './removal.ts';
import { deletion, type Logged, recordChange, requireLayer, spatialEntry, updatedNote } from './shared.ts';

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
    await recordChange(
      tx,
      actor,
      site,
      layerEntry(site, layer!, { action: 'created', note: 'Layer created' }, createdFields(values)),
    );
    return presentLayer(layer!);
  });
}

const LABELS = { name: 'Name', code: 'Code' } as const;

/** PUT /api/site/layers */
export async function updateLayer(ctx: AppContext, actor: Actor, input: LayerUpdateInput): Promise<LayerDto> {
  return ctx.db.transaction(async (tx) => {
    const { layer, site } = await requireLayer(tx, actor, input.id, SitePermission.Contributor, true);
    const set = changedFields(layer, input, ['name', 'code']);
    const labels = labelsOf(LABELS, set);
    if (labels.length === 0) return presentLayer(layer);
    const [updated] = await tx.update(layers).set(set).where(eq(layers.id, layer.id)).returning();
    await recordChange(
      tx,
      actor,
      site,
      layerEntry(
        site,
        updated!,
        { action: 'updated', note: updatedNote('Layer', labels) },
        changesOf(layer, set),
      ),
    );
    return presentLayer(updated!);
  });
}

/** DELETE /api/site/layers?id[&move_devices]: refused while devices are on it, unless their layer is cleared. */
export async function deleteLayer(ctx: AppContext, actor: Actor, query: SpatialDeleteQuery) {
  return ctx.db.transaction(async (tx) => {
    const { layer, site } = await requireLayer(tx, actor, query.id, SitePermission.Contributor, true);
    const moved = await releaseDevices(tx, actor, site, query, {
      where: eq(devices.layer_id, layer.id),
      refusal: 'layer_has_devices',
      set: { layer_id: null },
      note: `Device updated (Layer; layer ${layer.name} deleted)`,
    });
    await tx.delete(layers).where(eq(layers.id, layer.id));
    await recordChange(
      tx,
      actor,
      site,
      layerEntry(
        site,
        layer,
        deletion(deletedNote('Layer', moved, 'taken off it'), moved),
        removedFields(layer, ['name', 'code']),
      ),
    );
    return { layer: presentLayer(layer), moved_devices: moved };
  });
}
