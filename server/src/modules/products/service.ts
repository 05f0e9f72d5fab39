import {
  LIBRARY_TENANT_ID,
  PRODUCT_PLAIN_FIELDS,
  type ProductCreateInput,
  type ProductDto,
  type ProductInlineEdit,
  type ProductUpdateInput,
} from '@asbuilt/domain';
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, devices, interfaces, procats, products } from '../../db/schema.ts';
import { changesOf, createdFields, logActivity, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import {
  type CataloguePath,
  catalogueTenantIds,
  companyCondition,
  resolveTargetTenant,
  tenantCondition,
  tenantOptions,
} from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { authorize, authorizeCatalogueItem, can } from '../../platform/policy.ts';
import { presentCompany } from '../companies/present.ts';
import { presentProcat } from '../procats/present.ts';
import { checkImage, checkReferences, PRODUCT_NOT_FOUND, productForEdit } from './checks.ts';
import { applyInterfaces, withInterfaces } from './interfaces.ts';
import { type DownloadUrl, type InterfaceRow, presentProduct } from './present.ts';

const STATUS_ADMIN_ONLY = 'product_status_admin_only';

type Sign = (key: string | null) => string | null;

/** The product answers' datasheet links: downloads under the datasheet's name. */
export const productDownload =
  (ctx: AppContext): DownloadUrl =>
  (key, name) =>
    ctx.storage.downloadUrl(key, name);

function gate(actor: Actor, path: CataloguePath) {
  authorize(actor, path === 'admin' ? 'catalogue:admin' : 'tenant:manage');
}

/**
 * Products matching `where` (never discarded ones) with brand and category names joined, and their
 * interfaces in force loaded by one more query grouped by product: two queries for any count.
 */
export async function loadProducts(
  db: DbOrTx,
  where: SQL | undefined,
  signUrl: Sign,
  download?: DownloadUrl,
): Promise<ProductDto[]> {
  const rows = await db
    .select({ product: products, brandName: companies.name, procatName: procats.name })
    .from(products)
    .leftJoin(companies, eq(companies.id, products.brand_id))
    .leftJoin(procats, eq(procats.id, products.procat_id))
    .where(and(isNull(products.discarded_at), where))
    .orderBy(products.id);
  if (rows.length === 0) return [];
  // One row per product with its interfaces as a JSON list: far fewer rows to decode than one per interface.
  const interfaceLists = await db
    .select({
      productId: interfaces.product_id,
      list: sql<InterfaceRow[]>`json_agg(json_build_object(
        'id', ${interfaces.id}, 'product_id', ${interfaces.product_id},
        'interface_type', ${interfaces.interface_type}, 'terminal', ${interfaces.terminal},
        'signal', ${interfaces.signal}, 'label', ${interfaces.label},
        'pass_through', ${interfaces.pass_through}) order by ${interfaces.id})`,
    })
    .from(interfaces)
    .innerJoin(products, eq(products.id, interfaces.product_id))
    .where(and(isNull(interfaces.discarded_at), isNull(products.discarded_at), where))
    .groupBy(interfaces.product_id);
  const byProduct = new Map(interfaceLists.map((row) => [row.productId, row.list]));
  return rows.map(({ product, brandName, procatName }) =>
    presentProduct(product, { brandName, procatName }, byProduct.get(product.id) ?? [], signUrl, download),
  );
}

export async function loadProduct(
  db: DbOrTx,
  id: number,
  signUrl: Sign,
  download?: DownloadUrl,
): Promise<ProductDto> {
  const [product] = await loadProducts(db, eq(products.id, id), signUrl, download);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** GET /api/tenant/products and /api/admin/products. */
export async function productIndex(ctx: AppContext, actor: Actor, path: CataloguePath) {
  gate(actor, path);
  const ids = catalogueTenantIds(actor, path);
  const signUrl: Sign = (key) => ctx.storage.signedUrl(key);
  const list = await loadProducts(
    ctx.db,
    tenantCondition(products.tenant_id, ids),
    signUrl,
    productDownload(ctx),
  );
  const tenantList = await tenantOptions(ctx.db, actor, path);
  const procatRows = await ctx.db
    .select()
    .from(procats)
    .where(tenantCondition(procats.tenant_id, ids))
    .orderBy(procats.name, procats.id);
  const companyRows = await ctx.db
    .select()
    .from(companies)
    .where(companyCondition(actor, path))
    .orderBy(companies.name, companies.id);
  return {
    products: list,
    tenants: tenantList,
    procats: procatRows.map(presentProcat),
    companies: companyRows.map(presentCompany),
  };
}

const SIMPLE_FIELDS = PRODUCT_PLAIN_FIELDS satisfies readonly (keyof typeof products.$inferInsert)[];

/** The plain columns that were sent; absent ones are left out (unchanged on update, default on create). */
function simpleValues(input: Partial<ProductCreateInput>) {
  const values: Partial<typeof products.$inferInsert> = {};
  for (const field of SIMPLE_FIELDS) {
    const value = input[field];
    if (value !== undefined) (values as Record<string, unknown>)[field] = value;
  }
  return values;
}

async function devicesUsing(tx: DbOrTx, productId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(devices).where(eq(devices.product_id, productId));
  return row?.n ?? 0;
}

/** Of these products, those devices use (one query per 1,000): an import may not move them out. */
export async function productsInUse(tx: DbOrTx, ids: number[]): Promise<Set<number>> {
  const used = new Set<number>();
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await tx
      .selectDistinct({ id: devices.product_id })
      .from(devices)
      .where(inArray(devices.product_id, ids.slice(start, start + 1000)));
    for (const { id } of rows) used.add(id);
  }
  return used;
}

/** POST /api/tenant/products and /api/admin/products: the product and its interfaces in one transaction. */
export async function createProduct(
  ctx: AppContext,
  actor: Actor,
  path: CataloguePath,
  input: ProductCreateInput,
): Promise<ProductDto> {
  gate(actor, path);
  const tenantId = await resolveTargetTenant(ctx.db, actor, path, input.tenant_id);
  authorizeCatalogueItem(actor, tenantId, 'edit', 'tenant_not_found');
  if (input.product_status === false && !can(actor, 'catalogue:admin')) throw forbidden(STATUS_ADMIN_ONLY);
  const rackMounted = input.rack_mounted ?? false;
  const signUrl: Sign = (key) => ctx.storage.signedUrl(key);

  return ctx.db.transaction(async (tx) => {
    await checkReferences(tx, tenantId, input);
    await checkImage(tx, actor, input.image, null, tenantId);
    const values = {
      ...simpleValues(input),
      name: input.name,
      product_status: input.product_status ?? true,
      rack_mounted: rackMounted,
      rack_units: rackMounted ? (input.rack_units ?? null) : null,
    };
    const [row] = await tx
      .insert(products)
      .values({ ...values, tenant_id: tenantId })
      .returning();
    const product = row!;
    const changes = await applyInterfaces(tx, product.id, input.interfaces_attributes ?? []);
    await logActivity(tx, actor, {
      objectModel: 'Product',
      objectId: product.id,
      objectName: product.name,
      action: 'created',
      note: withInterfaces('Product created', changes),
      tenantId,
      changes: createdFields(values),
    });
    return loadProduct(tx, product.id, signUrl, productDownload(ctx));
  });
}

/** PUT /api/tenant/products and /api/admin/products: absent fields stay as they are. */
export async function updateProduct(
  ctx: AppContext,
  actor: Actor,
  path: CataloguePath,
  input: ProductUpdateInput,
): Promise<ProductDto> {
  gate(actor, path);
  const signUrl: Sign = (key) => ctx.storage.signedUrl(key);
  return ctx.db.transaction(async (tx) => {
    const existing = await productForEdit(tx, actor, input.id);
    const tenantId = await resolveTargetTenant(tx, actor, path, input.tenant_id, existing.tenant_id);
    const moved = tenantId !== existing.tenant_id;
    if (moved) {
      authorizeCatalogueItem(actor, tenantId, 'edit', 'tenant_not_found');
      const used = await devicesUsing(tx, existing.id);
      if (used > 0 && tenantId !== LIBRARY_TENANT_ID) {
        throw conflict('product_in_use_move', { count: used });
      }
    }
    if (
      input.product_status !== undefined &&
      input.product_status !== existing.product_status &&
      !can(actor, 'catalogue:admin')
    ) {
      throw forbidden(STATUS_ADMIN_ONLY);
    }
    await checkImage(tx, actor, input.image, existing.image, tenantId);
    // After a move every reference must suit the new tenant, not only the ones sent.
    const keep = <T>(sent: T | undefined, current: T) =>
      sent !== undefined ? sent : moved ? current : undefined;
    await checkReferences(tx, tenantId, {
      brand_id: keep(input.brand_id, existing.brand_id),
      procat_id: keep(input.procat_id, existing.procat_id),
      preferred_supplier_id: keep(input.preferred_supplier_id, existing.preferred_supplier_id),
    });

    const rackMounted = input.rack_mounted ?? existing.rack_mounted;
    const set = {
      ...simpleValues(input),
      tenant_id: tenantId,
      ...(input.product_status !== undefined ? { product_status: input.product_status } : {}),
      rack_mounted: rackMounted,
      rack_units: rackMounted
        ? input.rack_units !== undefined
          ? input.rack_units
          : existing.rack_units
        : null,
    };
    await tx.update(products).set(set).where(eq(products.id, existing.id));
    const changes = await applyInterfaces(tx, existing.id, input.interfaces_attributes ?? []);
    const product = await loadProduct(tx, existing.id, signUrl, productDownload(ctx));
    await logActivity(tx, actor, {
      objectModel: 'Product',
      objectId: product.id,
      objectName: product.name,
      action: 'updated',
      note: withInterfaces(
        moved ? `Product updated (moved from tenant ${existing.tenant_id})` : 'Product updated',
        changes,
      ),
      tenantId,
      changes: changesOf(existing, set),
    });
    return product;
  });
}

/** PUT /api/products: one property of a product, as the inline editors send it. */
export async function inlineEditProduct(
  ctx: AppContext,
  actor: Actor,
  edit: ProductInlineEdit,
): Promise<ProductDto> {
  authorize(actor, 'tenant:manage');
  const signUrl: Sign = (key) => ctx.storage.signedUrl(key);
  return ctx.db.transaction(async (tx) => {
    const existing = await productForEdit(tx, actor, edit.id);
    const set: Partial<typeof products.$inferInsert> = {};
    switch (edit.property) {
      case 'product_status':
        if (edit.value !== existing.product_status && !can(actor, 'catalogue:admin')) {
          throw forbidden(STATUS_ADMIN_ONLY);
        }
        set.product_status = edit.value;
        break;
      case 'image':
        await checkImage(tx, actor, edit.value, existing.image, existing.tenant_id);
        set.image = edit.value;
        break;
      case 'brand_id':
      case 'procat_id':
      case 'preferred_supplier_id':
        await checkReferences(tx, existing.tenant_id, { [edit.property]: edit.value });
        set[edit.property] = edit.value;
        break;
      case 'rack_mounted':
        set.rack_mounted = edit.value;
        if (!edit.value) set.rack_units = null;
        break;
      case 'rack_units':
        if (edit.value !== null && !existing.rack_mounted) {
          throw badRequest('rack_units_not_rack_mounted');
        }
        set.rack_units = edit.value;
        break;
      default:
        (set as Record<string, unknown>)[edit.property] = edit.value;
    }
    const changed = Object.entries(set).some(
      ([key, value]) => (existing as Record<string, unknown>)[key] !== value,
    );
    if (changed) {
      await tx.update(products).set(set).where(eq(products.id, existing.id));
    }
    const product = await loadProduct(tx, existing.id, signUrl, productDownload(ctx));
    if (changed) {
      await logActivity(tx, actor, {
        objectModel: 'Product',
        objectId: product.id,
        objectName: product.name,
        action: 'updated',
        note: `Product updated (${edit.property})`,
        tenantId: existing.tenant_id,
        changes: changesOf(existing, set),
      });
    }
    return product;
  });
}

/** DELETE /api/tenant/products?id= and /api/admin/products?id=: a soft delete, refused while devices use it. */
export async function deleteProduct(
  ctx: AppContext,
  actor: Actor,
  path: CataloguePath,
  id: number,
): Promise<ProductDto> {
  gate(actor, path);
  const signUrl: Sign = (key) => ctx.storage.signedUrl(key);
  return ctx.db.transaction(async (tx) => {
    const existing = await productForEdit(tx, actor, id);
    const used = await devicesUsing(tx, existing.id);
    if (used > 0) {
      throw conflict('product_in_use_delete', { count: used });
    }
    const product = await loadProduct(tx, existing.id, signUrl, productDownload(ctx));
    await tx.update(products).set({ discarded_at: new Date() }).where(eq(products.id, existing.id));
    await logActivity(tx, actor, {
      objectModel: 'Product',
      objectId: existing.id,
      objectName: existing.name,
      action: 'deleted',
      note: 'Product deleted',
      tenantId: existing.tenant_id,
      changes: removedFields(existing, ['name', 'product_model', 'sku']),
    });
    return product;
  });
}
