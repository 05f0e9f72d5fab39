/**
 * The app's one table for long lists (products, companies, later devices with 37 columns):
 * TanStack Table for sorting, search and column visibility, TanStack Virtual so only the rows on
 * screen are in the DOM (5,000+ rows stay smooth). Sticky header, sortable headers, row click
 * (mouse and keyboard). At phone width (or in the forced mobile layout) the rows become cards
 * in a list that scrolls with the page.
 *
 * Columns come from `createDataTableColumns<Row>()`; each may carry `meta` (see DataTableColumnMeta).
 */
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import {
  Box,
  Button,
  Checkbox,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Skeleton,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  type ReactTable,
  type Row,
  type RowData,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useContext,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLayoutPrefs } from '../app/LayoutPrefs.tsx';

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

const DEFAULT_WIDTH = 140;

function columnIdOf<T extends RowData>(column: DataTableColumn<T>): string {
  const def = column as { id?: string; accessorKey?: string };
  return def.id ?? def.accessorKey ?? '';
}

type Accessor<T> = (row: T, index: number) => unknown;

function searchAccessorOf<T extends RowData>(column: DataTableColumn<T>): Accessor<T> | undefined {
  if (column.meta?.searchable === false) return undefined;
  const def = column as { accessorFn?: Accessor<T>; accessorKey?: string };
  if (def.accessorFn) return def.accessorFn;
  const key = def.accessorKey;
  return key ? (row) => (row as Record<string, unknown>)[key] : undefined;
}

/**
 * The lowercase text of every searchable column of each row, built once per data or columns
 * change: a keystroke is then one `includes` per row instead of a value lookup per cell.
 */
export function buildSearchIndex<T extends RowData>(
  data: readonly T[],
  columns: DataTableColumn<T>[],
): string[] {
  const accessors = columns.map(searchAccessorOf).filter((read): read is Accessor<T> => read !== undefined);
  return data.map((row, index) => {
    let text = '';
    for (const read of accessors) {
      const value = read(row, index);
      if (typeof value === 'string' || typeof value === 'number') text += `${value}\u0001`;
    }
    return text.toLowerCase();
  });
}

function columnLabelOf<T extends RowData>(column: DataTableColumn<T>): string {
  const header = (column as { header?: unknown }).header;
  return column.meta?.label ?? (typeof header === 'string' ? header : columnIdOf(column));
}

function cellSx(meta: DataTableColumnMeta | undefined): SxProps<Theme> {
  const width = meta?.width ?? DEFAULT_WIDTH;
  return {
    flex: `${meta?.grow ?? 1} 0 ${width}px`,
    minWidth: width,
    display: 'flex',
    alignItems: 'center',
    justifyContent: meta?.align === 'right' ? 'flex-end' : meta?.align === 'center' ? 'center' : 'flex-start',
    px: 1.5,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    // An inline editor (InlineEdit) may be wider than its cell: it floats over the next cells.
    '&:has([data-inline-editing])': { overflow: 'visible', zIndex: 1 },
    '& [data-inline-editing]': { minWidth: 260, boxShadow: 3, borderRadius: 1, p: 0.5, ml: -0.5 },
  };
}

/** The content box of a cell: long text ends with an ellipsis. */
const cellContentSx = {
  minWidth: 0,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '&:has([data-inline-editing])': { overflow: 'visible' },
} as const;

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
}

export interface DataTableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  rowLabel: (row: T) => string;
}

interface SelectionState {
  selected: ReadonlySet<string>;
  /** How many of the shown rows are selected. */
  shownSelected: number;
  shownCount: number;
  toggle: (id: string) => void;
  toggleAll: () => void;
  // biome-ignore lint/suspicious/noExplicitAny: rows of any table
  rowLabel: (row: any) => string;
}

const SelectionContext = createContext<SelectionState | null>(null);

function SelectAllCheckbox() {
  const state = useContext(SelectionContext);
  if (!state) return null;
  const all = state.shownCount > 0 && state.shownSelected === state.shownCount;
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={state.shownSelected > 0 && !all}
      onChange={state.toggleAll}
      slotProps={{ input: { 'aria-label': 'Select all rows' } }}
    />
  );
}

