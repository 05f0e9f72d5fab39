import { defaultStatusKey, type PublicDeviceResponse } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import { companies, devices, procats, products, sites } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { checkLink } from './link.ts';

/**
 * POST /api/global/public/device (no session): the summary a visitor of a QR link sees, for a
 * genuine hash only. Every failure (forged, altered, bare ids, no such device) answers the same
 * 404. Archived devices are still shown: the sticker on the device outlives its place in the lists.
 */
export async function publicDevice(ctx: AppContext, hash: string, ip: string): Promise<PublicDeviceResponse> {
  const ids = await checkLink(ctx, hash, ip);
  const [row] = await ctx.db
    .select({
      siteName: sites.name,
      siteImage: sites.image,
      productImage: products.image,
      productName: products.name,
      model: products.product_model,
      brand: companies.name,
      category: procats.name,
      code: devices.code,
      type: devices.type,
      status: devices.status,
    })
    .from(devices)
    .innerJoin(sites, eq(sites.id, devices.site_id))
    .innerJoin(products, eq(products.id, devices.product_id))
    .leftJoin(companies, eq(companies.id, products.brand_id))
    .leftJoin(procats, eq(procats.id, products.procat_id))
    .where(and(eq(devices.id, ids.deviceId), eq(devices.site_id, ids.siteId)));
  if (!row) return ids.refuse();
  return {
    site: { name: row.siteName, image: ctx.storage.signedUrl(row.siteImage) },
    device: {
      image: ctx.storage.signedUrl(row.productImage),
      name: row.productName,
      brand: row.brand,
      model: row.model,
      category: row.category,
      code: row.code,
      type: row.type,
      status: row.status,
      status_key: defaultStatusKey(row.status) ?? null,
    },
  };
}
