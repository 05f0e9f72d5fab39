/**
 * What the site's pages ask of all its devices at each visit, kept while the site's devices are
 * unchanged (list-cache.ts `factOf`): each is a scan of the site's devices, on the embedded
 * database's thread, where the version read first is one row. With its list kept, the device
 * list of a 20,000-device site went from 35 to 20 ms of the server's time on PGlite, the site's
 * answer from 89 to 71 ms (bench/RESULTS.md §4, API overhead against the raw SQL).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices } from '../../db/schema.ts';
import { deviceListCache } from './list-cache.ts';
import { type DeviceListVersion, deviceListVersion } from './queries.ts';

/** The ids of the products the site's devices use, as of the site's device `version`. */
export function siteProductIds(db: DbOrTx, siteId: number, version: number): Promise<number[]> {
  return deviceListCache(db).factOf(siteId, version, 'products', async () => {
    const rows = await db
      .selectDistinct({ id: devices.product_id })
      .from(devices)
      .where(eq(devices.site_id, siteId));
    return rows.map((row) => row.id);
  });
}

/**
 * How many of the site's devices are not archived. `known` is the site's version when the caller
 * reads it already for another part of the same answer.
 */
export async function activeDeviceCount(
  db: DbOrTx,
  siteId: number,
  known: Promise<DeviceListVersion> = deviceListVersion(db, siteId),
): Promise<number> {
  const { version } = await known;
  return deviceListCache(db).factOf(siteId, version, 'active', async () => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(devices)
      .where(and(eq(devices.site_id, siteId), eq(devices.archived, false)));
    return row?.count ?? 0;
  });
}
