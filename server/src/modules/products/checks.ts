/**
 * What a product's change must pass before it writes: the product in force and the actor's to
 * edit, and the brand, supplier, category and image it names.
 */
import { LIBRARY_TENANT_ID, type Message, message } from '@asbuilt/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, procats, products } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { companiesUsableBy } from '../../platform/catalogue.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { authorizeCatalogueItem } from '../../platform/policy.ts';
import { scopePrefix } from '../uploads/keys.ts';
import { takeUpload } from '../uploads/service.ts';
import type { ProductRow } from './present.ts';

export const PRODUCT_NOT_FOUND = 'product_not_found';

/** A product in force that the actor may change: 404 if they can't see it, 403 if they can't edit it. */
export async function productForEdit(tx: DbOrTx, actor: Actor, id: number): Promise<ProductRow> {
  // Locking the row makes a device being added to it wait (its foreign key check needs the row).
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.discarded_at)))
    .limit(1)
    .for('update');
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  authorizeCatalogueItem(actor, row.tenant_id, 'edit', PRODUCT_NOT_FOUND);
  return row;
}

interface ProductReferences {
  brand_id?: number | null | undefined;
  procat_id?: number | null | undefined;
  preferred_supplier_id?: number | null | undefined;
}

/**
 * Brand, supplier and category must be usable by the product's tenant: its own, or the library's
 * (brands and categories). Another tenant's id answers like an id that does not exist.
 */
export async function checkReferences(tx: DbOrTx, tenantId: number, refs: ProductReferences) {
  const problems: Message[] = [];
  const companyUsable = async (id: number) =>
    (
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, id), companiesUsableBy(tenantId)))
        .limit(1)
    ).length > 0;
  if (refs.brand_id != null && !(await companyUsable(refs.brand_id)))
    problems.push(message('brand_not_found'));
  if (refs.procat_id != null) {
    const [row] = await tx
      .select({ id: procats.id })
      .from(procats)
      .where(and(eq(procats.id, refs.procat_id), inArray(procats.tenant_id, [LIBRARY_TENANT_ID, tenantId])))
      .limit(1);
    if (!row) problems.push(message('product_category_not_found'));
  }
  if (refs.preferred_supplier_id != null && !(await companyUsable(refs.preferred_supplier_id))) {
    problems.push(message('preferred_supplier_not_found'));
  }
  if (problems.length > 0) throw badRequest(problems);
}

/**
 * A new image key must be a verified upload in the products folder of the product's tenant (or of
 * the actor's own tenant, where an admin's upload slot puts it). An unchanged key is not checked again.
 */
export async function checkImage(
  db: DbOrTx,
  actor: Actor,
  image: string | null | undefined,
  stored: string | null,
  tenantId: number,
) {
  if (image == null || image === stored) return;
  const own = image.startsWith(scopePrefix({ folder: 'products', tenantId: actor.tenantId }));
  await takeUpload(db, image, { folder: 'products', tenantId: own ? actor.tenantId : tenantId });
}
