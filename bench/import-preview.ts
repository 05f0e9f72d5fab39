/**
 * What a dry run's old → new adds to an import: the shared preview (server
 * platform/spreadsheet/preview.ts) over the largest sheet an import takes, every row changed in
 * every column (the worst case: each cell's old value is read and written), against the same
 * rows' statuses alone. In process, no database: the import's own checks and queries are the
 * same with or without it (bench/import.ts measures those).
 *
 *   npx tsx bench/import-preview.ts [--rows 20000] [--columns 12] [--rounds 30]
 */
import { parseArgs } from 'node:util';
import {
  changedCells,
  ownCell,
  type PreviewCells,
  previewRows,
} from '../server/src/platform/spreadsheet/preview.ts';
import { median } from './api-harness.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' },
    columns: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '30' },
  },
});
const rowCount = Number(values.rows);
const columns = Array.from({ length: Number(values.columns) }, (_, i) => `field_${i}`);
const rounds = Number(values.rounds);

type Stored = Record<string, string | number | null>;
const cells: PreviewCells<string, Stored> = Object.fromEntries(
  columns.map((field, i) => [
    field,
    i % 3 === 0 ? { ...ownCell<Stored>(field), oneOfMany: true } : ownCell<Stored>(field),
  ]),
);
const updates = Array.from({ length: rowCount }, (_, n) => {
  const before: Stored = Object.fromEntries(columns.map((field) => [field, `old ${field} ${n}`]));
  const sheet = Object.fromEntries(columns.map((field) => [field, `new ${field} ${n}`]));
  const changes = Object.fromEntries(
    columns.map((field) => [field, { from: before[field], to: sheet[field] }]),
  );
  return { row: n + 2, before, sheet, changes };
});
const header = (field: string) => field.toUpperCase();
const plan = { created: [], updated: updates, unchanged: [], problems: [] };

const time = (run: () => unknown) => {
  const start = performance.now();
  run();
  return performance.now() - start;
};
const withOld: number[] = [];
const statusOnly: number[] = [];
for (let round = 0; round <= rounds; round++) {
  const a = time(() => previewRows(plan, (u) => changedCells(cells, u.before, u.changes, u.sheet, header)));
  const b = time(() => previewRows(plan, () => ({})));
  // The first round warms the code up.
  if (round > 0) {
    withOld.push(a);
    statusOnly.push(b);
  }
}
console.log(`rows ${rowCount}, columns ${columns.length}, rounds ${rounds}`);
console.log(`statuses alone:        median ${median(statusOnly).toFixed(1)} ms`);
console.log(`with every old value:  median ${median(withOld).toFixed(1)} ms`);
