import type { ImportReport } from '@asbuilt/domain';

type Problem = ImportReport['problems'][number];

/** The problems of each cell, keyed `row|column` (the column in lower case, as headers match). */
export function problemsByCell(problems: Problem[]): Map<string, Problem[]> {
  const cells = new Map<string, Problem[]>();
  for (const problem of problems) {
    const row = problem.params?.row;
    const column = problem.params?.column;
    if (row === undefined || column === undefined) continue;
    const key = `${row}|${String(column).toLowerCase()}`;
    cells.set(key, [...(cells.get(key) ?? []), problem]);
  }
  return cells;
}
