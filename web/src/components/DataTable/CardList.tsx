/** The phone layout of the table: one card per row. */
import { Box, Paper, Typography } from '@mui/material';
import type { RowData } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { columnLabelOf, type DataTableColumnMeta } from './columns.ts';
import { activateOnKey, isFromControl } from './rowEvents.ts';
import type { BodyProps } from './types.ts';

/** Phone layout: one card per row, virtualised against the page's own scroll. */
export function CardList<T extends RowData>({ rows, table, label, onRowClick }: BodyProps<T>) {
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
