import {
  COMPANY_TYPES,
  type CompanyCreateInput,
  type CompanyDto,
  type CompanyType,
  type CompanyUpdateInput,
  type ErrorCode,
  type MessageParams,
} from '@asbuilt/domain';
import { and, count, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, devices, products, siteContractors, sites, tenants } from '../../db/schema.ts';
import { changesOf, createdFields, logActivity, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import {
  type CataloguePath,
  canSeeCompany,
  companiesUsableBy,
  companyCondition,
  resolveTargetTenant,
  tenantOptions,
} from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { authorize, authorizeCatalogueItem } from '../../platform/policy.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { type CompanyRow, presentCompany } from './present.ts';

const COMPANY_NOT_FOUND = 'company_not_found';

type Flag = 'customer' | 'brand' | 'supplier' | 'contractor';
const FLAG_OF: Record<CompanyType, Flag> = {
  Customer: 'customer',
  Brand: 'brand',
  Supplier: 'supplier',
  Contractor: 'contractor',
};

function gate(actor: Actor, path: CataloguePath) {
  authorize(actor, path === 'admin' ? 'catalogue:admin' : 'tenant:manage');
}

/**
 * The type and the flags agree: the type's flag is always set, and without a type the company
 * takes the type of its first flag (Customer, Brand, Supplier, Contractor).
 */
function typeAndFlags(
  flags: Record<Flag, boolean>,
  requestedType: CompanyType | null | undefined,
  currentType: string | null,
): Record<Flag, boolean> & { company_type: string | null } {
  const out = { ...flags };
  if (requestedType) out[FLAG_OF[requestedType]] = true;
  let type: string | null = requestedType !== undefined ? requestedType : currentType;
  if (type && type in FLAG_OF && !out[FLAG_OF[type as CompanyType]]) type = null;
  type ??= COMPANY_TYPES.find((t) => out[FLAG_OF[t]]) ?? null;
  return { ...out, company_type: type };
}

/** GET /api/global/company_list: the actor's tenant's companies and the library's brands. */
export async function companyList(ctx: AppContext, actor: Actor) {
  const rows = await ctx.db
    .select()
    .from(companies)
    .where(companiesUsableBy(actor.tenantId))
    .orderBy(companies.name, companies.id);
  return { companies: rows.map(presentCompany) };
}

/** GET /api/tenant/companies (the actor's tenant's own companies) and /api/admin/companies. */
export async function companyIndex(ctx: AppContext, actor: Actor, path: CataloguePath) {
  gate(actor, path);
  const where = path === 'tenant' ? eq(companies.tenant_id, actor.tenantId) : companyCondition(actor, path);
  const rows = await ctx.db.select().from(companies).where(where).orderBy(companies.name, companies.id);
  const tenantList =
    path === 'tenant'
      ? await ctx.db
          .select({ id: tenants.id, name: tenants.name })
          .from(tenants)
          .where(eq(tenants.id, actor.tenantId))
      : await tenantOptions(ctx.db, actor, path);
  return { companies: rows.map(presentCompany), tenants: tenantList };
}

async function companyForEdit(tx: DbOrTx, actor: Actor, id: number): Promise<CompanyRow> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).limit(1).for('update');
  if (!row || !canSeeCompany(actor, row)) throw notFound(COMPANY_NOT_FOUND);
  authorizeCatalogueItem(actor, row.tenant_id, 'edit', COMPANY_NOT_FOUND);
  return row;
}

/** The list of 1 to 4 uses ("2 devices, 1 site as customer"), joined as each language joins a list. */
const USAGE_LISTS = [
  'usage_list_1',
  'usage_list_2',
  'usage_list_3',
  'usage_list_4',
] as const satisfies ErrorCode[];

/**
 * What still points at a company, as the parameters of the refusal: `uses` names the list, and
 * `use1`, `count1`... each use (`usage_devices`...) with its count. Null when nothing does.
 */
async function companyUsage(tx: DbOrTx, id: number): Promise<MessageParams | null> {
  const [deviceRow] = await tx
    .select({ n: count() })
    .from(devices)
    .where(or(eq(devices.supplier_id, id), eq(devices.contractor_id, id)));
  const [productRow] = await tx
    .select({ n: count() })
    .from(products)
    .where(
      and(
        or(eq(products.brand_id, id), eq(products.preferred_supplier_id, id)),
        isNull(products.discarded_at),
      ),
    );
  const [customerRow] = await tx.select({ n: count() }).from(sites).where(eq(sites.customer_id, id));
  const [contractorRow] = await tx
    .select({ n: count() })
    .from(siteContractors)
    .where(eq(siteContractors.company_id, id));
  const counts: [ErrorCode, number | undefined][] = [
    ['usage_devices', deviceRow?.n],
    ['usage_products', productRow?.n],
    ['usage_customer_sites', customerRow?.n],
    ['usage_contractor_sites', contractorRow?.n],
  ];
  const params: MessageParams = {};
  let uses = 0;
  for (const [use, n] of counts) {
    if (!n) continue;
    uses += 1;
    params[`use${uses}`] = use;
    params[`count${uses}`] = n;
  }
  return uses > 0 ? { ...params, uses: USAGE_LISTS[uses - 1]! } : null;
}

/**
 * Of these companies, those something uses (the uses `companyUsage` counts), in six queries for
 * the whole set: an import may not move them to another tenant.
 */
