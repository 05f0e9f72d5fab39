import { Role } from '@asbuilt/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenants, users, userTokens } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import type { VerifiedIdentity } from './provider.ts';

interface TenantRules {
  tenant_id: number;
  create_users: boolean;
  new_user_role: number;
}

/**
 * The account a verified identity signs in as: the user of that e-mail in the provider's own
 * tenant, never anyone of another tenant nor a Super Admin, or (when the tenant allows it) a new
 * user of the chosen role, created on this first sign-in.
 */
export async function accountFor(
  ctx: AppContext,
  rules: TenantRules,
  identity: VerifiedIdentity & { email: string },
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: users.id, tenant_id: users.tenant_id, role: users.role, active: users.user_status })
      .from(users)
      .where(sql`lower(${users.email}) = ${identity.email} or lower(${users.username}) = ${identity.email}`)
      .limit(1);
    if (found) {
      if (found.tenant_id !== rules.tenant_id || found.role >= Role.SuperAdmin) {
        throw forbidden('sso_user_other_tenant');
      }
      if (!found.active && !(await acceptInvitation(tx, found.id))) throw forbidden('account_inactive');
      return found.id;
    }
    if (!rules.create_users) throw forbidden('sso_user_unknown');
    // A role above Integrator is never given this way, whatever was stored.
    const role = Math.min(rules.new_user_role, Role.Integrator);
    const [created] = await tx
      .insert(users)
      .values({
        tenant_id: rules.tenant_id,
        username: identity.email,
        email: identity.email,
        fname: identity.givenName,
        lname: identity.familyName,
        role,
        user_status: true,
        password_hash: null,
      })
      .returning();
    await logActivity(
      tx,
      { userId: created!.id, tenantId: created!.tenant_id, user: created! },
      {
        objectModel: 'User',
        objectId: created!.id,
        objectName: created!.email,
        action: 'created',
        note: 'User created on a first single sign-on',
        tenantId: created!.tenant_id,
        changes: { email: { to: created!.email }, role: { to: role } },
      },
    );
    return created!.id;
  });
}

/**
 * An invited user who signs in through the tenant's provider takes the invitation there: the
 * account becomes active and its invitation is used up. Without a live invitation, an inactive
 * account stays refused (deactivated by an administrator).
 */
async function acceptInvitation(tx: DbOrTx, userId: number): Promise<boolean> {
  const used = await tx
    .update(userTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(userTokens.user_id, userId),
        eq(userTokens.kind, 'invite'),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, new Date()),
      ),
    )
    .returning({ id: userTokens.id });
  if (used.length === 0) return false;
  const [user] = await tx.update(users).set({ user_status: true }).where(eq(users.id, userId)).returning();
  await logActivity(
    tx,
    { userId, tenantId: user!.tenant_id, user: user! },
    {
      objectModel: 'User',
      objectId: userId,
      objectName: user!.email,
      action: 'updated',
      note: 'Invitation accepted through single sign-on',
      tenantId: user!.tenant_id,
      changes: { user_status: { from: false, to: true } },
    },
  );
  return true;
}

/** Whether the tenant's active account may still sign in at all (tenant switched off: no). */
export async function tenantActive(ctx: AppContext, tenantId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ active: tenants.tenant_status })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.active ?? false;
}
