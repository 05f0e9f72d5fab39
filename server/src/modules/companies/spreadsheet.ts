/**
 * Companies.xlsx: the administration's export of the companies it may edit, and its import. The
 * import checks every row before it writes anything; a row with an ID updates that company, a
 * row without one creates a company; all rows are written in one transaction, or none is. A row
 * that changes nothing writes nothing, so an export imported back unchanged changes nothing.
 */
import {
  COMPANY_TYPES,
  type CompanyType,
  canEditCatalogueItem,
  type ImportReport,
  type Message,
} from '@asbuilt/domain';
import { inArray } from 'drizzle-orm';
import { companies } from '../../db/schema.ts';
import { updateRowsById } from '../../db/set-based.ts';
import { type ActivityEntry, changesOf, createdFields, logActivities } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import { canSeeCompany, companyCondition, tenantWriteCheck } from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import {
  cellProblem,
  inSheetOrder,
  type SheetColumn,
  sheetBoolean,
  sheetId,
  unknownHeaders,
  valuesOf,
} from '../../platform/spreadsheet/columns.ts';
import { readSheet } from '../../platform/spreadsheet/read.ts';
import { xlsxOf } from '../../platform/spreadsheet/write.ts';
import type { CompanyRow } from './present.ts';
import { companiesInUse } from './service.ts';

const FLAGS = ['customer', 'brand', 'supplier', 'contractor'] as const;

export const COMPANY_SHEET_COLUMNS = [
  { key: 'id', header: 'ID', width: 8 },
  { key: 'name', header: 'Name', width: 32 },
  { key: 'code', header: 'Code', width: 12 },
  { key: 'company_type', header: 'Type', width: 12 },
  { key: 'customer', header: 'Customer', width: 10 },
  { key: 'brand', header: 'Brand', width: 10 },
  { key: 'supplier', header: 'Supplier', width: 10 },
  { key: 'contractor', header: 'Contractor', width: 10 },
  { key: 'tenant_id', header: 'Tenant ID', width: 10 },
] as const satisfies readonly (SheetColumn & { width: number })[];
type Key = (typeof COMPANY_SHEET_COLUMNS)[number]['key'];
const header = (key: Key) => COMPANY_SHEET_COLUMNS.find((c) => c.key === key)!.header;

/** GET /api/admin/companies/export: Companies.xlsx, the companies the actor may see here. */
export async function exportCompanies(ctx: AppContext, actor: Actor) {
  authorize(actor, 'catalogue:admin');
  const rows = await ctx.db
    .select()
    .from(companies)
    .where(companyCondition(actor, 'admin'))
    .orderBy(companies.id);
  const yesNo = (value: boolean) => (value ? 'yes' : 'no');
  const data = await xlsxOf(
    'companies',
    COMPANY_SHEET_COLUMNS,
    rows.map((c) => [
      c.id,
      c.name,
      c.code,
      c.company_type,
      yesNo(c.customer),
      yesNo(c.brand),
      yesNo(c.supplier),
      yesNo(c.contractor),
      c.tenant_id,
    ]),
  );
  return { data, filename: 'Companies.xlsx' };
}

/** One checked row: what it writes, or nothing when it has problems. */
export interface PlannedRow {
  row: number;
  id: number | null;
  values: {
    name: string;
    code: string;
    company_type: string | null;
    customer: boolean;
    brand: boolean;
    supplier: boolean;
    contractor: boolean;
    tenant_id: number | null;
  };
}

/** One row's own checks (those that need no database): its problems go to `problems`. */
export function checkCompanyRow(
  row: number,
  values: Partial<Record<Key, string>>,
  problems: Message[],
): PlannedRow {
  const id = values.id === undefined ? null : sheetId(values.id);
  if (values.id !== undefined && id === null)
    problems.push(cellProblem('import_invalid', row, header('id'), values.id));
  for (const key of ['name', 'code'] as const) {
    if (!values[key]) problems.push(cellProblem('import_required', row, header(key)));
  }
  const type = values.company_type ?? null;
  if (type !== null && !(COMPANY_TYPES as readonly string[]).includes(type)) {
    problems.push(cellProblem('import_invalid', row, header('company_type'), type));
  }
  const flags = Object.fromEntries(
    FLAGS.map((flag) => {
      const value = sheetBoolean(values[flag]);
      if (value === null) problems.push(cellProblem('import_invalid', row, header(flag), values[flag]));
      return [flag, value ?? false];
    }),
  ) as Record<(typeof FLAGS)[number], boolean>;
  // The type's own box is ticked whatever the sheet says, as the company form does.
  if (type && (COMPANY_TYPES as readonly string[]).includes(type)) {
    flags[type.toLowerCase() as (typeof FLAGS)[number]] = true;
  }
  const tenantId = values.tenant_id === undefined ? null : sheetId(values.tenant_id);
  if (values.tenant_id !== undefined && tenantId === null) {
    problems.push(cellProblem('import_invalid', row, header('tenant_id'), values.tenant_id));
  }
  return {
    row,
    id,
    values: {
      name: values.name ?? '',
      code: values.code ?? '',
      company_type: (type as CompanyType | null) ?? flagsType(flags),
      ...flags,
      tenant_id: tenantId,
    },
  };
}

