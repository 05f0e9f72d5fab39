import type { DeviceDto, DeviceProductDto, SiteDevicesResponse } from './schemas/device.ts';

/** A device as a site's list holds it: every field present, its product attached, no public hash. */
export type ListedDevice = Omit<DeviceDto, 'public_hash'>;

/**
 * A site's device list made whole again: each row's values under their column names, the site,
 * and the device's product object (one object per product, shared by its devices).
 */
export function expandSiteDevices(answer: SiteDevicesResponse, siteId: number): ListedDevice[] {
  const products = new Map<number, DeviceProductDto>(answer.device_products.map((p) => [p.id, p]));
  const { columns, rows } = answer.devices;
  return rows.map((row) => {
    const device: Record<string, unknown> = { site_id: siteId };
    for (let i = 0; i < columns.length; i++) device[columns[i]!] = row[i];
    const product = products.get(device.product_id as number);
    if (!product)
      throw new Error(`Device ${device.id}: product ${device.product_id} missing from the answer`);
    device.product = product;
    return device as ListedDevice;
  });
}
