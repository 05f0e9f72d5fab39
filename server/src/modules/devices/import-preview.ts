/**
 * How each cell of a device row reads its old value for the dry run's old → new (the shared
 * preview, platform/spreadsheet/preview.ts, does the rest): places, companies and the product by
 * ID, code or name, as the export writes them.
 */
import type { DeviceImportField, DeviceImportRow, ImportRowChange } from '@asbuilt/domain';
import {
  changedCells,
  ownCell,
  type PreviewCell,
  type PreviewCells,
  previewRows as preview,
  previewText as text,
  yesNoCell,
} from '../../platform/spreadsheet/preview.ts';
import type { ImportBook, ImportedDevice } from './import-book.ts';
import type { ImportPlan, PlannedUpdate } from './import-rows.ts';

type Cell = PreviewCell<ImportedDevice>;

type Named = { byId: Map<number, { name: string; code?: string | null }> };
/** A place or company cell: by its ID, its code or its name. */
const ref = (
  key: 'floor_id' | 'location_id' | 'zone_id' | 'layer_id' | 'supplier_id' | 'contractor_id',
  lookup: Named,
  how: 'id' | 'code' | 'name',
): Cell => ({
  key,
  oneOfMany: true,
  was: (device) => {
    const id = device[key];
    if (id === null || how === 'id') return text(id);
    const found = lookup.byId.get(id);
    // A company no longer usable here is still named, by its ID.
    return found ? text(how === 'code' ? found.code : found.name) : String(id);
  },
});
const places = (
  key: 'floor_id' | 'location_id' | 'zone_id',
  lookup: Named,
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

function cellsOf(book: ImportBook): PreviewCells<DeviceImportField, ImportedDevice> {
  return Object.fromEntries<Cell>([
    ...OWN.map((key): [DeviceImportField, Cell] => [key, ownCell(key)]),
    ['archived', yesNoCell('archived')],
    ...places('floor_id', book.floors, ['floor', 'floor_code', 'floor_id']),
    ...places('location_id', book.locations, ['location', 'location_code', 'location_id']),
    ...places('zone_id', book.zones, ['zone', 'zone_code', 'zone_id']),
    ['layer', ref('layer_id', book.layers, 'name')],
    ['layer_id', ref('layer_id', book.layers, 'id')],
    ['supplier', ref('supplier_id', book.suppliers, 'name')],
    ['supplier_id', ref('supplier_id', book.suppliers, 'id')],
    ['contractor', ref('contractor_id', book.contractors, 'name')],
    ['contractor_id', ref('contractor_id', book.contractors, 'id')],
    ['product_id', { key: 'product_id', oneOfMany: true, was: (d) => String(d.product_id) }],
    ['model', { key: 'product_id', oneOfMany: true, was: (d) => d.productModel ?? d.productName }],
    ['brand', { key: 'product_id', oneOfMany: true, was: (d) => text(d.brandName) }],
  ]);
}

/** Each row without a problem, in sheet order, with what it would do. */
export function previewRows(
  plan: ImportPlan,
  book: ImportBook,
  rows: DeviceImportRow[],
  column: (field: DeviceImportField) => string,
): ImportRowChange[] {
  const cells = cellsOf(book);
  const valuesOf = new Map(rows.map((row) => [row.row, row.values]));
  return preview(
    {
      created: plan.creates.map((create) => create.row),
      updated: plan.updates,
      unchanged: plan.unchanged,
      problems: plan.problems,
    },
    (update: PlannedUpdate) =>
      changedCells(cells, update.device, update.set, valuesOf.get(update.row) ?? {}, column),
  );
}
