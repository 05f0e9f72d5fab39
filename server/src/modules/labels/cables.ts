/**
 * POST /api/site/connections/labels (Reader and above): two wrap-around labels per cable, one for
 * each end, each naming the cable, the end it goes on and the far end. A cable of another site or
 * tenant answers 404 and no file.
 */
import { type CableLabelsInput, type ConnectionDetail, LABELS_MAX, SitePermission } from '@asbuilt/domain';
import { eq, inArray } from 'drizzle-orm';
import { devices, products } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireSite } from '../../platform/policy.ts';
import { loadConnections } from '../connections/queries.ts';
import { deviceLabel } from '../devices/present.ts';
import { type CableLabel, drawCableLabel } from './cable-label.ts';
import { printLabels } from './sheet.ts';

export async function printCableLabels(ctx: AppContext, actor: Actor, input: CableLabelsInput) {
  const { site } = await requireSite(ctx.db, actor, input.site_id, SitePermission.Reader);
  if (input.ids.length === 0) throw badRequest('cable_labels_none');
  if (input.ids.length * 2 > LABELS_MAX) throw badRequest('labels_over_max', { max: LABELS_MAX });
  const unique = [...new Set(input.ids)];
  const cables = (await loadConnections(ctx.db, unique)).filter((c) => c?.site_id === site.id);
  if (cables.length !== unique.length) throw notFound('connection_not_found');
  const byId = new Map(cables.map((c) => [c.id, c]));

  const deviceIds = [...new Set(cables.flatMap((c) => [c.a_device_id, c.b_device_id]))].filter(
    (id): id is number => id !== null,
  );
  const deviceNames = new Map(
    deviceIds.length
      ? (
          await ctx.db
            .select({ id: devices.id, code: devices.code, name: devices.name, product: products.name })
            .from(devices)
            .innerJoin(products, eq(products.id, devices.product_id))
            .where(inArray(devices.id, deviceIds))
        ).map((d) => [d.id, deviceLabel(d, d.product)])
      : [],
  );
  const end = (deviceId: number | null, port: ConnectionDetail['a_port'], label: string | null) =>
    deviceId === null ? (label ?? '') : [deviceNames.get(deviceId), port?.label].filter(Boolean).join(' · ');

  const labels = input.ids.flatMap((id): CableLabel[] => {
    const cable = byId.get(id)!;
    const a = end(cable.a_device_id, cable.a_port, cable.a_label);
    const b = end(cable.b_device_id, cable.b_port, cable.b_label);
    return [
      { code: cable.code, here: a, there: b },
      { code: cable.code, here: b, there: a },
    ];
  });
  const title = `${site.name} cable labels`;
  return {
    filename: `${title}.pdf`,
    pdf: printLabels(title, input.format, input.start_at, labels, drawCableLabel),
  };
}
