/**
 * A product's PDF datasheet: a verified upload of the `datasheets` folder becomes the product's
 * datasheet (replacing the one before), or the datasheet is removed. Whoever may edit the product
 * may do either; the pack (handover/pdf) appends it for the products its devices use.
 */
import type { ProductDatasheetInput, ProductDto } from '@asbuilt/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, uploads } from '../../db/schema.ts';
import { changesOf, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize } from '../../platform/policy.ts';
import { scopePrefix } from '../uploads/keys.ts';
import { takeUpload } from '../uploads/service.ts';
import { productForEdit } from './checks.ts';
import type { ProductRow } from './present.ts';
import { loadProduct, productDownload } from './service.ts';

/** The key stays in storage while another product (a copy made by hand, say) still names it. */
async function sharedElsewhere(tx: DbOrTx, key: string, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.datasheet_key, key), ne(products.id, productId)))
    .limit(1);
  return Boolean(row);
}

/** Drops the old datasheet's upload row in `tx`; answers the key whose bytes go once it commits. */
async function releaseOld(tx: DbOrTx, existing: ProductRow): Promise<string | null> {
  const old = existing.datasheet_key;
  if (!old || (await sharedElsewhere(tx, old, existing.id))) return null;
  await tx.delete(uploads).where(eq(uploads.key, old));
  return old;
}

async function change(
  ctx: AppContext,
  actor: Actor,
  id: number,
  apply: (tx: DbOrTx, existing: ProductRow) => Promise<{ set: Partial<ProductRow>; note: string } | null>,
): Promise<ProductDto> {
  authorize(actor, 'tenant:manage');
  const signUrl = (key: string | null) => ctx.storage.signedUrl(key);
  let dropped: string | null = null;
  const product = await ctx.db.transaction(async (tx) => {
    const existing = await productForEdit(tx, actor, id);
    const change = await apply(tx, existing);
    if (change) {
      dropped = await releaseOld(tx, existing);
      await tx.update(products).set(change.set).where(eq(products.id, existing.id));
      await logActivity(tx, actor, {
        objectModel: 'Product',
        objectId: existing.id,
        objectName: existing.name,
        action: 'updated',
        note: change.note,
        tenantId: existing.tenant_id,
        changes: changesOf(existing, change.set),
      });
    }
    return loadProduct(tx, existing.id, signUrl, productDownload(ctx));
  });
  // A file that can't be removed is only left behind: nothing links to it any more.
  if (dropped) await ctx.storage.remove(dropped).catch(() => undefined);
  return product;
}

/** PUT /api/products/datasheet: the upload `key` becomes the product's datasheet. */
export function attachDatasheet(ctx: AppContext, actor: Actor, input: ProductDatasheetInput) {
  return change(ctx, actor, input.id, async (tx, existing) => {
    if (input.key === existing.datasheet_key) return null;
    // As for images: the actor's own folder (where a Super Admin's slot may put it) or the product's tenant's.
    const own = input.key.startsWith(scopePrefix({ folder: 'datasheets', tenantId: actor.tenantId }));
    await takeUpload(tx, input.key, {
      folder: 'datasheets',
      tenantId: own ? actor.tenantId : existing.tenant_id,
    });
    const [upload] = await tx
      .select({ filename: uploads.filename })
      .from(uploads)
      .where(eq(uploads.key, input.key));
    return {
      set: { datasheet_key: input.key, datasheet_name: upload?.filename ?? 'datasheet.pdf' },
      note: existing.datasheet_key ? 'Datasheet replaced' : 'Datasheet uploaded',
    };
  });
}

/** DELETE /api/products/datasheet?id=: the product keeps no datasheet; removing none is no change. */
export function removeDatasheet(ctx: AppContext, actor: Actor, id: number) {
  return change(ctx, actor, id, async (_tx, existing) =>
    existing.datasheet_key
      ? { set: { datasheet_key: null, datasheet_name: null }, note: 'Datasheet removed' }
      : null,
  );
}
