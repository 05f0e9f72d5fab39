/**
 * The app's one table for long lists (products, companies, devices with 37 columns):
 * TanStack Table for sorting, search and column visibility, TanStack Virtual so only the rows on
 * screen are in the DOM (5,000+ rows stay smooth). Sticky header, sortable headers, row click
 * (mouse and keyboard). At phone width (or in the forced mobile layout) the rows become cards
 * in a list that scrolls with the page.
 *
 * Columns come from `createDataTableColumns<Row>()`; each may carry `meta` (see DataTableColumnMeta).
 * The parts live in ./DataTable/: columns, search index, selection, grid, cards, column menu.
 */
export { ColumnVisibilityMenu } from './DataTable/ColumnVisibilityMenu.tsx';
export {
  createDataTableColumns,
  type DataTableColumn,
  type DataTableColumnMeta,
  type DataTableFeatures,
  dataTableFeatures,
} from './DataTable/columns.ts';
export { DataTable } from './DataTable/DataTable.tsx';
export { buildSearchIndex } from './DataTable/searchIndex.ts';
export type { DataTableProps, DataTableSelection } from './DataTable/types.ts';
