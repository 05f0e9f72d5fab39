import { type PublicDeviceTargetResponse, SitePermission } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { devices } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireSite } from '../../platform/policy.ts';
import { checkLink } from './link.ts';

/**
 * POST /api/global/public/device/target: a device's QR code scanned in the app. A genuine hash of a
 * device the actor may open answers its site and id, for the device card. A forged hash or a
 * device gone answers 404 `device_link_invalid` (not a device of this server); a genuine one the
 * actor can't reach answers 404 `device_not_found`, and the scanner opens the public page, which
 * shows anyone the same hash's summary anyway. A forged hash counts against the address as on the
 * public call: one limit, whichever call it came by.
 */
export async function publicDeviceTarget(
  ctx: AppContext,
  actor: Actor,
  hash: string,
  ip: string,
): Promise<PublicDeviceTargetResponse> {
  const ids = await checkLink(ctx, hash, ip);
  const [device] = await ctx.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, ids.deviceId), eq(devices.site_id, ids.siteId)));
  if (!device) return ids.refuse();
  await requireSite(ctx.db, actor, ids.siteId, SitePermission.Reader, 'device_not_found');
  return { site_id: ids.siteId, device_id: device.id };
}
