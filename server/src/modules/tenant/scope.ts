import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenants } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';

/**
 * The tenant whose logo the actor changes: their own, or for a Super Admin the one named. Another
 * tenant answers 404 before the role is checked, so a refusal never tells that it exists.
 */
export async function logoTenant(db: DbOrTx, actor: Actor, tenantId: number | undefined): Promise<number> {
  const id = tenantId ?? actor.tenantId;
  if (id !== actor.tenantId && actor.role !== Role.SuperAdmin) throw notFound('tenant_not_found');
  authorize(actor, 'tenant:settings');
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id)).limit(1);
  if (!row) throw notFound('tenant_not_found');
  return row.id;
}
