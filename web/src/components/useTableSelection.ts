/**
 * The rows ticked in a list page's DataTable, for those who may act on them (otherwise no
 * checkboxes). A new search or filter starts a new selection, so what is selected is always on
 * screen; an empty one is kept as it is, so a keystroke renders the page once, not twice.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DataTableSelection } from './DataTable.tsx';

export function useTableSelection<T>(
  enabled: boolean,
  /** Stable (module level): what a row's checkbox is named. */
  rowLabel: (row: T) => string,
  search: string,
  filters: unknown,
) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the shown set is redefined
  useEffect(() => setSelected((current) => (current.size === 0 ? current : new Set())), [search, filters]);
  const selection = useMemo<DataTableSelection<T> | undefined>(
    () => (enabled ? { selected, onChange: setSelected, rowLabel } : undefined),
    [enabled, selected, rowLabel],
  );
  const selectedIds = useMemo(() => [...selected].map(Number), [selected]);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selection, selectedIds, clear };
}
