/** The desktop table: sticky sortable header, rows virtualised in their own scroll area. */
import { Box, Paper, TableSortLabel } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { RowData, SortingState } from '@tanstack/react-table';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ColumnResizer } from './ColumnResizer.tsx';
import { cellStyle, cellSx } from './cellStyles.ts';
import { columnLabelOf, type DataTableColumnMeta, DEFAULT_WIDTH } from './columns.ts';
import { activateOnKey, isFromControl } from './rowEvents.ts';
import { SELECT_COLUMN_ID, SelectionContext } from './selection.tsx';
import type { BodyProps } from './types.ts';
import { useFixedRows } from './useFixedRows.ts';
import './gridTable.css';

export function GridTable<T extends RowData>({
  rows,
  table,
  label,
  onRowClick,
  maxHeight,
  rowHeight = 52,
  sorting,
  columnWidths,
  onColumnWidthsChange,
}: BodyProps<T> & { sorting: SortingState }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const shown = useFixedRows(scrollRef, rows.length, rowHeight);
  const selectionState = useContext(SelectionContext);
  const leafColumns = table.getVisibleLeafColumns();
  // The width being dragged, drawn at once; handed to onColumnWidthsChange on release.
  const [dragged, setDragged] = useState<{ id: string; width: number } | null>(null);
  const metas = useMemo(() => {
    const widths = dragged ? { ...columnWidths, [dragged.id]: dragged.width } : columnWidths;
    return new Map(
      leafColumns.map((column) => [column.id, sizedMeta(column.columnDef.meta, widths?.[column.id])]),
    );
  }, [leafColumns, columnWidths, dragged]);
  const minWidth = leafColumns.reduce((sum, c) => sum + (metas.get(c.id)?.width ?? DEFAULT_WIDTH), 0);
  const sortKey = sorting.map((s) => `${s.id}:${s.desc}`).join();
  // One style object per column, so that React finds the cells' styles unchanged between renders.
  const cellStyles = useMemo(
    () => new Map(leafColumns.map((column) => [column.id, cellStyle(metas.get(column.id))])),
    [leafColumns, metas],
  );

  // A new sort order starts at the top. Not on mounting, where the rows are at the top already:
  // scrolling there made the browser lay the new page out again before its first paint.
  const sortedBy = useRef(sortKey);
  useEffect(() => {
    if (sortedBy.current === sortKey) return;
    sortedBy.current = sortKey;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [sortKey]);

  return (
    <Paper
      ref={scrollRef}
      variant="outlined"
      sx={(theme) => ({
        maxHeight: maxHeight ?? 'calc(100dvh - 250px)',
        minHeight: 200,
        overflow: 'auto',
        position: 'relative',
        overscrollBehavior: 'contain',
        // For gridTable.css: the rows, and the checkboxes of the rows and the header.
        '--grid-divider': theme.palette.divider,
        '--grid-hover': alpha(theme.palette.primary.main, 0.04),
        '--grid-selected': alpha(theme.palette.primary.main, 0.08),
        '--grid-selected-hover': alpha(theme.palette.primary.main, 0.12),
        '--grid-focus': theme.palette.primary.main,
        '--grid-check-off': theme.palette.text.secondary,
        '--grid-cell-padding': theme.spacing(1.5),
        '--grid-radius': `${theme.shape.borderRadius}px`,
        '--grid-editor-shadow': theme.shadows[3],
      })}
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
                const meta = metas.get(header.column.id);
                const resizable = onColumnWidthsChange && header.column.id !== SELECT_COLUMN_ID;
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                return (
                  <Box
                    role="columnheader"
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    // Named as its text alone: the grip's own label would otherwise join the name.
                    aria-label={resizable ? columnLabelOf(header.column.columnDef) : undefined}
                    sx={{
                      ...cellSx(meta),
                      position: 'relative',
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
                    {resizable ? (
                      <ColumnResizer
                        name={columnLabelOf(header.column.columnDef)}
                        width={meta?.width ?? DEFAULT_WIDTH}
                        onDrag={(width) => setDragged({ id: header.column.id, width })}
                        onDone={(width) => {
                          setDragged(null);
                          onColumnWidthsChange({ ...columnWidths, [header.column.id]: width });
                        }}
                      />
                    ) : null}
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
        <Box
          role="rowgroup"
          style={{ height: shown.totalHeight }}
          sx={{ display: 'grid', position: 'relative' }}
        >
          {rows.slice(shown.first, shown.last).map((row, offset) => {
            const index = shown.first + offset;
            const open = onRowClick ? () => onRowClick(row.original) : undefined;
            const selected = selectionState?.selected.has(row.id) ?? false;
            return (
              // biome-ignore lint/a11y/useSemanticElements: rows placed absolutely by the virtualiser can't be <tr>s; the table is an ARIA grid of divs, as its header
              <div
                role="row"
                key={row.id}
                className="grid-table__row"
                data-clickable={open ? '' : undefined}
                style={{ height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
                aria-rowindex={index + 2}
                aria-selected={selectionState ? selected : undefined}
                tabIndex={open ? 0 : undefined}
                onClick={open ? (event) => isFromControl(event) || open() : undefined}
                onKeyDown={open ? (event) => activateOnKey(event, open) : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  // biome-ignore lint/a11y/useSemanticElements: see the row
                  <div
                    role="cell"
                    key={cell.id}
                    className="grid-table__cell"
                    style={cellStyles.get(cell.column.id)}
                  >
                    <div className="grid-table__content">
                      <table.FlexRender cell={cell} />
                    </div>
                  </div>
                ))}
              </div>
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
}

/** A column's meta with the width a user gave it: that width, without growing. */
function sizedMeta(meta: DataTableColumnMeta | undefined, width: number | undefined) {
  return width === undefined ? meta : { ...meta, width, grow: 0 };
}
