/** The table itself: search, sorting and column visibility over the rows, then grid or cards. */
import { Box, Paper, Skeleton, Typography } from '@mui/material';
import { type ColumnVisibilityState, type RowData, type SortingState, useTable } from '@tanstack/react-table';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComponentsHost } from '../ComponentsHost.tsx';
import { CardList } from './CardList.tsx';
import { type DataTableColumn, dataTableFeatures } from './columns.ts';
import { GridTable } from './GridTable.tsx';
import { buildSearchIndex } from './searchIndex.ts';
import { SelectionContext, selectColumn, useSelectionState } from './selection.tsx';
import type { DataTableProps } from './types.ts';

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
  const { t } = useTranslation('components');
  const { mobile } = useComponentsHost();
  const [sorting, setSorting] = useState<SortingState>(initialSorting ?? []);
  const [visibility, setVisibility] = useState<ColumnVisibilityState>({});
  const selection = mobile ? undefined : props.selection;
  const selectable = Boolean(selection);
  const tableColumns = useMemo(
    () => (selectable ? [selectColumn as DataTableColumn<T>, ...columns] : columns),
    [selectable, columns],
  );

  const query = useDeferredValue(search.trim().toLowerCase());
  // Built on the first search, not before: a table searched by its page (the devices page) never needs it.
  const searching = query !== '';
  const searchIndex = useMemo(
    () => (searching ? buildSearchIndex(data, columns) : null),
    [searching, data, columns],
  );
  const shown = useMemo(
    () => (searchIndex ? data.filter((_, index) => searchIndex[index]!.includes(query)) : data),
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

  const selectionState = useSelectionState(selection, rows);

  if (props.loading) {
    return (
      <Box sx={{ display: 'grid', gap: 1 }} role="status" aria-label={t('loading')}>
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} variant="rounded" height={mobile ? 88 : 44} />
        ))}
      </Box>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', borderStyle: 'dashed' }}>
        <Typography color="text.secondary">{props.emptyMessage ?? t('data_table.empty')}</Typography>
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
