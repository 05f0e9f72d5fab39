import type { DeviceDto, DeviceProductDto, SiteDeviceRow, SiteDevicesResponse } from './schemas/device.ts';
import { SITE_DEVICE_COLUMNS } from './siteDeviceColumns.ts';

/**
 * A device as a site's list holds it: every field present, its product attached, no public hash
 * and no rack place (the racks' answer holds those, for the few devices in racks).
 */
export type ListedDevice = Omit<DeviceDto, 'public_hash' | 'rack_id' | 'rack_u' | 'rack_face'>;

/**
 * A site's device list made whole again: each row's values under their column names, the site,
 * and the device's product object (one object per product, shared by its devices).
 */
export function expandSiteDevices(answer: SiteDevicesResponse, siteId: number): ListedDevice[] {
  const products = new Map<number, DeviceProductDto>(answer.device_products.map((p) => [p.id, p]));
  const productOf = (id: number, productId: number) => {
    const product = products.get(productId);
    if (!product) throw new Error(`Device ${id}: product ${productId} missing from the answer`);
    return product;
  };
  const { columns, rows } = answer.devices;
  if (sameColumns(columns)) return rows.map((row) => listedDevice(row, siteId, productOf));
  return rows.map((row) => {
    const device: Record<string, unknown> = { site_id: siteId };
    for (let i = 0; i < columns.length; i++) device[columns[i]!] = row[i];
    device.product = productOf(device.id as number, device.product_id as number);
    return device as ListedDevice;
  });
}

function sameColumns(columns: readonly string[]): boolean {
  return (
    columns.length === SITE_DEVICE_COLUMNS.length && columns.every((c, i) => c === SITE_DEVICE_COLUMNS[i])
  );
}

/**
 * One device from a row in the order of SITE_DEVICE_COLUMNS, written out: objects of one literal
 * shape are several times faster to build and read than ones filled key by key (20,000 a page).
 */
function listedDevice(
  row: SiteDeviceRow,
  siteId: number,
  productOf: (id: number, productId: number) => DeviceProductDto,
): ListedDevice {
  return {
    site_id: siteId,
    id: row[0],
    product_id: row[1],
    code: row[2],
    status: row[3],
    floor_id: row[4],
    location_id: row[5],
    zone_id: row[6],
    layer_id: row[7],
    supplier_id: row[8],
    contractor_id: row[9],
    sn: row[10],
    mac: row[11],
    ip: row[12],
    patch: row[13],
    port: row[14],
    purchase_date: row[15],
    warranty_expiration_date: row[16],
    created_at: row[17],
    updated_at: row[18],
    archived: row[19],
    on_plan: row[20],
    name: row[21],
    type: row[22],
    note: row[23],
    plan_x: row[24],
    plan_y: row[25],
    icon: row[26],
    tags: row[27],
    custom_fields: row[28],
    product: productOf(row[0], row[1]),
  } satisfies Record<keyof ListedDevice, unknown>;
}
