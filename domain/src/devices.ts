import { ENGLISH } from './i18n/catalogues.ts';

/**
 * The devices page's configurable columns (spatial-and-admin.md section 2: 37 columns; those shown by
 * default below), and the device's tags (issue 43). `key` is what a site access saves in
 * `device_headers`.
 */
export const DEVICE_COLUMN_KEYS = [
  'image',
  'id',
  'code',
  'name',
  'type',
  'category',
  'category_main',
  'category_sub',
  'brand',
  'model',
  'description',
  'sku',
  'floor',
  'floor_code',
  'location',
  'location_code',
  'location_type',
  'zone',
  'zone_code',
  'layer',
  'supplier',
  'contractor',
  'status',
  'sn',
  'mac',
  'ip',
  'patch',
  'port',
  'note',
  'purchase_date',
  'warranty_expiration_date',
  'archived',
  'on_plan',
  'product_id',
  'product_url',
  'created_at',
  'updated_at',
  'tags',
] as const;
export type DeviceColumnKey = (typeof DEVICE_COLUMN_KEYS)[number];

/** Keys with their English labels (`POST /api/site/headers` takes either); screens show `domain:column.{key}`. */
export const DEVICE_COLUMNS = DEVICE_COLUMN_KEYS.map((key) => ({ key, label: ENGLISH.column[key] }));

/**
 * Shown until a user picks columns: with the devices table's base widths (deviceColumns.tsx) they
 * fit a 1440 px screen beside the sidebar, Name and Serial included and Status still on screen.
 */
export const DEFAULT_DEVICE_HEADERS: DeviceColumnKey[] = [
  'image',
  'code',
  'name',
  'category',
  'brand',
  'sn',
  'floor',
  'location',
  'status',
];

export const isDeviceColumnKey = (key: unknown): key is DeviceColumnKey =>
  (DEVICE_COLUMN_KEYS as readonly unknown[]).includes(key);

/** A custom field's column (issue 43): `cf_<field id>`, a field of the site's tenant. */
export type CustomFieldColumnKey = `cf_${number}`;
export type DeviceHeaderKey = DeviceColumnKey | CustomFieldColumnKey;
export const isCustomFieldColumnKey = (key: unknown): key is CustomFieldColumnKey =>
  typeof key === 'string' && /^cf_[1-9]\d{0,9}$/.test(key);

/** Saved visible columns, or the defaults when none (or only unknown ones) are saved. */
export function visibleDeviceHeaders(saved: readonly string[] | null | undefined): DeviceHeaderKey[] {
  const known = (saved ?? []).filter(
    (key): key is DeviceHeaderKey => isDeviceColumnKey(key) || isCustomFieldColumnKey(key),
  );
  return known.length > 0 ? known : [...DEFAULT_DEVICE_HEADERS];
}

/** The devices page filter, saved per site access. */
export interface DeviceFilters {
  locations?: number[];
  layers?: number[];
  statuses?: string[];
  procats?: number[];
  suppliers?: number[];
  contractors?: number[];
  show_archived?: boolean;
  /** Custom fields (issue 43): by field id, the values shown (as text) a device may hold. */
  custom_fields?: Record<string, string[]>;
}
