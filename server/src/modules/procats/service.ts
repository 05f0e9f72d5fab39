import {
  LIBRARY_TENANT_ID,
  type ProcatCreateInput,
  type ProcatDto,
  type ProcatUpdateInput,
  procatName,
} from '@asbuilt/domain';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { procats, products } from '../../db/schema.ts';
import { changesOf, createdFields, logActivity, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import {
  catalogueTenantIds,
  resolveTargetTenant,
  tenantCondition,
  tenantOptions,
} from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { authorize, authorizeCatalogueItem } from '../../platform/policy.ts';
import { type ProcatRow, presentProcat } from './present.ts';

const PROCAT_NOT_FOUND = 'product_category_not_found';

/** GET /api/global/procat_list: the library's categories and the actor's tenant's, for every user. */
export async function procatList(ctx: AppContext, actor: Actor) {
  const rows = await ctx.db
    .select()
    .from(procats)
    .where(tenantCondition(procats.tenant_id, catalogueTenantIds(actor, 'tenant')))
    .orderBy(procats.name, procats.id);
  return { procats: rows.map(presentProcat) };
}

/** GET /api/admin/procats: every tenant's categories for the Super Admin. */
export async function adminProcats(ctx: AppContext, actor: Actor) {
  authorize(actor, 'catalogue:admin');
  const rows = await ctx.db
    .select()
    .from(procats)
    .where(tenantCondition(procats.tenant_id, catalogueTenantIds(actor, 'admin')))
    .orderBy(procats.name, procats.id);
  return { procats: rows.map(presentProcat), tenants: await tenantOptions(ctx.db, actor, 'admin') };
}

async function procatForEdit(tx: DbOrTx, actor: Actor, id: number): Promise<ProcatRow> {
  const [row] = await tx.select().from(procats).where(eq(procats.id, id)).limit(1).for('update');
  if (!row) throw notFound(PROCAT_NOT_FOUND);
  authorizeCatalogueItem(actor, row.tenant_id, 'edit', PROCAT_NOT_FOUND);
  return row;
}

async function productsUsing(tx: DbOrTx, procatId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.procat_id, procatId), isNull(products.discarded_at)));
  return row?.n ?? 0;
}

export async function createProcat(
  ctx: AppContext,
  actor: Actor,
  input: ProcatCreateInput,
): Promise<ProcatDto> {
  authorize(actor, 'catalogue:admin');
  const tenantId = await resolveTargetTenant(ctx.db, actor, 'admin', input.tenant_id);
  authorizeCatalogueItem(actor, tenantId, 'edit', 'tenant_not_found');
  const parts = {
    main: input.main,
    sub1: input.sub1 ?? null,
    sub2: input.sub2 ?? null,
    sub3: input.sub3 ?? null,
  };
  const passive = input.passive ?? false;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(procats)
      .values({ ...parts, passive, name: procatName(parts), tenant_id: tenantId })
      .returning();
    await logActivity(tx, actor, {
      objectModel: 'Procat',
      objectId: row!.id,
      objectName: row!.name,
      action: 'created',
      note: 'Product Category created',
      tenantId,
      // Passive is logged only when set: most categories are not.
      changes: createdFields(passive ? { ...parts, passive } : parts),
    });
    return presentProcat(row!);
  });
}

export async function updateProcat(
  ctx: AppContext,
  actor: Actor,
  input: ProcatUpdateInput,
): Promise<ProcatDto> {
  authorize(actor, 'catalogue:admin');
  return ctx.db.transaction(async (tx) => {
    const existing = await procatForEdit(tx, actor, input.id);
    const tenantId = await resolveTargetTenant(tx, actor, 'admin', input.tenant_id, existing.tenant_id);
    if (tenantId !== existing.tenant_id) {
      authorizeCatalogueItem(actor, tenantId, 'edit', 'tenant_not_found');
      const used = await productsUsing(tx, existing.id);
      if (used > 0 && tenantId !== LIBRARY_TENANT_ID) {
        throw conflict('category_in_use_move', { count: used });
      }
    }
    const parts = {
      main: input.main ?? existing.main,
      sub1: input.sub1 !== undefined ? input.sub1 : existing.sub1,
      sub2: input.sub2 !== undefined ? input.sub2 : existing.sub2,
      sub3: input.sub3 !== undefined ? input.sub3 : existing.sub3,
    };
    const passive = input.passive ?? existing.passive;
    const set = { ...parts, passive, name: procatName(parts), tenant_id: tenantId };
    const [row] = await tx.update(procats).set(set).where(eq(procats.id, existing.id)).returning();
    await logActivity(tx, actor, {
      objectModel: 'Procat',
      objectId: existing.id,
      objectName: row!.name,
      action: 'updated',
      note: 'Product Category updated',
      tenantId,
      changes: changesOf(existing, set),
    });
    return presentProcat(row!);
  });
}

/** A category is deleted for real, refused while products in force use it. */
export async function deleteProcat(ctx: AppContext, actor: Actor, id: number): Promise<ProcatDto> {
  authorize(actor, 'catalogue:admin');
  return ctx.db.transaction(async (tx) => {
    const existing = await procatForEdit(tx, actor, id);
    const used = await productsUsing(tx, existing.id);
    if (used > 0) {
      throw conflict('category_in_use_delete', { count: used });
    }
    // Deleted products keep no link to a category that is gone.
    await tx
      .update(products)
      .set({ procat_id: null })
      .where(and(eq(products.procat_id, existing.id), isNotNull(products.discarded_at)));
    await tx.delete(procats).where(eq(procats.id, existing.id));
    await logActivity(tx, actor, {
      objectModel: 'Procat',
      objectId: existing.id,
      objectName: existing.name,
      action: 'deleted',
      note: 'Product Category deleted',
      tenantId: existing.tenant_id,
      changes: removedFields(existing, ['name']),
    });
    return presentProcat(existing);
  });
}
