import { eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { tenants, uploads } from '../../db/schema.ts';
import { notFound, tooLarge } from '../../platform/errors.ts';

export const MB = 1024 * 1024;

/** A tenant's quota in MB: its own when the Super Admin set one, else the server's default. */
export function effectiveQuotaMb(config: Pick<Config, 'storageQuotaMb'>, own: number | null): number {
  return own ?? config.storageQuotaMb;
}

/**
 * Bytes held by each tenant's uploads: attached or not, since an upload takes space until it is
 * attached or cleaned away.
 */
export async function storageUsed(db: DbOrTx, tenantIds: number[] | null): Promise<Map<number, number>> {
  const rows = await db
    .select({
      tenant_id: uploads.tenant_id,
      bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::float8`.mapWith(Number),
    })
    .from(uploads)
    .where(tenantIds ? inArray(uploads.tenant_id, tenantIds) : undefined)
    .groupBy(uploads.tenant_id);
  return new Map(rows.map((row) => [row.tenant_id, row.bytes]));
}

/**
 * Refuses (413) a new upload of `size` bytes that would take the tenant past its quota. The
 * tenant's row is locked until `tx` ends, so that two uploads at once can't both squeeze in.
 */
export async function assertRoomFor(
  tx: DbOrTx,
  config: Pick<Config, 'storageQuotaMb'>,
  tenantId: number,
  size: number,
): Promise<void> {
  const [tenant] = await tx
    .select({ quota: tenants.storage_quota_mb })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('update');
  if (!tenant) throw notFound('tenant_not_found');
  const quotaMb = effectiveQuotaMb(config, tenant.quota);
  const used = (await storageUsed(tx, [tenantId])).get(tenantId) ?? 0;
  if (used + size > quotaMb * MB) throw tooLarge('storage_quota_exceeded', { quota: quotaMb });
}
