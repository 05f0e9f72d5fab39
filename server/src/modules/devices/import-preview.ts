/**
 * What a dry run shows of each clean row (import-rows.ts planned it): new, unchanged, or changed
 * with the value each changed cell held before, written as the export writes it (names, ISO
 * dates, yes/no) and keyed by the file's own header, so the wizard can show old → new on it.
 */
import type { DeviceImportField, DeviceImportRow, ImportRowChange } from '@asbuilt/domain';
import type { ImportBook, ImportedDevice } from './import-book.ts';
import { nameKey } from './import-book.ts';
import type { ImportPlan, PlannedUpdate } from './import-rows.ts';
import type { DeviceSet } from './rules.ts';

interface Cell {
  /** The device column whose change shows on this cell. */
  key: keyof DeviceSet;
  was: (device: ImportedDevice, book: ImportBook) => string;
  /**
   * One of several cells saying the same thing (a floor by ID, code or name; a product by ID or
   * model and brand): shown as changed only when its text differs from the old one, since the
   * row may fill the others too and only one of them decided.
   */
  oneOfMany?: boolean;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const own = (key: keyof DeviceSet & keyof ImportedDevice): Cell => ({ key, was: (d) => text(d[key]) });

type Named = { byId: Map<number, { name: string; code?: string | null }> };
/** A place or company cell: by its ID, its code or its name. */
const ref = (
  key: 'floor_id' | 'location_id' | 'zone_id' | 'layer_id' | 'supplier_id' | 'contractor_id',
  lookup: (book: ImportBook) => Named,
  how: 'id' | 'code' | 'name',
): Cell => ({
  key,
  oneOfMany: true,
  was: (device, book) => {
    const id = device[key];
    if (id === null || how === 'id') return text(id);
    const found = lookup(book).byId.get(id);
    // A company no longer usable here is still named, by its ID.
    return found ? text(how === 'code' ? found.code : found.name) : String(id);
  },
});
const places = (
  key: 'floor_id' | 'location_id' | 'zone_id',
  lookup: (book: ImportBook) => Named,
  fields: [DeviceImportField, DeviceImportField, DeviceImportField],
): [DeviceImportField, Cell][] => [
  [fields[0], ref(key, lookup, 'name')],
  [fields[1], ref(key, lookup, 'code')],
  [fields[2], ref(key, lookup, 'id')],
];

const OWN = [
  'code',
  'name',
  'sn',
  'mac',
  'ip',
  'port',
  'patch',
  'status',
  'note',
  'purchase_date',
  'warranty_expiration_date',
] as const;

const CELLS: Partial<Record<DeviceImportField, Cell>> = Object.fromEntries<Cell>([
  ...OWN.map((key): [DeviceImportField, Cell] => [key, own(key)]),
  ['archived', { key: 'archived', was: (d) => (d.archived ? 'yes' : 'no') }],
  ...places('floor_id', (b) => b.floors, ['floor', 'floor_code', 'floor_id']),
  ...places('location_id', (b) => b.locations, ['location', 'location_code', 'location_id']),
  ...places('zone_id', (b) => b.zones, ['zone', 'zone_code', 'zone_id']),
  ['layer', ref('layer_id', (b) => b.layers, 'name')],
  ['layer_id', ref('layer_id', (b) => b.layers, 'id')],
  ['supplier', ref('supplier_id', (b) => b.suppliers, 'name')],
  ['supplier_id', ref('supplier_id', (b) => b.suppliers, 'id')],
  ['contractor', ref('contractor_id', (b) => b.contractors, 'name')],
  ['contractor_id', ref('contractor_id', (b) => b.contractors, 'id')],
  ['product_id', { key: 'product_id', oneOfMany: true, was: (d) => String(d.product_id) }],
  ['model', { key: 'product_id', oneOfMany: true, was: (d) => d.productModel ?? d.productName }],
  ['brand', { key: 'product_id', oneOfMany: true, was: (d) => text(d.brandName) }],
]);

/** The old value of each cell of the row that the update changes, under the file's header. */
function wasOf(
  update: PlannedUpdate,
  values: DeviceImportRow['values'],
  book: ImportBook,
  column: (field: DeviceImportField) => string,
): Record<string, string> {
  const was: Record<string, string> = {};
  for (const [field, value] of Object.entries(values) as [DeviceImportField, string][]) {
    const cell = CELLS[field];
    if (!cell || !(cell.key in update.set)) continue;
    const old = cell.was(update.device, book);
    if (cell.oneOfMany && nameKey(old) === nameKey(value)) continue;
    was[column(field)] = old;
  }
  return was;
}

/** Each row without a problem, in sheet order, with what it would do. */
export function previewRows(
  plan: ImportPlan,
  book: ImportBook,
  rows: DeviceImportRow[],
  column: (field: DeviceImportField) => string,
): ImportRowChange[] {
  // A row may be planned and still get a problem afterwards (a code another row takes).
  const wrong = new Set(plan.problems.map((problem) => Number(problem.params?.row)));
  const valuesOf = new Map(rows.map((row) => [row.row, row.values]));
  const changes: ImportRowChange[] = [];
  for (const { row } of plan.creates) if (!wrong.has(row)) changes.push({ row, status: 'new' });
  for (const update of plan.updates) {
    if (wrong.has(update.row)) continue;
    const was = wasOf(update, valuesOf.get(update.row) ?? {}, book, column);
    changes.push({ row: update.row, status: 'changed', was });
  }
  for (const row of plan.unchanged) if (!wrong.has(row)) changes.push({ row, status: 'unchanged' });
  return changes.sort((a, b) => a.row - b.row);
}