/** A company without a type takes that of its first ticked box, as the company form does. */
function flagsType(flags: Record<(typeof FLAGS)[number], boolean>): string | null {
  return COMPANY_TYPES.find((type) => flags[type.toLowerCase() as (typeof FLAGS)[number]]) ?? null;
}

/**
 * POST /api/admin/companies/import (the .xlsx as the body; `dry_run` reports without writing).
 * With any problem nothing is written: a dry run answers the report, an import answers 400 with
 * one message per problem.
 */
export async function importCompanies(
  ctx: AppContext,
  actor: Actor,
  data: Buffer,
  dryRun: boolean,
): Promise<ImportReport> {
  authorize(actor, 'catalogue:admin');
  const sheet = await readSheet(data);
  const problems: Message[] = [];
  const planned = sheet.rows.map((row) =>
    checkCompanyRow(row.row, valuesOf(row, COMPANY_SHEET_COLUMNS), problems),
  );

  return ctx.db.transaction(async (tx) => {
    // The companies the rows name, in one query; each must be one the actor may edit, once.
    const ids = [...new Set(planned.map((p) => p.id).filter((id): id is number => id !== null))];
    const existing = new Map<number, CompanyRow>();
    for (let i = 0; i < ids.length; i += 1000) {
      const found = await tx
        .select()
        .from(companies)
        .where(inArray(companies.id, ids.slice(i, i + 1000)))
        .for('update');
      for (const company of found) {
        if (canSeeCompany(actor, company) && canEditCatalogueItem(actor, company.tenant_id)) {
          existing.set(company.id, company);
        }
      }
    }
    const seen = new Set<number>();
    for (const plan of planned) {
      if (plan.id === null) continue;
      if (!existing.has(plan.id))
        problems.push(cellProblem('import_unknown_id', plan.row, header('id'), String(plan.id)));
      if (seen.has(plan.id))
        problems.push(cellProblem('import_duplicate', plan.row, header('id'), String(plan.id)));
      seen.add(plan.id);
    }
    // Each tenant named: the actor must be allowed to write there.
    const mayWrite = tenantWriteCheck(tx, actor);
    for (const plan of planned) {
      const wanted = plan.values.tenant_id;
      if (wanted !== null && !(await mayWrite(wanted))) {
        problems.push(cellProblem('import_not_allowed', plan.row, header('tenant_id'), String(wanted)));
      }
    }

    const creates = planned.filter((p) => p.id === null);
    const updates = planned
      .filter((p) => p.id !== null && existing.has(p.id))
      .map((p) => {
        const before = existing.get(p.id!)!;
        const set = { ...p.values, tenant_id: p.values.tenant_id ?? before.tenant_id };
        return { plan: p, before, set, changes: changesOf(before, set) };
      });
    // A company something uses stays in its tenant, as the company form says (409 there).
    const moving = updates.filter((u) => u.set.tenant_id !== u.before.tenant_id);
    const inUse = await companiesInUse(
      tx,
      moving.map((u) => u.before.id),
    );
    for (const { plan, before, set } of moving) {
      if (inUse.has(before.id))
        problems.push(cellProblem('import_in_use', plan.row, header('tenant_id'), String(set.tenant_id)));
    }
    const changed = updates.filter((u) => u.changes !== null);
    const sorted = inSheetOrder(problems, COMPANY_SHEET_COLUMNS, sheet.headers);
    const report: ImportReport = {
      created: creates.length,
      updated: changed.length,
      unchanged: updates.length - changed.length,
      ignored: unknownHeaders(sheet.headers, COMPANY_SHEET_COLUMNS),
      problems: sorted,
      rows: sheet.rows,
    };
    if (dryRun) return report;
    if (sorted.length > 0) throw badRequest(sorted.slice(0, 100));

    const entries: ActivityEntry[] = [];
    await updateRowsById(
      tx,
      companies,
      changed.map(({ before, set }) => ({ id: before.id, set })),
    );
    for (const { before, set, changes } of changed) {
      entries.push({
        objectModel: 'Company',
        objectId: before.id,
        objectName: set.name,
        action: 'updated',
        note: 'Company updated (import)',
        tenantId: set.tenant_id,
        changes,
      });
    }
    for (let i = 0; i < creates.length; i += 1000) {
      const values = creates
        .slice(i, i + 1000)
        .map((p) => ({ ...p.values, tenant_id: p.values.tenant_id ?? actor.tenantId }));
      const rows = await tx.insert(companies).values(values).returning();
      rows.forEach((row, n) => {
        entries.push({
          objectModel: 'Company',
          objectId: row.id,
          objectName: row.name,
          action: 'created',
          note: 'Company created (import)',
          tenantId: row.tenant_id,
          changes: createdFields(values[n]!),
        });
      });
    }
    await logActivities(tx, actor, entries);
    return report;
  });
}