// biome-ignore lint/suspicious/noExplicitAny: rows of any table
function RowCheckbox({ id, original }: { id: string; original: any }) {
  const state = useContext(SelectionContext);
  if (!state) return null;
  return (
    <Box data-no-row-click sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
      <Checkbox
        size="small"
        checked={state.selected.has(id)}
        onChange={() => state.toggle(id)}
        slotProps={{ input: { 'aria-label': `Select ${state.rowLabel(original)}` } }}
      />
    </Box>
  );
}

const SELECT_COLUMN_ID = '__select';

// biome-ignore lint/suspicious/noExplicitAny: shared by every table
const selectColumn: DataTableColumn<any> = {
  id: SELECT_COLUMN_ID,
  header: () => <SelectAllCheckbox />,
  cell: ({ row }) => <RowCheckbox id={row.id} original={row.original} />,
  enableSorting: false,
  enableHiding: false,
  meta: { width: 52, grow: 0, card: 'hidden', align: 'center' },
};

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    data,
    columns,
    getRowId,
    search = '',
    initialSorting,
    columnVisibility,
    onColumnVisibilityChange,
    onFilteredCountChange,
  } = props;
  const { mobile } = useLayoutPrefs();
  const [sorting, setSorting] = useState<SortingState>(initialSorting ?? []);
  const [visibility, setVisibility] = useState<ColumnVisibilityState>({});
  const selection = mobile ? undefined : props.selection;
  const selectable = Boolean(selection);
  const tableColumns = useMemo(
    () => (selectable ? [selectColumn as DataTableColumn<T>, ...columns] : columns),
    [selectable, columns],
  );

  const query = useDeferredValue(search.trim().toLowerCase());
  const searchIndex = useMemo(() => buildSearchIndex(data, columns), [data, columns]);
  const shown = useMemo(
    () => (query ? data.filter((_, index) => searchIndex[index]!.includes(query)) : data),
    [data, searchIndex, query],
  );

  const table = useTable({
    features: dataTableFeatures,
    columns: tableColumns,
    data: shown,
    getRowId: (row) => getRowId(row),
    state: { sorting, columnVisibility: columnVisibility ?? visibility },
    onSortingChange: setSorting,
    onColumnVisibilityChange: (updater) => {
      const current = columnVisibility ?? visibility;
      const next = typeof updater === 'function' ? updater(current) : updater;
      if (onColumnVisibilityChange) onColumnVisibilityChange(next);
      else setVisibility(next);
    },
    defaultColumn: { sortUndefined: 'last' },
    enableSortingRemoval: false,
  });
  const rows = table.getRowModel().rows;

  useEffect(() => {
    onFilteredCountChange?.(rows.length);
  }, [rows.length, onFilteredCountChange]);

  const selectionState = useMemo<SelectionState | null>(() => {
    if (!selection) return null;
    const { selected, onChange, rowLabel } = selection;
    let shownSelected = 0;
    if (selected.size > 0) for (const row of rows) if (selected.has(row.id)) shownSelected++;
    return {
      selected,
      shownSelected,
      shownCount: rows.length,
      rowLabel,
      toggle: (id) => {
        const next = new Set(selected);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        onChange(next);
      },
      toggleAll: () => {
        if (rows.length > 0 && shownSelected === rows.length) {
          const next = new Set(selected);
          for (const row of rows) next.delete(row.id);
          onChange(next);
        } else {
          onChange(new Set([...selected, ...rows.map((row) => row.id)]));
        }
      },
    };
  }, [selection, rows]);

  if (props.loading) {
    return (
      <Box sx={{ display: 'grid', gap: 1 }} role="status" aria-label="Loading">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} variant="rounded" height={mobile ? 88 : 44} />
        ))}
      </Box>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', borderStyle: 'dashed' }}>
        <Typography color="text.secondary">{props.emptyMessage ?? 'Nothing to show.'}</Typography>
      </Paper>
    );
  }
  return mobile ? (
    <CardList {...props} rows={rows} table={table} />
  ) : (
    <SelectionContext.Provider value={selectionState}>
      <GridTable {...props} rows={rows} table={table} sorting={sorting} />
    </SelectionContext.Provider>
  );
}

