/**
 * Custom fields in the device import's column mapping (issue 43): a file column fills one of the
 * device's own fields or one custom field (keyed `cf_<id>`, as the devices page's columns are), or
 * nothing. A column headed by a field's name or one of its labels is mapped to it at first.
 */
import {
  autoMapDeviceColumns,
  type CustomFieldColumnKey,
  type CustomFieldDto,
  customFieldColumnId,
  customFieldColumnKey,
  type DeviceImportField,
  type DeviceImportRow,
  deviceImportRows,
  isCustomFieldColumnKey,
  mappedHeaders,
  type SheetContent,
} from '@asbuilt/domain';

export type ImportTarget = DeviceImportField | CustomFieldColumnKey;
export type ImportMapping = Record<string, ImportTarget | null>;

const normal = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

export const customTarget = (field: Pick<CustomFieldDto, 'id'>) =>
  customFieldColumnKey(field.id) as CustomFieldColumnKey;

/**
 * The first guess: the device's own fields by header (autoMapDeviceColumns), then each column left
 * over whose header is a custom field's name or label, each field taken by its first such column.
 */
export function autoMapImportColumns(headers: string[], fields: readonly CustomFieldDto[]): ImportMapping {
  const mapping: ImportMapping = autoMapDeviceColumns(headers);
  const taken = new Set<number>();
  for (const header of headers) {
    if (mapping[header]) continue;
    const wanted = normal(header);
    const field = fields.find(
      (f) =>
        !taken.has(f.id) &&
        (normal(f.name) === wanted ||
          Object.values(f.labels).some((label) => label && normal(label) === wanted)),
    );
    if (!field) continue;
    mapping[header] = customTarget(field);
    taken.add(field.id);
  }
  return mapping;
}

/**
 * The body of the import call without its site: each row's mapped cells, custom field values under
 * the field's name, and the sheet's header of each field whose column is headed otherwise (the
 * server's problems name that column). A column mapped to nothing, or to a field since deleted, is
 * left out.
 */
export function importPayload(
  content: SheetContent,
  mapping: ImportMapping,
  fields: readonly CustomFieldDto[],
): {
  rows: DeviceImportRow[];
  headers: Partial<Record<DeviceImportField, string>>;
  custom_headers?: Record<string, string>;
} {
  const own: Record<string, DeviceImportField | null> = {};
  const custom: [string, CustomFieldDto][] = [];
  const byId = new Map(fields.map((field) => [field.id, field]));
  for (const [header, target] of Object.entries(mapping)) {
    if (!target) continue;
    if (!isCustomFieldColumnKey(target)) {
      own[header] = target;
      continue;
    }
    const field = byId.get(customFieldColumnId(target) ?? 0);
    if (field) custom.push([header, field]);
  }
  const rows = deviceImportRows(content, own);
  if (custom.length > 0) {
    rows.forEach((row, index) => {
      const values = content.rows[index]?.values ?? {};
      row.custom_fields = Object.fromEntries(
        custom.map(([header, field]) => [field.name, values[header] ?? '']),
      );
    });
  }
  const renamed = custom.filter(([header, field]) => header !== field.name);
  return {
    rows,
    headers: mappedHeaders(own),
    ...(renamed.length > 0
      ? { custom_headers: Object.fromEntries(renamed.map(([header, field]) => [field.name, header])) }
      : {}),
  };
}
