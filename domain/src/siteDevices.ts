import type { DeviceDto, DeviceProductDto, SiteDeviceDto, SiteDevicesResponse } from './schemas/device.ts';

/** A device as a site's list holds it: every field present, its product attached, no public hash. */
export type ListedDevice = Omit<DeviceDto, 'public_hash'>;

/** What a field left out of a list entry stands for. */
const BLANK = {
  name: null,
  code: null,
  type: null,
  sn: null,
  mac: null,
  ip: null,
  patch: null,
  port: null,
  note: null,
  purchase_date: null,
  warranty_expiration_date: null,
  status: null,
  archived: false,
  floor_id: null,
  location_id: null,
  zone_id: null,
  layer_id: null,
  supplier_id: null,
  contractor_id: null,
  on_plan: false,
  plan_x: null,
  plan_y: null,
  icon: null,
} satisfies Omit<ListedDevice, 'id' | 'site_id' | 'product_id' | 'product' | 'created_at' | 'updated_at'>;

/**
 * A site's device list in full again: blank fields filled in and each device given its product
 * object (one object per product, shared by its devices).
 */
export function expandSiteDevices(answer: SiteDevicesResponse, siteId: number): ListedDevice[] {
  const products = new Map<number, DeviceProductDto>(answer.device_products.map((p) => [p.id, p]));
  return answer.devices.map((device: SiteDeviceDto) => {
    const product = products.get(device.product_id);
    if (!product)
      throw new Error(`Device ${device.id}: product ${device.product_id} missing from the answer`);
    return { ...BLANK, ...device, site_id: siteId, product };
  });
}

/** The fields a list entry leaves out when blank, for the server that writes them. */
export const SITE_DEVICE_FIELDS = Object.keys(BLANK) as (keyof typeof BLANK)[];
