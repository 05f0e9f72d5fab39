import { z } from 'zod';
import { requiredId } from './schemas/form.ts';

/**
 * The columns of a site's device export (`<site> devices.xlsx`): the specification's default
 * columns, then the optional ones the user may add. Headers are fixed English text, so an export
 * always imports back by its own headers.
 */
export const DEVICE_EXPORT_COLUMNS = [
  { key: 'id', header: 'ID', standard: true },
  { key: 'code', header: 'Code', standard: true },
  { key: 'name', header: 'Name', standard: true },
  { key: 'floor', header: 'Floor', standard: true },
  { key: 'location', header: 'Location', standard: true },
  { key: 'zone', header: 'Zone', standard: true },
  { key: 'layer', header: 'Layer', standard: true },
  { key: 'category', header: 'Category', standard: true },
  { key: 'brand', header: 'Brand', standard: true },
  { key: 'model', header: 'Model', standard: true },
  { key: 'supplier', header: 'Supplier', standard: true },
  { key: 'contractor', header: 'Contractor', standard: true },
  { key: 'sn', header: 'Serial Number', standard: true },
  { key: 'mac', header: 'Mac Address', standard: true },
  { key: 'ip', header: 'Ip Address', standard: true },
  { key: 'status', header: 'Status', standard: true },
  /** Written whenever an exported device carries a tag: names, comma-separated (issue 43). */
  { key: 'tags', header: 'Tags', standard: false },
  { key: 'note', header: 'Note', standard: false },
  { key: 'floor_code', header: 'Floor Code', standard: false },
  { key: 'location_code', header: 'Location Code', standard: false },
  { key: 'zone_code', header: 'Zone Code', standard: false },
  { key: 'port', header: 'Port', standard: false },
  { key: 'patch', header: 'Patch', standard: false },
  { key: 'purchase_date', header: 'Purchase Date', standard: false },
  { key: 'warranty_expiration_date', header: 'Warranty Expires', standard: false },
  { key: 'image_url', header: 'Image url', standard: false },
  { key: 'archived', header: 'Archived', standard: false },
  { key: 'product_id', header: 'Product ID', standard: false },
  { key: 'floor_id', header: 'Floor ID', standard: false },
  { key: 'location_id', header: 'Location ID', standard: false },
  { key: 'zone_id', header: 'Zone ID', standard: false },
  { key: 'layer_id', header: 'Layer ID', standard: false },
  { key: 'supplier_id', header: 'Supplier ID', standard: false },
  { key: 'contractor_id', header: 'Contractor ID', standard: false },
] as const;
export type DeviceExportColumn = (typeof DEVICE_EXPORT_COLUMNS)[number]['key'];
export const OPTIONAL_DEVICE_EXPORT_COLUMNS = DEVICE_EXPORT_COLUMNS.filter((c) => !c.standard).map(
  (c) => c.key,
);

/** POST /api/site/devices/export: the devices shown (the page's filter and search), the columns added. */
export const deviceExportSchema = z.object({
  site_id: requiredId('site'),
  /** The devices to export; absent: every device of the site that is not archived. */
  ids: z.array(z.number().int().positive()).max(200_000).optional(),
  /** Optional columns to add to the standard ones. */
  columns: z
    .array(z.enum(OPTIONAL_DEVICE_EXPORT_COLUMNS as [DeviceExportColumn, ...DeviceExportColumn[]]))
    .optional(),
});
export type DeviceExportInput = z.output<typeof deviceExportSchema>;
