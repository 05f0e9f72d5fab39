/**
 * The accounts to sign in with. All share one password, hashed once (argon2 is slow on purpose):
 *   bench@asbuilt.bench   Integrator of the bench tenant: Full Access to its every site (rule 3,
 *                         and the creator's Full Access record a new site gets)
 *   reader@asbuilt.bench  User of the bench tenant: Reader on the big site only
 *   admin@asbuilt.bench   Super Admin (library tenant): every site of every tenant
 *   techNN@asbuilt.bench  Users of the bench tenant: Contributor on some sites (authors of the activity)
 */
import { LIBRARY_TENANT_ID, Role } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../server/src/db/client.ts';
import { users } from '../../server/src/db/schema.ts';
import { insertAll } from './insert.ts';
import type { UserRef, World } from './world.ts';

export const BENCH_PASSWORD = 'bench1234';
export const ACCOUNT_EMAILS = {
  bench: 'bench@asbuilt.bench',
  reader: 'reader@asbuilt.bench',
  admin: 'admin@asbuilt.bench',
};
const technicianEmail = (n: number) => `tech${String(n).padStart(2, '0')}@asbuilt.bench`;

/** The e-mails the generator would create that already have an account. */
export async function takenEmails(db: DbOrTx, technicians: number): Promise<string[]> {
  const wanted = [
    ...Object.values(ACCOUNT_EMAILS),
    ...Array.from({ length: technicians }, (_, i) => technicianEmail(i + 1)),
  ];
  const rows = (await db.execute(
    sql`select email from ${users} where lower(email) = any(${`{${wanted.join(',')}}`}::text[])`,
  )) as unknown as { rows: { email: string }[] };
  return rows.rows.map((row) => row.email);
}

/** The accounts, all with the one password hash; answers them for the later parts. */
export async function makeUsers(
  db: DbOrTx,
  tenantId: number,
  technicians: number,
  passwordHash: string,
): Promise<World['users']> {
  const people = [
    {
      email: ACCOUNT_EMAILS.bench,
      fname: 'Bench',
      lname: 'Integrator',
      role: Role.Integrator,
      tenant: tenantId,
    },
    { email: ACCOUNT_EMAILS.reader, fname: 'Bench', lname: 'Reader', role: Role.User, tenant: tenantId },
    {
      email: ACCOUNT_EMAILS.admin,
      fname: 'Bench',
      lname: 'Admin',
      role: Role.SuperAdmin,
      tenant: LIBRARY_TENANT_ID,
    },
    ...Array.from({ length: technicians }, (_, i) => ({
      email: technicianEmail(i + 1),
      fname: 'Tech',
      lname: String(i + 1).padStart(2, '0'),
      role: Role.User,
      tenant: tenantId,
    })),
  ];
  const ids = await insertAll(
    db,
    users,
    people.map((p) => ({
      tenant_id: p.tenant,
      email: p.email,
      username: p.email,
      fname: p.fname,
      lname: p.lname,
      role: p.role,
      password_hash: passwordHash,
    })),
  );
  const refs: UserRef[] = people.map((p, i) => ({
    id: ids[i]!,
    email: p.email,
    name: `${p.fname} ${p.lname}`,
  }));
  return { bench: refs[0]!, reader: refs[1]!, admin: refs[2]!, technicians: refs.slice(3) };
}
