/**
 * POST /api/site/devices/import (Full Access): a sheet's rows, checked all before any is written.
 * With a problem nothing is written (400, each problem naming its row and column); a dry run
 * answers the report and writes nothing; otherwise every row is written in one transaction: new
 * devices by one INSERT per 2,000, changed ones by one UPDATE per group of columns, one activity
 * entry per device. A row that changes nothing writes nothing, so an export imports back as is.
 * The dry run also says what each clean row would do, with a changed cell's old value.
 *
 * POST /api/site/devices/import/sheet reads the file for the wizard, with the limits every import
 * has (formulas, zip bombs, too many rows).
 */
import {
  DEVICE_IMPORT_FIELDS,
  type DeviceImportField,
  type DeviceImportInput,
  type ImportReport,
  type Message,
  message,
  type SheetContent,
  SitePermission,
} from '@asbuilt/domain';
import { devices } from '../../db/schema.ts';
import { insertRows, updateRowsById } from '../../db/set-based.ts';
import { changesOf, createdFields, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireSite } from '../../platform/policy.ts';
import { readCsv } from '../../platform/spreadsheet/csv.ts';
import { readSheet } from '../../platform/spreadsheet/read.ts';
import { planCustomFieldImport } from '../custom-fields/import.ts';
import { touchSite } from '../sites/queries.ts';
import { importTagIds } from '../tags/import.ts';
import { type DeviceLogItem, deviceEntries } from './activity.ts';
import { loadImportBook } from './import-book.ts';
import { previewRows } from './import-preview.ts';
import { planImportRows } from './import-rows.ts';

/** How many problems an answer lists; the rest are counted. */
const LISTED_PROBLEMS = 500;

const HEADERS = new Map(DEVICE_IMPORT_FIELDS.map((f) => [f.key, f.header]));

function listed(problems: Message[], max: number): Message[] {
  const more = problems.length - max;
  return more > 0 ? [...problems.slice(0, max), message('import_more_problems', { count: more })] : problems;
}

/** Where an import says it starts writing: the request's logger. */
export interface ImportLog {
  info(details: object, message: string): void;
}

export async function importDevices(
  ctx: AppContext,
  actor: Actor,
  input: DeviceImportInput,
  log?: ImportLog,
): Promise<ImportReport> {
  return ctx.db.transaction(async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.FullAccess);
    const book = await loadImportBook(tx, site, input.rows);
    book.tags = await importTagIds(tx, actor, site, input.rows, input.dry_run === true);
    const column = (field: DeviceImportField) => input.headers?.[field] || HEADERS.get(field)!;
    const plan = planImportRows(site, book, input.rows, column);
    plan.problems.push(
      ...(await planCustomFieldImport(tx, site, input.rows, plan, book, input.custom_headers)),
    );
    const report: ImportReport = {
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.unchanged.length,
      ignored: [],
      problems: listed(plan.problems, LISTED_PROBLEMS),
      rows: [],
    };
    if (input.dry_run) return { ...report, changes: previewRows(plan, book, input.rows, column) };
    if (plan.problems.length > 0) throw badRequest(listed(plan.problems, 100));
    // A long write an operator may see stop short (a restart, a kill) is named in the log.
    log?.info({ siteId: site.id, created: report.created, updated: report.updated }, 'device import writing');

    const items: DeviceLogItem[] = [];
    const ids = await insertRows(
      tx,
      devices,
      plan.creates.map((c) => ({ ...c.values, site_id: site.id })),
    );
    plan.creates.forEach(({ values, productName }, index) => {
      items.push({
        device: {
          id: ids[index]!,
          code: values.code ?? null,
          name: values.name ?? null,
          floor_id: values.floor_id ?? null,
          location_id: values.location_id ?? null,
        },
        productName,
        action: 'created',
        note: 'Device created (import)',
        changes: createdFields(values),
      });
    });
    await updateRowsById(
      tx,
      devices,
      plan.updates.map((u) => ({ id: u.device.id, set: u.set })),
    );
    for (const update of plan.updates) {
      items.push({
        device: { ...update.device, ...update.set },
        productName: update.productName,
        action: update.action,
        note: update.note,
        changes: changesOf(update.device, update.set),
      });
    }
    if (items.length > 0) {
      await logActivities(tx, actor, await deviceEntries(tx, site, items));
      await touchSite(tx, site.id);
    }
    return report;
  });
}

/** The file's headers and rows as text, for the wizard to map and preview. */
export async function readDeviceSheet(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  data: Buffer,
  csv: boolean,
): Promise<SheetContent> {
  await requireSite(ctx.db, actor, siteId, SitePermission.FullAccess);
  return csv ? readCsv(data) : readSheet(data);
}
