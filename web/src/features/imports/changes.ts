import type { ImportRowChange, ImportRowStatus } from '@asbuilt/domain';

export interface RowOutcome {
  status: ImportRowStatus;
  /** Each changed cell's old value, keyed by its column in lower case (as headers match). */
  was: Map<string, string>;
}

/** What each row of a dry run would do, by row number. */
export function changesByRow(changes: ImportRowChange[]): Map<number, RowOutcome> {
  const rows = new Map<number, RowOutcome>();
  for (const { row, status, was } of changes) {
    rows.set(row, {
      status,
      was: new Map(Object.entries(was ?? {}).map(([column, value]) => [column.toLowerCase(), value])),
    });
  }
  return rows;
}
