import { Role } from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenantSso } from '../../db/schema.ts';

/**
 * Whether the password no longer signs this user in: their tenant signs in through its provider
 * only. A Super Admin is never held to a tenant's rule (and never signs in through its provider).
 */
export async function passwordSignInOff(
  db: DbOrTx,
  user: { tenant_id: number; role: number },
): Promise<boolean> {
  if (user.role >= Role.SuperAdmin) return false;
  const [row] = await db
    .select({ allow: tenantSso.allow_password })
    .from(tenantSso)
    .where(and(eq(tenantSso.tenant_id, user.tenant_id), eq(tenantSso.enabled, true)));
  return row ? !row.allow : false;
}
