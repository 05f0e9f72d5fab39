/** The desktop table: sticky sortable header, rows virtualised in their own scroll area. */
import { Box, Paper, TableSortLabel } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { RowData, SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useContext, useEffect, useRef } from 'react';
import { cellContentSx, cellSx } from './cellStyles.ts';
import { DEFAULT_WIDTH } from './columns.ts';
import { activateOnKey, isFromControl } from './rowEvents.ts';
import { SelectionContext } from './selection.tsx';
import type { BodyProps } from './types.ts';

export function GridTable<T extends RowData>({
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
