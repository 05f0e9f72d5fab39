import type { ImportReport, ImportRowChange, ImportRowStatus } from '@asbuilt/domain';

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

/**
 * The report with each column its problems and old values name renamed (a server that names
 * columns by their standard header, a file that has its own), so they land on the file's cells.
 */
export function renameColumns(report: ImportReport, rename: (column: string) => string): ImportReport {
  return {
    ...report,
    problems: report.problems.map((problem) =>
      typeof problem.params?.column === 'string'
        ? { ...problem, params: { ...problem.params, column: rename(problem.params.column) } }
        : problem,
    ),
    changes: report.changes?.map((change) =>
      change.was
        ? {
            ...change,
            was: Object.fromEntries(
              Object.entries(change.was).map(([column, value]) => [rename(column), value]),
            ),
          }
        : change,
    ),
  };
}
