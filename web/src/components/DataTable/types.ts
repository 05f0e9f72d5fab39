/** The table's props, and what its bodies (desktop grid, phone cards) receive. */
import type { ColumnVisibilityState, ReactTable, Row, RowData, SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { DataTableColumn, DataTableFeatures } from './columns.ts';

export interface DataTableProps<T extends RowData> {
  data: T[];
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string;
  /** Accessible name of the table, e.g. "Products". */
  label: string;
  /** Case-insensitive search over the text of every searchable column. */
  search?: string;
  onRowClick?: (row: T) => void;
  initialSorting?: SortingState;
  /** Controlled column visibility: `{ columnId: false }` hides a column (see ColumnVisibilityMenu). */
  columnVisibility?: ColumnVisibilityState;
  onColumnVisibilityChange?: (next: ColumnVisibilityState) => void;
  /**
   * Largest height of the desktop table's scroll area (default: the window below the page
   * header); a short list takes only the room it needs.
   */
  maxHeight?: number | string;
  /** Row height in px (rows have a fixed height; long text is cut with an ellipsis). */
  rowHeight?: number;
  loading?: boolean;
  emptyMessage?: ReactNode;
  /** Reports how many rows pass the search, e.g. for "12 of 40" in a page header. */
  onFilteredCountChange?: (count: number) => void;
  /**
   * Row selection with a checkbox column (desktop table only): the selected row ids, the change
   * handler, and the name of a row for its checkbox ("Select {name}").
   */
  selection?: DataTableSelection<T>;
  /**
   * Widths (px) the user gave columns by dragging their header's right edge (desktop table);
   * a column given a width keeps it instead of growing. Without `onColumnWidthsChange`, no grips.
   */
  columnWidths?: Record<string, number>;
  onColumnWidthsChange?: (next: Record<string, number>) => void;
}

export interface DataTableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  rowLabel: (row: T) => string;
}

export type TableInstance<T extends RowData> = ReactTable<DataTableFeatures, T>;

export interface BodyProps<T extends RowData> extends DataTableProps<T> {
  rows: Row<DataTableFeatures, T>[];
  table: TableInstance<T>;
}
