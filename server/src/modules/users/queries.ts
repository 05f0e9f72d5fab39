import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenants, users } from '../../db/schema.ts';

/** Username or e-mail, case-insensitively (both are stored as typed; the indexes are on lower()). */
export async function findUserByLogin(db: DbOrTx, login: string) {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select({ user: users, tenantActive: tenants.tenant_status, tenantName: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenant_id))
    .where(or(sql`lower(${users.email}) = ${value}`, sql`lower(${users.username}) = ${value}`))
    .limit(1);
  return row;
}

export async function findUserWithTenant(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ user: users, tenantName: tenants.name, tenantActive: tenants.tenant_status })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenant_id))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function emailTakenByOther(db: DbOrTx, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        sql`lower(${users.username}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(2);
  return !!row && row.id !== userId;
}
