import type { DeviceDto } from './schemas/device.ts';

// Kept out of schemas/device.ts so that reading a list (siteDevices.ts, on the first page's path
// through the route loaders) does not bring zod and every schema into the sign-in page.
/**
 * The values of a device in a site's device list, in this order. Left out: the site (the list is
 * one site's), the product (the answer's `device_products` holds each once) and the public hash
 * (single device answers carry it). The fields most often blank come last.
 */
export const SITE_DEVICE_COLUMNS = [
  'id',
  'product_id',
  'code',
  'status',
  'floor_id',
  'location_id',
  'zone_id',
  'layer_id',
  'supplier_id',
  'contractor_id',
  'sn',
  'mac',
  'ip',
  'patch',
  'port',
  'purchase_date',
  'warranty_expiration_date',
  'created_at',
  'updated_at',
  'archived',
  'on_plan',
  'name',
  'type',
  'note',
  'plan_x',
  'plan_y',
  'icon',
  'tags',
  'custom_fields',
] as const satisfies readonly (keyof DeviceDto)[];
