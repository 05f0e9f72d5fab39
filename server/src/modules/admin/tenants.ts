import type { AdminTenantDto, TenantCreateInput, TenantUpdateInput } from '@asbuilt/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, sites, tenants, users } from '../../db/schema.ts';
import { changesOf, createdFields, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { storageUsed } from '../uploads/quota.ts';
import { memberName, presentTenant, type TenantMembers, type TenantRow } from './present.ts';

/**
 * Tenants (spatial-and-admin.md sections 2, 3, 7). A tenant switched off signs its users out at
 * once: their sessions are revoked in the same transaction, and the session lookup and sign-in
 * refuse users of an inactive tenant (platform/sessions.ts, auth service) until it is switched on.
 */

/** The users and sites of the given tenants (all of them when `ids` is null), by tenant. */
async function membersOf(db: DbOrTx, ids: number[] | null): Promise<Map<number, TenantMembers>> {
  const userRows = await db
    .select({
      id: users.id,
      tenant_id: users.tenant_id,
      username: users.username,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
    })
    .from(users)
    .where(ids ? inArray(users.tenant_id, ids) : undefined)
    .orderBy(asc(users.lname), asc(users.fname), asc(users.id));
  const siteRows = await db
    .select({ id: sites.id, tenant_id: sites.tenant_id, name: sites.name })
    .from(sites)
    .where(ids ? inArray(sites.tenant_id, ids) : undefined)
    .orderBy(asc(sites.name), asc(sites.id));
  const byTenant = new Map<number, TenantMembers>();
  const entry = (tenantId: number) => {
    let members = byTenant.get(tenantId);
    if (!members) {
      members = { users: [], sites: [] };
      byTenant.set(tenantId, members);
    }
    return members;
  };
  for (const u of userRows)
    entry(u.tenant_id).users.push({ id: u.id, username: u.username, name: memberName(u) });
  for (const s of siteRows) entry(s.tenant_id).sites.push({ id: s.id, name: s.name });
  return byTenant;
}

const NO_MEMBERS: TenantMembers = { users: [], sites: [] };

async function presentOne(ctx: AppContext, db: DbOrTx, row: TenantRow): Promise<AdminTenantDto> {
  const members = await membersOf(db, [row.id]);
  const used = await storageUsed(db, [row.id]);
  return presentTenant(row, members.get(row.id) ?? NO_MEMBERS, {
    usedBytes: used.get(row.id) ?? 0,
    defaultQuotaMb: ctx.config.storageQuotaMb,
    signUrl: (key) => ctx.storage.signedUrl(key),
  });
}

/** GET /api/admin/tenants: every tenant with its users and sites. */
export async function listTenants(ctx: AppContext, actor: Actor): Promise<AdminTenantDto[]> {
  authorize(actor, 'admin:access');
  const rows = await ctx.db.select().from(tenants).orderBy(asc(tenants.name), asc(tenants.id));
  const members = await membersOf(ctx.db, null);
  const used = await storageUsed(ctx.db, null);
  return rows.map((row) =>
    presentTenant(row, members.get(row.id) ?? NO_MEMBERS, {
      usedBytes: used.get(row.id) ?? 0,
      defaultQuotaMb: ctx.config.storageQuotaMb,
      signUrl: (key) => ctx.storage.signedUrl(key),
    }),
  );
}

/** POST /api/admin/tenants */
export async function createTenant(ctx: AppContext, actor: Actor, input: TenantCreateInput) {
  authorize(actor, 'admin:access');
  const values = {
    name: input.name,
    tenant_status: input.tenant_status ?? true,
    storage_quota_mb: input.storage_quota_mb ?? null,
  };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(tenants).values(values).returning();
    await logActivity(tx, actor, {
      objectModel: 'Tenant',
      objectId: row!.id,
      objectName: row!.name,
      action: 'created',
      note: 'Tenant created',
      tenantId: row!.id,
      changes: createdFields(values),
    });
    return presentTenant(row!, NO_MEMBERS, {
      usedBytes: 0,
      defaultQuotaMb: ctx.config.storageQuotaMb,
      signUrl: (key) => ctx.storage.signedUrl(key),
    });
  });
}

/** PUT /api/admin/tenants: switching a tenant off ends its users' sessions in the same transaction. */
export async function updateTenant(ctx: AppContext, actor: Actor, input: TenantUpdateInput) {
  authorize(actor, 'admin:access');
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(tenants).where(eq(tenants.id, input.id)).limit(1).for('update');
    if (!existing) throw notFound('tenant_not_found');
    const set: Partial<Pick<TenantRow, 'name' | 'tenant_status' | 'storage_quota_mb'>> = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.tenant_status !== undefined) set.tenant_status = input.tenant_status;
    if (input.storage_quota_mb !== undefined) set.storage_quota_mb = input.storage_quota_mb;
    const changes = changesOf(existing, set);
    if (!changes) return presentOne(ctx, tx, existing);
    if (set.tenant_status === false && existing.id === actor.tenantId)
      throw forbidden('own_tenant_unchangeable');

    const [row] = await tx.update(tenants).set(set).where(eq(tenants.id, existing.id)).returning();
    let ended = 0;
    if (existing.tenant_status && set.tenant_status === false) {
      const revoked = await tx
        .update(sessions)
        .set({ revoked_at: new Date() })
        .where(
          and(
            isNull(sessions.revoked_at),
            inArray(
              sessions.user_id,
              tx.select({ id: users.id }).from(users).where(eq(users.tenant_id, existing.id)),
            ),
          ),
        )
        .returning({ id: sessions.id });
      ended = revoked.length;
    }
    await logActivity(tx, actor, {
      objectModel: 'Tenant',
      objectId: row!.id,
      objectName: row!.name,
      action: 'updated',
      note: ended > 0 ? `Tenant updated; ${ended} sessions ended` : 'Tenant updated',
      tenantId: row!.id,
      changes,
    });
    return presentOne(ctx, tx, row!);
  });
}
