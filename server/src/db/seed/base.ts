import { LIBRARY_TENANT_ID, Role } from '@asbuilt/domain';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/passwords.ts';
import type { Db } from '../client.ts';
import { tenants, users } from '../schema.ts';

export { LIBRARY_TENANT_ID };

/** Tenant 1 is the platform library; every database has it. */
export async function ensureLibraryTenant(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.id, LIBRARY_TENANT_ID));
  if (existing) return;
  await db.insert(tenants).values({ id: LIBRARY_TENANT_ID, name: 'Asbuilt Library' });
  // An explicit id leaves the sequence behind; move it past the row just written.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('tenants', 'id'), (select max(id) from tenants))`,
  );
}

/** ADMIN_EMAIL/ADMIN_PASSWORD create the first Super Admin (unless that e-mail has an account). */
export async function ensureFirstAdmin(db: Db, admin: { email: string; password: string }): Promise<boolean> {
  const email = admin.email.trim().toLowerCase();
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  if (taken) return false;
  await db.insert(users).values({
    tenant_id: LIBRARY_TENANT_ID,
    email,
    username: email,
    fname: 'Super',
    lname: 'Admin',
    role: Role.SuperAdmin,
    password_hash: await hashPassword(admin.password),
  });
  return true;
}
