/** The fields of Edit Selected Devices and what a filled form sends. */
import type { DeviceField } from '@asbuilt/domain';
import type { DeviceChangeValue } from '../../api/devices.ts';

const FIELDS = [
  'floor_id',
  'location_id',
  'zone_id',
  'layer_id',
  'status',
  'supplier_id',
  'contractor_id',
  'purchase_date',
  'warranty_expiration_date',
  'note',
  'archived',
] as const satisfies readonly DeviceField[];
export type BulkField = (typeof FIELDS)[number];
type Field = BulkField;
/** Every field blank: nothing changes. */
export const BULK_EMPTY: Record<Field, string> = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<
  Field,
  string
>;

/** What is sent: the filled fields only, ids as numbers, archived as a boolean. */
export function bulkChanges(values: Record<Field, string>): Partial<Record<Field, DeviceChangeValue>> {
  const changes: Partial<Record<Field, DeviceChangeValue>> = {};
  for (const field of FIELDS) {
    const value = values[field].trim();
    if (value === '') continue;
    if (field === 'archived') changes.archived = value === 'true';
    else if (field.endsWith('_id')) changes[field] = Number(value);
    else changes[field] = value;
  }
  return changes;
}
