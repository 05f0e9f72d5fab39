/**
 * What a dry run shows of each clean row, whichever import planned it (devices, products,
 * companies, connections): new, unchanged, or changed with the value each changed cell held
 * before, written as the export writes it (names, ISO dates, yes/no) and keyed by the file's own
 * header, so the wizard can show old → new on it.
 */
import type { ImportRowChange, Message } from '@asbuilt/domain';

/** How one cell of the file reads its old value, and which stored column decides it changed. */
export interface PreviewCell<B> {
  /** The stored column whose change shows on this cell. */
  key: string;
  was: (before: B) => string;
  /**
   * One of several cells saying the same thing (a floor by ID, code or name; a brand by ID or
   * name): shown as changed only when its text differs from the old one, since the row may fill
   * the others too and only one of them decided.
   */
  oneOfMany?: boolean;
}

export type PreviewCells<F extends string, B> = Partial<Record<F, PreviewCell<B>>>;

/** A stored value as the export writes it: empty for none. */
export const previewText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A stored column read as it is. */
export const ownCell = <B>(key: keyof B & string): PreviewCell<B> => ({
  key,
  was: (before) => previewText(before[key]),
});

/** A yes/no column, as the exports write it. */
export const yesNoCell = <B>(key: keyof B & string): PreviewCell<B> => ({
  key,
  was: (before) => (before[key] ? 'yes' : 'no'),
});

// Names and codes compare without case and outer or repeated spaces, as the imports match them.
const folded = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const sameText = (a: string, b: string) => a === b || folded(a) === folded(b);

/**
 * The old value of each cell of a row whose stored columns `changed` names (a set of values or
 * a change log keyed by column), under the file's header of that cell.
 */
export function changedCells<F extends string, B>(
  cells: PreviewCells<F, B>,
  before: B,
  changed: object,
  values: Partial<Record<F, string | null | undefined>>,
  column: (field: F) => string,
): Record<string, string> {
  const was: Record<string, string> = {};
  for (const [field, value] of Object.entries(values) as [F, string | null | undefined][]) {
    const cell = cells[field];
    if (!cell || value === undefined || !(cell.key in changed)) continue;
    const old = cell.was(before);
    if (cell.oneOfMany && sameText(old, value ?? '')) continue;
    was[column(field)] = old;
  }
  return was;
}

/** An import's clean outcome by row, before the problems found after planning are taken out. */
export interface PreviewPlan<U extends { row: number }> {
  created: readonly number[];
  updated: readonly U[];
  unchanged: readonly number[];
  problems: readonly Message[];
}

/** Each row without a problem, in sheet order, with what it would do. */
export function previewRows<U extends { row: number }>(
  plan: PreviewPlan<U>,
  wasOf: (update: U) => Record<string, string>,
): ImportRowChange[] {
  // A row may be planned and still get a problem afterwards (a code another row takes).
  const wrong = new Set(plan.problems.map((problem) => Number(problem.params?.row)));
  const changes: ImportRowChange[] = [];
  for (const row of plan.created) if (!wrong.has(row)) changes.push({ row, status: 'new' });
  for (const update of plan.updated) {
    if (!wrong.has(update.row)) changes.push({ row: update.row, status: 'changed', was: wasOf(update) });
  }
  for (const row of plan.unchanged) if (!wrong.has(row)) changes.push({ row, status: 'unchanged' });
  return changes.sort((a, b) => a.row - b.row);
}
