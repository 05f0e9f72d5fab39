/** Row selection: the checkbox column of the desktop grid and the state behind it. */
import type { Row, RowData } from '@tanstack/react-table';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn, DataTableFeatures } from './columns.ts';
import { GridCheckbox } from './GridCheckbox.tsx';
import type { DataTableSelection } from './types.ts';

export interface SelectionState {
  selected: ReadonlySet<string>;
  /** How many of the shown rows are selected. */
  shownSelected: number;
  shownCount: number;
  toggle: (id: string) => void;
  toggleAll: () => void;
  // biome-ignore lint/suspicious/noExplicitAny: rows of any table
  rowLabel: (row: any) => string;
}

export const SelectionContext = createContext<SelectionState | null>(null);

function SelectAllCheckbox() {
  const { t } = useTranslation('components');
  const state = useContext(SelectionContext);
  if (!state) return null;
  const all = state.shownCount > 0 && state.shownSelected === state.shownCount;
  return (
    <GridCheckbox
      checked={all}
      indeterminate={state.shownSelected > 0 && !all}
      onChange={state.toggleAll}
      label={t('data_table.select_all')}
    />
  );
}

// biome-ignore lint/suspicious/noExplicitAny: rows of any table
function RowCheckbox({ id, original }: { id: string; original: any }) {
  const { t } = useTranslation('components');
  const state = useContext(SelectionContext);
  if (!state) return null;
  return (
    <span data-no-row-click className="grid-table__select">
      <GridCheckbox
        checked={state.selected.has(id)}
        onChange={() => state.toggle(id)}
        label={t('data_table.select_row', { name: state.rowLabel(original) })}
      />
    </span>
  );
}

export const SELECT_COLUMN_ID = '__select';

// biome-ignore lint/suspicious/noExplicitAny: shared by every table
export const selectColumn: DataTableColumn<any> = {
  id: SELECT_COLUMN_ID,
  header: () => <SelectAllCheckbox />,
  cell: ({ row }) => <RowCheckbox id={row.id} original={row.original} />,
  enableSorting: false,
  enableHiding: false,
  meta: { width: 52, grow: 0, card: 'hidden', align: 'center' },
};

/** The selection as the checkboxes see it, over the rows shown (after the search). */
export function useSelectionState<T extends RowData>(
  selection: DataTableSelection<T> | undefined,
  rows: Row<DataTableFeatures, T>[],
): SelectionState | null {
  return useMemo<SelectionState | null>(() => {
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
}