type TableInstance<T extends RowData> = ReactTable<DataTableFeatures, T>;

interface BodyProps<T extends RowData> extends DataTableProps<T> {
  rows: Row<DataTableFeatures, T>[];
  table: TableInstance<T>;
}

function activateOnKey(event: KeyboardEvent<HTMLElement>, action: () => void) {
  // Only the row itself: Enter inside an inline editor must not open the row.
  if (event.target !== event.currentTarget) return;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    action();
  }
}

/** A click on a control inside a row (button, input, link) is not a row click. */
function isFromControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  const control = target.closest('button, a, input, textarea, select, [role="button"], [data-no-row-click]');
  return Boolean(control && control !== event.currentTarget && event.currentTarget.contains(control));
}

function GridTable<T extends RowData>({
  rows,
  table,
  label,
  onRowClick,
  maxHeight,
  rowHeight = 52,
  sorting,
}: BodyProps<T> & { sorting: SortingState }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 12,
  });
  const selectionState = useContext(SelectionContext);
  const leafColumns = table.getVisibleLeafColumns();
  const minWidth = leafColumns.reduce((sum, c) => sum + (c.columnDef.meta?.width ?? DEFAULT_WIDTH), 0);
  const sortKey = sorting.map((s) => `${s.id}:${s.desc}`).join();

  // A new sort order starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the sort order changes
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [sortKey]);

  return (
    <Paper
      ref={scrollRef}
      variant="outlined"
      sx={{
        maxHeight: maxHeight ?? 'calc(100dvh - 250px)',
        minHeight: 200,
        overflow: 'auto',
        position: 'relative',
        overscrollBehavior: 'contain',
      }}
    >
      <Box
        role="table"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        sx={{ display: 'grid', minWidth, width: '100%' }}
      >
        <Box
          role="rowgroup"
          sx={{
            display: 'grid',
            position: 'sticky',
            top: 0,
            zIndex: 2,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {table.getHeaderGroups().map((group) => (
            <Box role="row" aria-rowindex={1} key={group.id} sx={{ display: 'flex', width: '100%' }}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                return (
                  <Box
                    role="columnheader"
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    sx={{
                      ...cellSx(meta),
                      height: 44,
                      fontSize: '0.8125rem',
                      fontWeight: 700,
                      color: 'text.secondary',
                    }}
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <TableSortLabel
                        active={Boolean(sorted)}
                        direction={sorted || 'asc'}
                        onClick={header.column.getToggleSortingHandler()}
                        sx={{ maxWidth: '100%', overflow: 'hidden' }}
                      >
                        <table.FlexRender header={header} />
                      </TableSortLabel>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
        <Box
          role="rowgroup"
          sx={{ display: 'grid', position: 'relative', height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const open = onRowClick ? () => onRowClick(row.original) : undefined;
            const selected = selectionState?.selected.has(row.id) ?? false;
            return (
              <Box
                role="row"
                key={row.id}
                aria-rowindex={item.index + 2}
                aria-selected={selectionState ? selected : undefined}
                tabIndex={open ? 0 : undefined}
                onClick={open ? (event) => isFromControl(event) || open() : undefined}
                onKeyDown={open ? (event) => activateOnKey(event, open) : undefined}
                sx={(theme) => ({
                  display: 'flex',
                  position: 'absolute',
                  width: '100%',
                  height: rowHeight,
                  transform: `translateY(${item.start}px)`,
                  borderBottom: 1,
                  borderColor: 'divider',
                  fontSize: '0.875rem',
                  cursor: open ? 'pointer' : 'default',
                  bgcolor: selected ? alpha(theme.palette.primary.main, 0.08) : undefined,
                  '&:hover': { bgcolor: alpha(theme.palette.primary.main, selected ? 0.12 : 0.04) },
                  '&:focus-visible': {
                    outline: `2px solid ${theme.palette.primary.main}`,
                    outlineOffset: -2,
                  },
                })}
              >
                {row.getVisibleCells().map((cell) => (
                  <Box role="cell" key={cell.id} sx={cellSx(cell.column.columnDef.meta)}>
                    <Box sx={cellContentSx}>
                      <table.FlexRender cell={cell} />
                    </Box>
                  </Box>
                ))}
              </Box>
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
}

/** Phone layout: one card per row, virtualised against the page's own scroll. */
function CardList<T extends RowData>({ rows, table, label, onRowClick }: BodyProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 96,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 6,
    scrollMargin,
  });

  return (
    <Box
      ref={listRef}
      role="list"
      aria-label={label}
      sx={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        const open = onRowClick ? () => onRowClick(row.original) : undefined;
        const cells = row.getVisibleCells();
        const part = (kind: DataTableColumnMeta['card']) =>
          cells.filter((cell) => cell.column.columnDef.meta?.card === kind);
        const lines = cells.filter((cell) => {
          if (cell.column.columnDef.meta?.card) return false;
          if (!cell.column.accessorFn) return true;
          const value = cell.getValue();
          return value !== null && value !== undefined && value !== '';
        });
        return (
          <Box
            key={row.id}
            data-index={item.index}
            ref={virtualizer.measureElement}
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              pb: 1,
            }}
          >
            <Paper
              variant="outlined"
              role="listitem"
              tabIndex={open ? 0 : undefined}
              onClick={open ? (event) => isFromControl(event) || open() : undefined}
              onKeyDown={open ? (event) => activateOnKey(event, open) : undefined}
              sx={(theme) => ({
                display: 'flex',
                gap: 1.5,
                p: 1.5,
                cursor: open ? 'pointer' : 'default',
                '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
              })}
            >
              {part('media').map((cell) => (
                <Box key={cell.id} sx={{ flex: '0 0 auto' }}>
                  <table.FlexRender cell={cell} />
                </Box>
              ))}
              <Box sx={{ minWidth: 0, flex: 1 }}>
                {part('title').map((cell) => (
                  <Typography
                    key={cell.id}
                    component="div"
                    sx={{
                      fontWeight: 700,
                      overflowWrap: 'anywhere',
                      lineHeight: 1.3,
                      mb: 0.5,
                      // A title wraps on a card instead of ending with an ellipsis.
                      '& .MuiTypography-noWrap': { whiteSpace: 'normal' },
                    }}
                  >
                    <table.FlexRender cell={cell} />
                  </Typography>
                ))}
                <Box
                  component="dl"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'auto minmax(0, 1fr)',
                    columnGap: 1.5,
                    rowGap: 0.25,
                    m: 0,
                    fontSize: '0.8125rem',
                  }}
                >
                  {lines.map((cell) => (
                    <Box key={cell.id} sx={{ display: 'contents' }}>
                      <Box component="dt" sx={{ color: 'text.secondary' }}>
                        {columnLabelOf(cell.column.columnDef)}
                      </Box>
                      <Box
                        component="dd"
                        sx={{ m: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
                      >
                        <table.FlexRender cell={cell} />
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Box>
              {part('actions').map((cell) => (
                <Box key={cell.id} sx={{ flex: '0 0 auto', alignSelf: 'flex-start' }}>
                  <table.FlexRender cell={cell} />
                </Box>
              ))}
            </Paper>
          </Box>
        );
      })}
    </Box>
  );
}

/** A "Columns" button whose menu shows or hides the columns that allow hiding. */
export function ColumnVisibilityMenu<T extends RowData>({
  columns,
  value,
  onChange,
}: {
  columns: DataTableColumn<T>[];
  value: ColumnVisibilityState;
  onChange: (next: ColumnVisibilityState) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hideable = columns.filter((column) => column.enableHiding !== false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewColumnIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        Columns
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {hideable.map((column) => {
          const id = columnIdOf(column);
          const visible = value[id] !== false;
          return (
            <MenuItem
              key={id}
              role="menuitemcheckbox"
              aria-checked={visible}
              onClick={() => onChange({ ...value, [id]: !visible })}
              dense
            >
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={visible} tabIndex={-1} disableRipple />
              </ListItemIcon>
              <ListItemText>{columnLabelOf(column)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
