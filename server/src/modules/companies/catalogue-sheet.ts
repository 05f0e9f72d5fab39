/**
 * The frame the companies' and the products' spreadsheets share (catalogue administrators only):
 * the export's file, and an import around the rows' own checks: the sheet read, the rows it names
 * locked (asked in chunks), then once every row is checked the in-use check of the rows that
 * leave their tenant, the report, and all the writes (updates, creates, one activity entry each)
 * in one transaction, or none with any problem. A row that changes nothing writes nothing, so an
 * export imported back unchanged changes nothing. A dry run also says what each clean row would
 * do, with a changed cell's old value (platform/spreadsheet/preview.ts).
 */
import type { ImportReport, Message } from '@asbuilt/domain';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type RowUpdate, updateRowsById } from '../../db/set-based.ts';
import { type ActivityEntry, changesOf, createdFields, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import {
  cellProblem,
  inSheetOrder,
  type SheetColumn,
  sheetHeaderOf,
  unknownHeaders,
  valuesOf,
} from '../../platform/spreadsheet/columns.ts';
import { changedCells, type PreviewCells, previewRows } from '../../platform/spreadsheet/preview.ts';
import { readSheet, type Sheet } from '../../platform/spreadsheet/read.ts';
import { xlsxOf } from '../../platform/spreadsheet/write.ts';

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');

type Cell = string | number | boolean | null;

/** An export: `filename` with one sheet of the rows `load` answers. */
export async function exportSheet(
  actor: Actor,
  file: { filename: string; sheetName: string; columns: readonly { header: string; width?: number }[] },
  load: () => Promise<Cell[][]>,
) {
  authorize(actor, 'catalogue:admin');
  const data = await xlsxOf(file.sheetName, file.columns, await load());
  return { data, filename: file.filename };
}

/** What `load` answers for `ids`, asked 1000 ids at a time (a query's parameters are limited). */
export async function loadInChunks<R>(ids: number[], load: (chunk: number[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < ids.length; i += 1000) rows.push(...(await load(ids.slice(i, i + 1000))));
  return rows;
}

type Stored = Record<string, unknown> & { id: number; name: string; tenant_id: number };
type Written = Record<string, unknown> & { name: string; tenant_id: number };

/** A sheet's rows once checked: those that update one (as it is, and its values after), those that create one. */
export interface PlannedRows<R, V> {
  updates: { row: number; before: R; values: V }[];
  creates: { row: number; values: V }[];
  /** How each column reads its old value on a changed row of the dry run (by column key). */
  cells: PreviewCells<string, R>;
}

/** Checks every row of the sheet, in the import's transaction: their problems go to `problems`. */
export type Plan<R, V> = (
  tx: DbOrTx,
  actor: Actor,
  sheet: Sheet,
  problems: Message[],
) => Promise<PlannedRows<R, V>>;

/** What an import of one kind of row needs besides the rows' checks. */
export interface CatalogueImport<T extends PgTable, R extends Stored, V extends Written> {
  model: 'Company' | 'Product';
  table: T;
  columns: readonly SheetColumn[];
  /** The header of the tenant's column, where a refused move is reported. */
  tenantHeader: string;
  /** The rows' own checks, in the import's transaction. */
  plan: Plan<R, V>;
  /** Which updates leave their tenant in a way that something using the row forbids (409 on the form). */
  leaves: (before: R, values: V) => boolean;
  inUse: (tx: DbOrTx, ids: number[]) => Promise<Set<number>>;
  insert: (tx: DbOrTx, values: V[]) => Promise<R[]>;
  /** How many rows one insert takes. */
  insertChunk: number;
}

/**
 * An import (the .xlsx as the body; `dryRun` reports without writing). With any problem nothing
 * is written: a dry run answers the report, an import answers 400 with one message per problem
 * (the first 100).
 */
export async function importSheet<T extends PgTable, R extends Stored, V extends Written>(
  ctx: AppContext,
  actor: Actor,
  data: Buffer,
  dryRun: boolean,
  spec: CatalogueImport<T, R, V>,
): Promise<ImportReport> {
  authorize(actor, 'catalogue:admin');
  const sheet = await readSheet(data);
  const problems: Message[] = [];
  return ctx.db.transaction(async (tx) => {
    const planned = await spec.plan(tx, actor, sheet, problems);
    return finishImport(tx, actor, spec, { sheet, problems, dryRun, ...planned });
  });
}

async function finishImport<T extends PgTable, R extends Stored, V extends Written>(
  tx: DbOrTx,
  actor: Actor,
  spec: CatalogueImport<T, R, V>,
  checked: PlannedRows<R, V> & { sheet: Sheet; problems: Message[]; dryRun: boolean },
): Promise<ImportReport> {
  const { model } = spec;
  const { sheet, problems } = checked;
  const creates = checked.creates.map((c) => c.values);
  const updates = checked.updates.map((u) => ({ ...u, changes: changesOf(u.before, u.values) }));
  const moving = updates.filter((u) => spec.leaves(u.before, u.values));
  const inUse = await spec.inUse(
    tx,
    moving.map((u) => u.before.id),
  );
  for (const { row, before, values } of moving) {
    if (inUse.has(before.id))
      problems.push(cellProblem('import_in_use', row, spec.tenantHeader, String(values.tenant_id)));
  }
  const changed = updates.filter((u) => u.changes !== null);
  const sorted = inSheetOrder(problems, spec.columns, sheet.headers);
  const report: ImportReport = {
    created: creates.length,
    updated: changed.length,
    unchanged: updates.length - changed.length,
    ignored: unknownHeaders(sheet.headers, spec.columns),
    problems: sorted,
    rows: sheet.rows,
  };
  if (checked.dryRun) return { ...report, changes: previewOf(spec.columns, checked, updates) };
  if (sorted.length > 0) throw badRequest(sorted.slice(0, 100));

  const entries: ActivityEntry[] = [];
  await updateRowsById(
    tx,
    spec.table,
    changed.map(({ before, values }): RowUpdate<T> => ({ id: before.id, set: values })),
  );
  for (const { before, values, changes } of changed) {
    entries.push({
      objectModel: model,
      objectId: before.id,
      objectName: values.name,
      action: 'updated',
      note: `${model} updated (import)`,
      tenantId: values.tenant_id,
      changes,
    });
  }
  for (let i = 0; i < creates.length; i += spec.insertChunk) {
    const batch = creates.slice(i, i + spec.insertChunk);
    const inserted = await spec.insert(tx, batch);
    inserted.forEach((row, n) => {
      entries.push({
        objectModel: model,
        objectId: row.id,
        objectName: row.name,
        action: 'created',
        note: `${model} created (import)`,
        tenantId: row.tenant_id,
        changes: createdFields(batch[n]!),
      });
    });
  }
  await logActivities(tx, actor, entries);
  return report;
}

/** What each clean row of a dry run would do, a changed cell's old value under the file's header. */
function previewOf<R, V>(
  columns: readonly SheetColumn[],
  checked: PlannedRows<R, V> & { sheet: Sheet; problems: Message[] },
  updates: { row: number; before: R; changes: object | null }[],
) {
  const { sheet, cells } = checked;
  const column = sheetHeaderOf(sheet.headers, columns);
  // An empty cell is left out of a row as read, yet it clears its column: it reads as ''.
  const blank = Object.fromEntries(sheet.headers.map((header) => [header, '']));
  const rows = new Map(sheet.rows.map((row) => [row.row, { ...row, values: { ...blank, ...row.values } }]));
  const changed = updates.filter((u) => u.changes !== null);
  return previewRows(
    {
      created: checked.creates.map((c) => c.row),
      updated: changed,
      unchanged: updates.filter((u) => u.changes === null).map((u) => u.row),
      problems: checked.problems,
    },
    (update) => {
      const row = rows.get(update.row);
      const values = row ? valuesOf(row, columns) : {};
      return changedCells(cells, update.before, update.changes ?? {}, values, column);
    },
  );
}
