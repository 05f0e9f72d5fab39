import { type DeviceDto, type DeviceProductDto, SITE_DEVICE_COLUMNS } from '@asbuilt/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { companies, devices, procats, products, siteDeviceVersions } from '../../db/schema.ts';
import { inIds } from '../../db/set-based.ts';
import type { JsonPiece } from '../../platform/serializer.ts';
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
  const summaries = new Map((await loadDeviceProducts(db, where, p)).map((product) => [product.id, product]));
  // Completed in place: these objects are fresh from JSON.parse, and copying 20,000 of them costs.
  for (const device of list) {
    device.created_at = new Date(device.created_at).toISOString();
    device.updated_at = new Date(device.updated_at).toISOString();
    device.product = summaries.get(device.product_id)!;
    device.public_hash = p.links.hash(device.site_id, device.id);
  }
  return list as DeviceDto[];
}

/** The products of the devices matching `where`, once each, as the devices page shows them. */
export function loadDeviceProducts(db: DbOrTx, where: SQL, p: DevicePresenter): Promise<DeviceProductDto[]> {
  return loadProductSummaries(
    db,
    inArray(products.id, db.selectDistinct({ id: devices.product_id }).from(devices).where(where)),
    p,
  );
}

/** The products matching `which` (a condition on `products`), as the devices page shows them. */
export async function loadProductSummaries(
  db: DbOrTx,
  which: SQL,
  p: DevicePresenter,
): Promise<DeviceProductDto[]> {
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
      datasheet_key: products.datasheet_key,
      datasheet_name: products.datasheet_name,
      end_of_sale: products.end_of_sale,
      end_of_support: products.end_of_support,
    })
    .from(products)
    .leftJoin(companies, eq(companies.id, products.brand_id))
    .leftJoin(procats, eq(procats.id, products.procat_id))
    .where(which)
    .orderBy(products.id);
  return productRows.map((row) => ({
    id: row.id,
    name: row.name,
    image: p.signUrl(row.image),
    product_model: row.product_model,
    product_url: row.product_url,
    sku: row.sku,
    brand:
      row.brand_id !== null && row.brand_name !== null ? { id: row.brand_id, name: row.brand_name } : null,
    procat:
      row.procat_id !== null && row.procat_name !== null && row.procat_main !== null
        ? { id: row.procat_id, name: row.procat_name, main: row.procat_main, sub1: row.procat_sub1 }
        : null,
    datasheet_url: p.signUrl(row.datasheet_key),
    datasheet_name: row.datasheet_key ? row.datasheet_name : null,
    end_of_sale: row.end_of_sale,
    end_of_support: row.end_of_support,
  }));
}

const utc = (column: string) => `to_char(d.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One row of values per device, in the order of `SITE_DEVICE_COLUMNS`, built by the database.
 * Column names are the domain's constants, never input.
 */
export const SITE_DEVICE_ROW = sql.raw(
  `json_build_array(${SITE_DEVICE_COLUMNS.map((column) =>
    column === 'created_at' || column === 'updated_at' ? utc(column) : `d.${column}`,
  ).join(', ')})`,
);

/** The site's device list version (0 before the first write): see list-cache.ts. */
export async function deviceListVersion(db: DbOrTx, siteId: number): Promise<DeviceListVersion> {
  const [row] = await prepared(db, 'device_list_version', (db) =>
    db
      .select({ version: siteDeviceVersions.version, written: siteDeviceVersions.written })
      .from(siteDeviceVersions)
      .where(eq(siteDeviceVersions.site_id, sql.placeholder('siteId'))),
  ).execute({ siteId });
  return row ?? { version: 0, written: 0 };
}

/** How many statements have written a site's devices, and how many rows they wrote. */
export interface DeviceListVersion {
  version: number;
  written: number;
}

/** The listed devices as one JSON array of rows, written whole by the database. */
async function deviceRowsJson(db: DbOrTx, ids: number[]): Promise<string> {
  const answer = (await db.execute(
    sql`select coalesce(json_agg(${SITE_DEVICE_ROW} order by d.id)::text, '[]') as list from ${devices} d where d.id = any(${`{${ids.join(',')}}`}::int[])`,
  )) as unknown as { rows: { list: string }[] };
  return answer.rows[0]?.list ?? '[]';
}

/**
 * Devices in the list's short form (`{ columns, rows }`, see siteDevicesResponseSchema) around
 * the rows' JSON array, passed on untouched: no per-device work in the server.
 */
export function deviceListJson(rows: readonly JsonPiece[]): JsonPiece[] {
  return [`{"columns":${JSON.stringify(SITE_DEVICE_COLUMNS)},"rows":`, ...rows, '}'];
}

/** The listed devices in the list's short form and their products (the answer of a bulk change). */
export async function loadDeviceList(db: DbOrTx, ids: number[], p: DevicePresenter) {
  const rows = await deviceRowsJson(db, ids);
  return {
    devicesJson: deviceListJson([rows]),
    products: rows === '[]' ? [] : await loadDeviceProducts(db, inIds(devices.id, ids), p),
  };
}

export async function loadDevice(db: DbOrTx, id: number, p: DevicePresenter): Promise<DeviceDto | undefined> {
  const [device] = await loadDevices(db, eq(devices.id, id), p);
  return device;
}