export async function companiesInUse(tx: DbOrTx, ids: number[]): Promise<Set<number>> {
  const used = new Set<number>();
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    const found = [
      ...(await tx
        .selectDistinct({ id: devices.supplier_id })
        .from(devices)
        .where(inArray(devices.supplier_id, chunk))),
      ...(await tx
        .selectDistinct({ id: devices.contractor_id })
        .from(devices)
        .where(inArray(devices.contractor_id, chunk))),
      ...(await tx
        .selectDistinct({ id: products.brand_id })
        .from(products)
        .where(and(inArray(products.brand_id, chunk), isNull(products.discarded_at)))),
      ...(await tx
        .selectDistinct({ id: products.preferred_supplier_id })
        .from(products)
        .where(and(inArray(products.preferred_supplier_id, chunk), isNull(products.discarded_at)))),
      ...(await tx
        .selectDistinct({ id: sites.customer_id })
        .from(sites)
        .where(inArray(sites.customer_id, chunk))),
      ...(await tx
        .selectDistinct({ id: siteContractors.company_id })
        .from(siteContractors)
        .where(inArray(siteContractors.company_id, chunk))),
    ];
    for (const { id } of found) if (id !== null) used.add(id);
  }
  return used;
}

/** POST /api/tenant/companies and /api/admin/companies (also the product form's inline creation). */
export async function createCompany(
  ctx: AppContext,
  actor: Actor,
  path: CataloguePath,
  input: CompanyCreateInput,
): Promise<CompanyDto> {
  gate(actor, path);
  const tenantId = await resolveTargetTenant(ctx.db, actor, path, input.tenant_id);
  authorizeCatalogueItem(actor, tenantId, 'edit', 'tenant_not_found');
  const values = typeAndFlags(
    {
      customer: input.customer ?? false,
      brand: input.brand ?? false,
      supplier: input.supplier ?? false,
      contractor: input.contractor ?? false,
    },
    input.company_type,
    null,
  );
  return ctx.db.transaction(async (tx) => {
    const given = { name: input.name, code: input.code, ...values };
    const [row] = await tx
      .insert(companies)
      .values({ ...given, tenant_id: tenantId })
      .returning();
    await logActivity(tx, actor, {
      objectModel: 'Company',
      objectId: row!.id,
      objectName: row!.name,
      action: 'created',
      note: 'Company created',
      tenantId,
      changes: createdFields(given),
    });
    return presentCompany(row!);
  });
}

/** PUT /api/tenant/companies and /api/admin/companies: absent fields stay as they are. */
export async function updateCompany(
  ctx: AppContext,
  actor: Actor,
  path: CataloguePath,
  input: CompanyUpdateInput,
): Promise<CompanyDto> {
  gate(actor, path);
  return ctx.db.transaction(async (tx) => {
    const existing = await companyForEdit(tx, actor, input.id);
    checkUnchangedSince(existing.updated_at, input.updated_at);
    const tenantId = await resolveTargetTenant(tx, actor, path, input.tenant_id, existing.tenant_id);
    if (tenantId !== existing.tenant_id) {
      authorizeCatalogueItem(actor, tenantId, 'edit', 'tenant_not_found');
      const usage = await companyUsage(tx, existing.id);
      if (usage) throw conflict('company_in_use_move', { name: existing.name, ...usage });
    }
    const values = typeAndFlags(
      {
        customer: input.customer ?? existing.customer,
        brand: input.brand ?? existing.brand,
        supplier: input.supplier ?? existing.supplier,
        contractor: input.contractor ?? existing.contractor,
      },
      input.company_type,
      existing.company_type,
    );
    const set = {
      ...(input.name ? { name: input.name } : {}),
      ...(input.code ? { code: input.code } : {}),
      ...values,
      tenant_id: tenantId,
    };
    const [row] = await tx.update(companies).set(set).where(eq(companies.id, existing.id)).returning();
    await logActivity(tx, actor, {
      objectModel: 'Company',
      objectId: existing.id,
      objectName: row!.name,
      action: 'updated',
      note: 'Company updated',
      tenantId,
      changes: changesOf(existing, set),
    });
    return presentCompany(row!);
  });
}

/**
 * DELETE /api/tenant/companies?id= and /api/admin/companies?id=: deleted for real, refused while
 * devices, products in force, sites (customer) or site contractor lists use the company.
 */
export async function deleteCompany(
  ctx: AppContext,
  actor: Actor,
  path: CataloguePath,
  id: number,
): Promise<CompanyDto> {
  gate(actor, path);
  return ctx.db.transaction(async (tx) => {
    const existing = await companyForEdit(tx, actor, id);
    const usage = await companyUsage(tx, existing.id);
    if (usage) throw conflict('company_in_use_delete', { name: existing.name, ...usage });
    // Deleted products keep no link to a company that is gone (users and contacts are unlinked by the database).
    await tx
      .update(products)
      .set({ brand_id: null })
      .where(and(eq(products.brand_id, existing.id), isNotNull(products.discarded_at)));
    await tx.delete(companies).where(eq(companies.id, existing.id));
    await logActivity(tx, actor, {
      objectModel: 'Company',
      objectId: existing.id,
      objectName: existing.name,
      action: 'deleted',
      note: 'Company deleted',
      tenantId: existing.tenant_id,
      changes: removedFields(existing, ['name', 'code', 'company_type']),
    });
    return presentCompany(existing);
  });
}
