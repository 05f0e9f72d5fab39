/**
 * The devices page's configurable columns (spatial-and-admin.md section 2: 37 columns, 11 shown by
 * default). `key` is what a site access saves in `device_headers`.
 */
export const DEVICE_COLUMNS = [
  { key: 'image', label: 'Image' },
  { key: 'id', label: 'ID' },
  { key: 'code', label: 'Code' },
  { key: 'name', label: 'Name' },
  { key: 'type', label: 'Type' },
  { key: 'category', label: 'Category' },
  { key: 'category_main', label: 'Main Category' },
  { key: 'category_sub', label: 'Sub-Category' },
  { key: 'brand', label: 'Brand' },
  { key: 'model', label: 'Model' },
  { key: 'description', label: 'Description' },
  { key: 'sku', label: 'SKU' },
  { key: 'floor', label: 'Floor' },
  { key: 'floor_code', label: 'Floor Code' },
  { key: 'location', label: 'Location' },
  { key: 'location_code', label: 'Location Code' },
  { key: 'location_type', label: 'Location Type' },
  { key: 'zone', label: 'Zone' },
  { key: 'zone_code', label: 'Zone Code' },
  { key: 'layer', label: 'Layer' },
  { key: 'supplier', label: 'Supplier' },
  { key: 'contractor', label: 'Contractor' },
  { key: 'status', label: 'Status' },
  { key: 'sn', label: 'Serial Number' },
  { key: 'mac', label: 'Mac Address' },
  { key: 'ip', label: 'IP Address' },
  { key: 'patch', label: 'Patch' },
  { key: 'port', label: 'Port' },
  { key: 'note', label: 'Note' },
  { key: 'purchase_date', label: 'Purchase Date' },
  { key: 'warranty_expiration_date', label: 'Warranty Expires' },
  { key: 'archived', label: 'Archived' },
  { key: 'on_plan', label: 'On Plan' },
  { key: 'product_id', label: 'Product ID' },
  { key: 'product_url', label: 'Product URL' },
  { key: 'created_at', label: 'Created' },
  { key: 'updated_at', label: 'Updated' },
] as const;

export type DeviceColumnKey = (typeof DEVICE_COLUMNS)[number]['key'];
export const DEVICE_COLUMN_KEYS = DEVICE_COLUMNS.map((c) => c.key) as DeviceColumnKey[];

export const DEFAULT_DEVICE_HEADERS: DeviceColumnKey[] = [
  'image',
  'code',
  'category',
  'brand',
  'model',
  'floor',
  'location',
  'zone',
  'contractor',
  'supplier',
  'status',
];

/** Saved visible columns, or the defaults when none (or only unknown ones) are saved. */
export function visibleDeviceHeaders(saved: readonly string[] | null | undefined): DeviceColumnKey[] {
  const known = (saved ?? []).filter((k): k is DeviceColumnKey =>
    (DEVICE_COLUMN_KEYS as string[]).includes(k),
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
}
