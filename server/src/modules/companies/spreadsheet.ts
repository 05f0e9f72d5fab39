/**
 * Companies.xlsx: the administration's export of the companies it may edit, and its import. The
 * import checks every row before it writes anything; a row with an ID updates that company, a
 * row without one creates a company; all rows are written in one transaction, or none is
 * (catalogue-sheet.ts).
 */
import { COMPANY_TYPES, type CompanyType, canEditCatalogueItem, type Message } from '@asbuilt/domain';
import { inArray } from 'drizzle-orm';
import { companies } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { canSeeCompany, companyCondition, tenantWriteCheck } from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  cellProblem,
  type SheetColumn,
  sheetBoolean,
  sheetId,
  valuesOf,
} from '../../platform/spreadsheet/columns.ts';
import { type CatalogueImport, exportSheet, loadInChunks, type Plan, yesNo } from './catalogue-sheet.ts';
import { COMPANY_CELLS } from './import-preview.ts';
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
export function exportCompanies(ctx: AppContext, actor: Actor) {
  const file = { filename: 'Companies.xlsx', sheetName: 'companies', columns: COMPANY_SHEET_COLUMNS };
  return exportSheet(actor, file, async () => {
    const rows = await ctx.db
      .select()
      .from(companies)
      .where(companyCondition(actor, 'admin'))
      .orderBy(companies.id);
    return rows.map((c) => [
      c.id,
      c.name,
      c.code,
      c.company_type,
      yesNo(c.customer),
      yesNo(c.brand),
      yesNo(c.supplier),
      yesNo(c.contractor),
      c.tenant_id,
    ]);
  });
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

type CompanyValues = Omit<PlannedRow['values'], 'tenant_id'> & { tenant_id: number };

/** Every row checked, then against the companies it names and the tenants it moves them to. */
const planCompanies: Plan<CompanyRow, CompanyValues> = async (tx, actor, sheet, problems) => {
  const planned = sheet.rows.map((row) =>
    checkCompanyRow(row.row, valuesOf(row, COMPANY_SHEET_COLUMNS), problems),
  );
  // The companies the rows name, in one query; each must be one the actor may edit, once.
  const ids = [...new Set(planned.map((p) => p.id).filter((id): id is number => id !== null))];
  const found = await loadInChunks(ids, (chunk) =>
    tx.select().from(companies).where(inArray(companies.id, chunk)).for('update'),
  );
  const existing = new Map<number, CompanyRow>();
  for (const company of found) {
    if (canSeeCompany(actor, company) && canEditCatalogueItem(actor, company.tenant_id)) {
      existing.set(company.id, company);
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
  return {
    updates: planned
      .filter((p) => p.id !== null && existing.has(p.id))
      .map((p) => {
        const before = existing.get(p.id!)!;
        return {
          row: p.row,
          before,
          values: { ...p.values, tenant_id: p.values.tenant_id ?? before.tenant_id },
        };
      }),
    creates: planned
      .filter((p) => p.id === null)
      .map((p) => ({ row: p.row, values: { ...p.values, tenant_id: p.values.tenant_id ?? actor.tenantId } })),
    cells: COMPANY_CELLS,
  };
};

/** POST /api/admin/companies/import, through importSheet (catalogue-sheet.ts). */
export const companyImport: CatalogueImport<typeof companies, CompanyRow, CompanyValues> = {
  model: 'Company',
  table: companies,
  columns: COMPANY_SHEET_COLUMNS,
  tenantHeader: header('tenant_id'),
  plan: planCompanies,
  // A company something uses stays in its tenant, as the company form says (409 there).
  leaves: (before, values) => values.tenant_id !== before.tenant_id,
  inUse: companiesInUse,
  insert: (db, values) => db.insert(companies).values(values).returning(),
  insertChunk: 1000,
};
