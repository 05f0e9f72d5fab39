import { type DeviceChanges, devicePermissionFor } from '@asbuilt/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireSite } from '../../platform/policy.ts';
import { checkProduct, checkReferences, place } from './rules.ts';

/**
 * What a new device of `productId` on site `siteId` is made of, checked once for one device or
 * many: the actor's level for the fields given, the product, the references and the placement.
 * Codes are the caller's (one, or a pattern's list).
 */
export async function newDeviceValues(
  tx: DbOrTx,
  actor: Actor,
  siteId: number,
  productId: number,
  changes: DeviceChanges,
) {
  const { site } = await requireSite(tx, actor, siteId, devicePermissionFor(Object.keys(changes)));
  const product = await checkProduct(tx, site, productId);
  const refs = await checkReferences(tx, site, changes);
  const { placement, problems } = place({ floor_id: null, location_id: null, zone_id: null }, changes, refs);
  if (problems.length > 0) throw badRequest(problems);
  const values = {
    product_id: product.id,
    ...changes,
    ...placement,
    ...(changes.status !== undefined ? { status: refs.status ?? null } : {}),
  };
  return { site, product, values };
}
