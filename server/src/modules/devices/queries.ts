import type { DeviceDto, DeviceProductDto } from '@asbuilt/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, devices, procats, products } from '../../db/schema.ts';
import type { DevicePresenter } from './present.ts';

/** A device row as the database writes it in JSON (timestamps with the session's offset). */
type DeviceJson = Omit<DeviceDto, 'product' | 'public_hash'> &
  Partial<Pick<DeviceDto, 'product' | 'public_hash'>>;

/**
 * Devices matching `where` (a condition on `devices`) with their product summaries, ordered by id.
 * Two queries for any count: the devices come as one JSON text of whole rows built by the
 * database (decoding 20,000 rows cell by cell costs PGlite four times as much; the response schema
 * keeps only the answer's fields), and the products they use, each presented once and shared.
 */
export async function loadDevices(db: DbOrTx, where: SQL, p: DevicePresenter): Promise<DeviceDto[]> {
  const [result] = await db
    .select({ list: sql<string>`coalesce(json_agg(${devices} order by ${devices.id})::text, '[]')` })
    .from(devices)
    .where(where);
  const list = JSON.parse(result?.list ?? '[]') as DeviceJson[];
  if (list.length === 0) return [];

  const productRows = await db
    .select({
      id: products.id,
      name: products.name,
      image: products.image,
      product_model: products.product_model,
      product_url: products.product_url,
      sku: products.sku,
      brand_id: products.brand_id,
      brand_name: companies.name,
      procat_id: products.procat_id,
      procat_name: procats.name,
      procat_main: procats.main,
      procat_sub1: procats.sub1,
    })
    .from(products)
    .leftJoin(companies, eq(companies.id, products.brand_id))
    .leftJoin(procats, eq(procats.id, products.procat_id))
    .where(inArray(products.id, db.selectDistinct({ id: devices.product_id }).from(devices).where(where)));
  const summaries = new Map<number, DeviceProductDto>(
    productRows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        image: p.signUrl(row.image),
        product_model: row.product_model,
        product_url: row.product_url,
        sku: row.sku,
        brand:
          row.brand_id !== null && row.brand_name !== null
            ? { id: row.brand_id, name: row.brand_name }
            : null,
        procat:
          row.procat_id !== null && row.procat_name !== null && row.procat_main !== null
            ? { id: row.procat_id, name: row.procat_name, main: row.procat_main, sub1: row.procat_sub1 }
            : null,
      },
    ]),
  );
  // Completed in place: these objects are fresh from JSON.parse, and copying 20,000 of them costs.
  for (const device of list) {
    device.created_at = new Date(device.created_at).toISOString();
    device.updated_at = new Date(device.updated_at).toISOString();
    device.product = summaries.get(device.product_id)!;
    device.public_hash = p.links.hash(device.site_id, device.id);
  }
  return list as DeviceDto[];
}

export async function loadDevice(db: DbOrTx, id: number, p: DevicePresenter): Promise<DeviceDto | undefined> {
  const [device] = await loadDevices(db, eq(devices.id, id), p);
  return device;
}
