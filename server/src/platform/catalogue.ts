import { canEditCatalogueItem, canSeeCatalogueItem, LIBRARY_TENANT_ID, Role } from '@asbuilt/domain';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { companies, tenants } from '../db/schema.ts';
import type { Actor } from './actor.ts';
import { AppError, badRequest, forbidden } from './errors.ts';

/**
 * Which catalogue rows (products, categories, companies) a call reads. The tenant and global
 * calls read the library (tenant 1) and the actor's own tenant; the admin calls read every
 * tenant for the Super Admin and the same as the tenant calls for a Library Admin.
 */
export type CataloguePath = 'tenant' | 'admin';

/** The tenants whose catalogue a call reads; null means every tenant. */
export function catalogueTenantIds(actor: Actor, path: CataloguePath): number[] | null {
  if (path === 'admin' && actor.role === Role.SuperAdmin) return null;
  return [...new Set([LIBRARY_TENANT_ID, actor.tenantId])];
}

/** A where-condition on a tenant_id column for `catalogueTenantIds`. */
export function tenantCondition(column: PgColumn, ids: number[] | null): SQL | undefined {
  return ids ? inArray(column, ids) : undefined;
}

/**
 * Companies another tenant may use from the library are its brands; the rest of the library's
 * companies stay the library's own. `tenantId` is the tenant that uses them.
 */
export function companiesUsableBy(tenantId: number): SQL {
  if (tenantId === LIBRARY_TENANT_ID) return eq(companies.tenant_id, LIBRARY_TENANT_ID);
  return or(
    eq(companies.tenant_id, tenantId),
    and(eq(companies.tenant_id, LIBRARY_TENANT_ID), eq(companies.brand, true)),
  ) as SQL;
}

/** The companies a call lists: see `companiesUsableBy`; every company for the Super Admin's admin calls. */
export function companyCondition(actor: Actor, path: CataloguePath): SQL | undefined {
  if (path === 'admin') return tenantCondition(companies.tenant_id, catalogueTenantIds(actor, path));
  return companiesUsableBy(actor.tenantId);
}

/** Whether the actor may see this company at all (a library company that is not a brand is the library's). */
export function canSeeCompany(actor: Actor, company: { tenant_id: number; brand: boolean }): boolean {
  if (company.tenant_id === LIBRARY_TENANT_ID && !company.brand) {
    return actor.tenantId === LIBRARY_TENANT_ID || actor.role === Role.SuperAdmin;
  }
  return canSeeCatalogueItem(actor, company.tenant_id);
}

/** Id and name of the tenants a call may show. */
export async function tenantOptions(db: DbOrTx, actor: Actor, path: CataloguePath) {
  const ids = catalogueTenantIds(actor, path);
  return db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(tenantCondition(tenants.id, ids))
    .orderBy(tenants.id);
}

/**
 * The tenant a new or changed record belongs to. The tenant calls keep it in the actor's tenant
 * (create) or where it is (update): a `tenant_id` naming another tenant is refused, so a body can't
 * move records between tenants. The admin calls accept any tenant the actor may see.
 * The caller then checks that the actor may edit records of the returned tenant.
 */
export async function resolveTargetTenant(
  db: DbOrTx,
  actor: Actor,
  path: CataloguePath,
  requested: number | null | undefined,
  current?: number,
): Promise<number> {
  if (path === 'tenant') {
    const expected = current ?? actor.tenantId;
    if (requested != null && requested !== expected) {
      throw forbidden(current === undefined ? 'own_tenant_only' : 'tenant_move_admin_only');
    }
    return expected;
  }
  const tenantId = requested ?? current ?? actor.tenantId;
  if (tenantId !== current) {
    const [row] = canSeeCatalogueItem(actor, tenantId)
      ? await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1)
      : [];
    if (!row) throw badRequest('tenant_not_found');
  }
  return tenantId;
}

/**
 * Whether the actor may write catalogue rows into a tenant, as an admin import asks row by row:
 * each tenant is checked once per import, a refusal answered as false rather than thrown.
 */
export function tenantWriteCheck(db: DbOrTx, actor: Actor): (tenantId: number) => Promise<boolean> {
  const known = new Map<number, boolean>();
  return async (tenantId) => {
    if (!known.has(tenantId)) {
      try {
        await resolveTargetTenant(db, actor, 'admin', tenantId);
        known.set(tenantId, canEditCatalogueItem(actor, tenantId));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        known.set(tenantId, false);
      }
    }
    return known.get(tenantId)!;
  };
}
