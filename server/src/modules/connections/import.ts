/**
 * POST /api/site/connections/import (Contributor+): a cable schedule's rows, all checked before any
 * is written (import-rows.ts). With a problem nothing is written (400, each problem naming its row
 * and column); a dry run answers what would be created, changed (with each changed cell's old
 * value) or left as it is, and writes nothing; otherwise every row is written in one transaction,
 * new cables by one INSERT, changed ones by one UPDATE per group of columns, one activity entry
 * per cable. A row that changes nothing writes nothing, so an export imports back as is.
 *
 * POST /api/site/connections/import/sheet reads a file for the web's import, with the limits every
 * import has (formulas, zip bombs, too many rows).
 */
import {
  type ConnectionImportInput,
  type ImportReport,
  type Message,
  message,
  nextConnectionCodes,
  type SheetContent,
  SitePermission,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { connections, devices } from '../../db/schema.ts';
import { insertRows, updateRowsById } from '../../db/set-based.ts';
import { changesOf, createdFields, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireSite } from '../../platform/policy.ts';
import { readCsv } from '../../platform/spreadsheet/csv.ts';
import { changedCells, previewRows } from '../../platform/spreadsheet/preview.ts';
import { readSheet } from '../../platform/spreadsheet/read.ts';
import { touchSite } from '../sites/queries.ts';
import { connectionEntry, loggedOf } from './activity.ts';
import { connectionCells } from './import-preview.ts';
import { deviceFinder, headerOf, type PlannedCable, planRows, readRows } from './import-rows.ts';
import { type ConnectionRow, lockedConnections, lockSiteCodes } from './queries.ts';
import { loadPortBook } from './rules.ts';
import { endColumns, inTransaction } from './service.ts';

/** How many problems an answer lists; the rest are counted. */
const LISTED_PROBLEMS = 500;

function listed(problems: Message[], max: number): Message[] {
  const sorted = [...problems].sort((x, y) => Number(x.params?.row) - Number(y.params?.row));
  const more = sorted.length - max;
  return more > 0 ? [...sorted.slice(0, max), message('import_more_problems', { count: more })] : sorted;
}

const valuesOf = (cable: PlannedCable) => ({
  code: cable.code,
  ...endColumns('a', cable.a),
  ...endColumns('b', cable.b),
  ...cable.fields,
});

export async function importConnections(
  ctx: AppContext,
  actor: Actor,
  input: ConnectionImportInput,
): Promise<ImportReport> {
  return inTransaction(ctx, async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.Contributor);
    await lockSiteCodes(tx, site.id);
    const siteDevices = await tx
      .select({ id: devices.id, code: devices.code, name: devices.name })
      .from(devices)
      .where(eq(devices.site_id, site.id));
    const siteCodes = await tx
      .select({ id: connections.id, code: connections.code })
      .from(connections)
      .where(eq(connections.site_id, site.id));
    const idOf = new Map(siteCodes.map((row) => [row.code.toLowerCase(), row.id]));
    // The cables the rows name, taken and read whole: the rows are compared with current values.
    const named = input.rows.flatMap((r) => idOf.get(r.code?.trim().toLowerCase() ?? '') ?? []);
    const byCode = new Map<string, ConnectionRow>();
    if (named.length > 0) {
      for (const row of await lockedConnections(tx, site.id, [...new Set(named)])) {
        byCode.set(row.code.toLowerCase(), row);
      }
    }
    const { read, problems } = readRows(input.rows, deviceFinder(siteDevices), byCode);

    const deviceIds = read.flatMap((item) => [
      ...(['a', 'b'] as const).flatMap((side) => {
        const end = item[side];
        return end.kind === 'port' ? [end.device.id] : [];
      }),
      ...(item.existing ? [item.existing.a_device_id, item.existing.b_device_id] : []).filter(
        (id): id is number => id !== null,
      ),
    ]);
    const book = await loadPortBook(tx, deviceIds);
    const fresh = read.filter((item) => !item.existing);
    const codes = nextConnectionCodes(
      [...idOf.keys(), ...fresh.map((item) => item.code)],
      fresh.filter((item) => !item.code).length,
    );
    const plan = planRows(site, book, read, () => codes.shift()!);
    const allProblems = [...problems, ...plan.problems];

    const creates = plan.planned.filter((p) => !p.existing);
    const updates = plan.planned.flatMap((p) => {
      if (!p.existing) return [];
      const set = loggedOf(valuesOf(p));
      const changes = changesOf(p.existing, set);
      return changes ? [{ cable: p, existing: p.existing, set, changes }] : [];
    });
    const report: ImportReport = {
      created: creates.length,
      updated: updates.length,
      unchanged: plan.planned.length - creates.length - updates.length,
      ignored: [],
      problems: listed(allProblems, LISTED_PROBLEMS),
      rows: [],
    };
    if (input.dry_run) {
      const cells = connectionCells(book);
      const byRow = new Map(input.rows.map((row, index) => [row.row ?? index + 2, row]));
      const updated = new Set(updates.map((u) => u.cable.row));
      const changes = previewRows(
        {
          created: creates.map((p) => p.row),
          updated: updates.map((u) => ({ row: u.cable.row, ...u })),
          unchanged: plan.planned.filter((p) => p.existing && !updated.has(p.row)).map((p) => p.row),
          problems: allProblems,
        },
        (u) => changedCells(cells, u.existing, u.changes, byRow.get(u.row) ?? {}, headerOf),
      );
      return { ...report, changes };
    }
    if (allProblems.length > 0) throw badRequest(listed(allProblems, 100));

    const values = creates.map((p) => ({ status: 'planned', ...valuesOf(p), site_id: site.id }));
    const ids = await insertRows(tx, connections, values);
    await updateRowsById(
      tx,
      connections,
      updates.map((u) => ({ id: u.existing.id, set: u.set })),
    );
    const entries = [
      ...values.map((v, i) =>
        connectionEntry(
          site,
          { id: ids[i]!, code: v.code },
          'created',
          'Connection created (import)',
          createdFields(loggedOf(v)),
        ),
      ),
      ...updates.map((u) =>
        connectionEntry(site, u.existing, 'updated', 'Connection updated (import)', u.changes),
      ),
    ];
    if (entries.length > 0) {
      await logActivities(tx, actor, entries);
      await touchSite(tx, site.id);
    }
    return report;
  });
}

/** The file's headers and rows as text, for the web to send back as rows. */
export async function readConnectionSheet(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  data: Buffer,
  csv: boolean,
): Promise<SheetContent> {
  await requireSite(ctx.db, actor, siteId, SitePermission.Contributor);
  return csv ? readCsv(data) : readSheet(data);
}
