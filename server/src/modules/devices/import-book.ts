/**
 * What a device import looks names up in, loaded once for the whole file in a fixed number of
 * queries (none per row): the site's places and layers, the companies it may name, the products
 * its tenant may use, and the devices the rows update.
 */
import { type DeviceImportRow, LIBRARY_TENANT_ID } from '@asbuilt/domain';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  devices,
  floors,
  layers,
  locations,
  products,
  siteContractors,
  zones,
} from '../../db/schema.ts';
import { inIds } from '../../db/set-based.ts';
import { companiesUsableBy } from '../../platform/catalogue.ts';
import type { SiteRow } from '../../platform/policy.ts';
import { sheetId } from '../../platform/spreadsheet/columns.ts';
import type { DeviceRow } from './present.ts';

/** How names and codes compare: case, outer and repeated spaces don't count. */
export const nameKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

interface Entry {
  id: number;
  name: string;
  code?: string | null;
  floor_id?: number | null;
}

/** Rows of one kind, found by id, by code or by name. */
export class Lookup<T extends Entry> {
  readonly byId = new Map<number, T>();
  private readonly byName = new Map<string, T[]>();
  private readonly byCode = new Map<string, T[]>();

  constructor(rows: T[]) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      push(this.byName, nameKey(row.name), row);
      if (row.code) push(this.byCode, nameKey(row.code), row);
    }
  }

  named(name: string): T[] {
    return this.byName.get(nameKey(name)) ?? [];
  }

  coded(code: string): T[] {
    return this.byCode.get(nameKey(code)) ?? [];
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export interface OnFloor extends Entry {
  floor_id: number | null;
}

export interface ProductEntry extends Entry {
  product_model: string | null;
  brand: string | null;
}

export type ImportedDevice = DeviceRow & {
  productName: string;
  productModel: string | null;
  brandName: string | null;
};

export interface ImportBook {
  floors: Lookup<Entry>;
  locations: Lookup<OnFloor>;
  zones: Lookup<OnFloor>;
  layers: Lookup<Entry>;
  suppliers: Lookup<Entry>;
  contractors: Lookup<Entry>;
  /** Products by id, and by model or name (with their brand's name); loaded when rows name one. */
  products: Lookup<ProductEntry>;
  productsByModel: Map<string, ProductEntry[]>;
  /** The site's devices the rows name by id (another site's never), with their product. */
  devices: Map<number, ImportedDevice>;
  /** Every code on the site, with the devices holding it. */
  codes: Map<string, number[]>;
  /** The tags a "Tags" column may name, by lowercased name (tags/import.ts). */
  tags: Map<string, number>;
}

export async function loadImportBook(
  tx: DbOrTx,
  site: SiteRow,
  rows: DeviceImportRow[],
): Promise<ImportBook> {
  const uses = (...fields: (keyof DeviceImportRow['values'])[]) =>
    rows.some((row) => fields.some((field) => row.values[field] !== undefined));
  const entries = async <T>(needed: boolean, load: () => Promise<T[]>) => (needed ? load() : []);

  const floorRows = await tx
    .select({ id: floors.id, name: floors.name, code: floors.code })
    .from(floors)
    .where(eq(floors.site_id, site.id));
  const locationRows = await tx
    .select({ id: locations.id, name: locations.name, code: locations.code, floor_id: locations.floor_id })
    .from(locations)
    .where(eq(locations.site_id, site.id));
  const zoneRows = await tx
    .select({ id: zones.id, name: zones.name, code: zones.code, floor_id: zones.floor_id })
    .from(zones)
    .where(eq(zones.site_id, site.id));
  const layerRows = await entries(uses('layer', 'layer_id'), () =>
    tx
      .select({ id: layers.id, name: layers.name, code: layers.code })
      .from(layers)
      .where(eq(layers.site_id, site.id)),
  );
  const supplierRows = await entries(uses('supplier', 'supplier_id'), () =>
    tx
      .select({ id: companies.id, name: companies.name, code: companies.code })
      .from(companies)
      .where(and(eq(companies.supplier, true), companiesUsableBy(site.tenant_id))),
  );
  const contractorRows = await entries(uses('contractor', 'contractor_id'), () =>
    tx
      .select({ id: companies.id, name: companies.name, code: companies.code })
      .from(siteContractors)
      .innerJoin(companies, eq(companies.id, siteContractors.company_id))
      .where(eq(siteContractors.site_id, site.id)),
  );
  const productRows = await entries(uses('product_id', 'model', 'brand'), () =>
    tx
      .select({
        id: products.id,
        name: products.name,
        product_model: products.product_model,
        brand: companies.name,
      })
      .from(products)
      .leftJoin(companies, eq(companies.id, products.brand_id))
      .where(
        and(
          inArray(products.tenant_id, [...new Set([LIBRARY_TENANT_ID, site.tenant_id])]),
          isNull(products.discarded_at),
        ),
      ),
  );
  const productsByModel = new Map<string, ProductEntry[]>();
  for (const product of productRows) {
    const keys = new Set([
      nameKey(product.name),
      ...(product.product_model ? [nameKey(product.product_model)] : []),
    ]);
    for (const key of keys) push(productsByModel, key, product);
  }

  const ids = [...new Set(rows.flatMap((row) => sheetId(row.values.id) ?? []))];
  const deviceMap: ImportBook['devices'] = new Map();
  if (ids.length > 0) {
    const found = await tx
      .select({
        device: devices,
        productName: products.name,
        productModel: products.product_model,
        brandName: companies.name,
      })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.product_id))
      .leftJoin(companies, eq(companies.id, products.brand_id))
      .where(and(eq(devices.site_id, site.id), inIds(devices.id, ids)))
      .for('update', { of: devices });
    for (const { device, ...product } of found) deviceMap.set(device.id, { ...device, ...product });
  }

  const codes = new Map<string, number[]>();
  if (uses('code')) {
    // As two arrays in one row: PGlite hands back each row of an answer at about 3 µs, which
    // made the codes of a 30,000-device site cost 95 ms as rows and 20 as arrays.
    const [coded] = await tx
      .select({
        ids: sql<number[] | null>`array_agg(${devices.id})`,
        codes: sql<string[] | null>`array_agg(${devices.code})`,
      })
      .from(devices)
      .where(and(eq(devices.site_id, site.id), isNotNull(devices.code)));
    const held = coded?.codes ?? [];
    for (let n = 0; n < held.length; n++) push(codes, nameKey(held[n]!), Number(coded!.ids![n]));
  }

  return {
    floors: new Lookup(floorRows),
    locations: new Lookup(locationRows),
    zones: new Lookup(zoneRows),
    layers: new Lookup(layerRows),
    suppliers: new Lookup(supplierRows),
    contractors: new Lookup(contractorRows),
    products: new Lookup(productRows),
    productsByModel,
    devices: deviceMap,
    codes,
    tags: new Map(),
  };
}
