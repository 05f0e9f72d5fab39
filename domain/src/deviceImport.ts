import { z } from 'zod';
import { requiredId } from './schemas/form.ts';

/**
 * The fields a device import can fill, each with its header as the device export writes it (so an
 * export maps itself exactly) and the other headers people use for it. The wizard maps a sheet's
 * columns to these keys; the server reads every row by them.
 *
 * Places and companies go by ID, by code or by name (the ID wins, then the code): an export
 * carries names, a hand-made sheet whatever its author knew. Brand and Model name the product of
 * a new device when no Product ID is given, or a device's new product.
 */
export const DEVICE_IMPORT_FIELDS = [
  { key: 'id', header: 'ID', aliases: ['Device ID'] },
  { key: 'product_id', header: 'Product ID', aliases: [] },
  { key: 'brand', header: 'Brand', aliases: ['Manufacturer'] },
  { key: 'model', header: 'Model', aliases: ['Product model', 'Product'] },
  { key: 'code', header: 'Code', aliases: ['Device Code'] },
  { key: 'name', header: 'Name', aliases: ['Device name'] },
  { key: 'floor', header: 'Floor', aliases: ['Floor name'] },
  { key: 'floor_code', header: 'Floor Code', aliases: [] },
  { key: 'floor_id', header: 'Floor ID', aliases: [] },
  { key: 'location', header: 'Location', aliases: ['Room', 'Location name'] },
  { key: 'location_code', header: 'Location Code', aliases: ['Room code'] },
  { key: 'location_id', header: 'Location ID', aliases: [] },
  { key: 'zone', header: 'Zone', aliases: ['Zone name'] },
  { key: 'zone_code', header: 'Zone Code', aliases: [] },
  { key: 'zone_id', header: 'Zone ID', aliases: [] },
  { key: 'layer', header: 'Layer', aliases: [] },
  { key: 'layer_id', header: 'Layer ID', aliases: [] },
  { key: 'supplier', header: 'Supplier', aliases: [] },
  { key: 'supplier_id', header: 'Supplier ID', aliases: [] },
  { key: 'contractor', header: 'Contractor', aliases: ['Installer'] },
  { key: 'contractor_id', header: 'Contractor ID', aliases: [] },
  { key: 'sn', header: 'Serial Number', aliases: ['Serial', 'SN', 'S/N'] },
  { key: 'mac', header: 'Mac Address', aliases: ['MAC'] },
  { key: 'ip', header: 'Ip Address', aliases: ['IP'] },
  { key: 'port', header: 'Port', aliases: [] },
  { key: 'patch', header: 'Patch', aliases: [] },
  { key: 'status', header: 'Status', aliases: [] },
  { key: 'note', header: 'Note', aliases: ['Notes', 'Comment'] },
  { key: 'purchase_date', header: 'Purchase Date', aliases: [] },
  {
    key: 'warranty_expiration_date',
    header: 'Warranty Expires',
    aliases: ['Warranty', 'Warranty Expiration Date'],
  },
  { key: 'archived', header: 'Archived', aliases: [] },
  { key: 'tags', header: 'Tags', aliases: ['Tag', 'Labels'] },
] as const;

export type DeviceImportField = (typeof DEVICE_IMPORT_FIELDS)[number]['key'];
const FIELD_KEYS = DEVICE_IMPORT_FIELDS.map((f) => f.key) as [DeviceImportField, ...DeviceImportField[]];

/** The most rows one import takes (the spreadsheet reader's own limit). */
export const MAX_DEVICE_IMPORT_ROWS = 50_000;

const normal = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/**
 * The field a sheet's header fills: its header or one of its aliases, in any case and spacing;
 * null when none does (the column is left out).
 */
export function deviceImportFieldFor(header: string): DeviceImportField | null {
  const wanted = normal(header);
  for (const field of DEVICE_IMPORT_FIELDS) {
    if (normal(field.header) === wanted || field.aliases.some((alias) => normal(alias) === wanted))
      return field.key;
  }
  return null;
}

/** The wizard's first guess: each header's field, a field taken once (by its first column). */
export function autoMapDeviceColumns(headers: string[]): Record<string, DeviceImportField | null> {
  const taken = new Set<DeviceImportField>();
  const mapping: Record<string, DeviceImportField | null> = {};
  for (const header of headers) {
    const field = deviceImportFieldFor(header);
    mapping[header] = field && !taken.has(field) ? field : null;
    if (field) taken.add(field);
  }
  return mapping;
}

/**
 * POST /api/site/devices/import: rows read from a sheet, each value under its field. A field absent
 * from a row is left alone; an empty one clears the value.
 */
export const deviceImportSchema = z.object({
  site_id: requiredId('site'),
  dry_run: z.boolean().optional(),
  /** The sheet's header of each field, to name the column in the problems as the user sees it. */
  headers: z.partialRecord(z.enum(FIELD_KEYS), z.string().max(200)).optional(),
  /**
   * The sheet's header of each custom field sent by the field's name (issue 43), when the wizard
   * mapped a column of another name to it: the problems name that column.
   */
  custom_headers: z.record(z.string().max(200), z.string().max(200)).optional(),
  rows: z
    .array(
      z.object({
        /** The spreadsheet's row number (its header is row 1). */
        row: z.number().int().min(1).max(1_000_000),
        values: z.partialRecord(z.enum(FIELD_KEYS), z.string().max(20_000)),
        /** Custom field values by the field's name as the sheet's header has it (issue 43). */
        custom_fields: z.record(z.string().max(200), z.string().max(20_000)).optional(),
      }),
    )
    .min(1)
    .max(MAX_DEVICE_IMPORT_ROWS),
});
export type DeviceImportInput = z.output<typeof deviceImportSchema>;
export type DeviceImportRow = DeviceImportInput['rows'][number];

/** What the wizard reads from a file: its headers, and each row's text by header. */
export const sheetContentSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.object({ row: z.number(), values: z.record(z.string(), z.string()) })),
});
export type SheetContent = z.infer<typeof sheetContentSchema>;

/** Each mapped field's header in the sheet (the columns the problems name). */
export function mappedHeaders(
  mapping: Record<string, DeviceImportField | null>,
): Partial<Record<DeviceImportField, string>> {
  const headers: Partial<Record<DeviceImportField, string>> = {};
  for (const [header, field] of Object.entries(mapping)) if (field) headers[field] = header;
  return headers;
}

/**
 * The rows to send: every mapped field of every row, an empty cell as '' (it clears the value);
 * an unmapped column is left out (its field stays as it is).
 */
export function deviceImportRows(
  content: SheetContent,
  mapping: Record<string, DeviceImportField | null>,
  /** The tenant's device custom fields: an unmapped column of one's name fills it (issue 43). */
  customFieldNames: readonly string[] = [],
): DeviceImportRow[] {
  const pairs = Object.entries(mappedHeaders(mapping)) as [DeviceImportField, string][];
  const names = new Set(customFieldNames.map((name) => name.trim().toLowerCase()));
  const custom = content.headers.filter((h) => !mapping[h] && names.has(h.trim().toLowerCase()));
  return content.rows.map(({ row, values }) => ({
    row,
    values: Object.fromEntries(pairs.map(([field, header]) => [field, values[header] ?? ''])),
    ...(custom.length > 0
      ? { custom_fields: Object.fromEntries(custom.map((header) => [header, values[header] ?? ''])) }
      : {}),
  }));
}
