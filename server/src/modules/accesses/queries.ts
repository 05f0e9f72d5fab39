import { canChangeAccessOf, type SiteAccessDto } from '@asbuilt/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { siteAccesses, sites, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { presentAccess } from './present.ts';

/**
 * Accesses matching `where`, with their users, in id order; with `viewer`, each says whether the
 * viewer may change it (the web hides what the server would refuse).
 */
export async function loadAccesses(db: DbOrTx, where: SQL, viewer?: Actor): Promise<SiteAccessDto[]> {
  const rows = await db
    .select({ access: siteAccesses, user: users, siteTenantId: sites.tenant_id })
    .from(siteAccesses)
    .innerJoin(users, eq(users.id, siteAccesses.user_id))
    .innerJoin(sites, eq(sites.id, siteAccesses.site_id))
    .where(where)
    .orderBy(asc(siteAccesses.id));
  return rows.map((r) => {
    const dto = presentAccess(r.access, r.user, r.siteTenantId);
    if (!viewer) return dto;
    const changeable = canChangeAccessOf(
      { id: viewer.userId, role: viewer.role },
      { id: r.user.id, tenantId: r.user.tenant_id, role: r.user.role },
      { tenantId: r.siteTenantId },
    );
    return { ...dto, changeable };
  });
}

export async function loadAccess(db: DbOrTx, id: number): Promise<SiteAccessDto> {
  const [dto] = await loadAccesses(db, eq(siteAccesses.id, id));
  return dto!;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function accessOf(db: DbOrTx, siteId: number, userId: number) {
  const [row] = await db
    .select()
    .from(siteAccesses)
    .where(and(eq(siteAccesses.site_id, siteId), eq(siteAccesses.user_id, userId)));
  return row;
}
