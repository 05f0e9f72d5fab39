/** The table's features and columns: meta of a column, the column helper, a column's id and name. */
import {
  type ColumnDef,
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  type RowData,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
} from '@tanstack/react-table';

export interface DataTableColumnMeta {
  /** Name in the columns menu and on cards; defaults to the header when it is text. */
  label?: string;
  /** Base width in px (default 140). */
  width?: number;
  /** Share of the spare width the column takes (default 1; 0 keeps it at `width`). */
  grow?: number;
  align?: 'left' | 'right' | 'center';
  /**
   * On phone cards: 'title' (the heading), 'media' (a picture at the left), 'actions' (buttons
   * at the right), 'hidden', or (default) a labelled line. Empty values are left out of cards.
   */
  card?: 'title' | 'media' | 'actions' | 'hidden';
  /** false leaves the column out of the search (dates, say); default true. */
  searchable?: boolean;
}

export const dataTableFeatures = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    text: sortFn_text,
    datetime: sortFn_datetime,
    basic: sortFn_basic,
  },
  columnMeta: metaHelper<DataTableColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;

// biome-ignore lint/suspicious/noExplicitAny: each column has its own value type
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** The column helper bound to the DataTable's features: `const col = createDataTableColumns<Product>()`. */
export function createDataTableColumns<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}

export const DEFAULT_WIDTH = 140;

export function columnIdOf<T extends RowData>(column: DataTableColumn<T>): string {
  const def = column as { id?: string; accessorKey?: string };
  return def.id ?? def.accessorKey ?? '';
}

/** The column's name in the columns menu and on cards. */
export function columnLabelOf<T extends RowData>(column: DataTableColumn<T>): string {
  const header = (column as { header?: unknown }).header;
  return column.meta?.label ?? (typeof header === 'string' ? header : columnIdOf(column));
}
