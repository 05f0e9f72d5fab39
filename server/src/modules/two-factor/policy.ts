import { tenantTwoFactorPolicies } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { logoTenant } from '../tenant/scope.ts';
import { tenantRequires } from './gate.ts';

/**
 * The tenant's policy (its Integrators, on the tenant settings page; a Super Admin names the
 * tenant): require two-factor sign-in of every user. Another tenant answers 404.
 */
export async function policyOf(ctx: AppContext, actor: Actor, tenantId: number | undefined) {
  const id = await logoTenant(ctx.db, actor, tenantId);
  return { require_two_factor: await tenantRequires(ctx.db, id) };
}

export async function setPolicy(
  ctx: AppContext,
  actor: Actor,
  tenantId: number | undefined,
  required: boolean,
) {
  const id = await logoTenant(ctx.db, actor, tenantId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(tenantTwoFactorPolicies)
      .values({ tenant_id: id, require_two_factor: required })
      .onConflictDoUpdate({
        target: tenantTwoFactorPolicies.tenant_id,
        set: { require_two_factor: required, updated_at: new Date() },
      });
    await logActivity(tx, actor, {
      objectModel: 'Tenant',
      objectId: id,
      action: 'updated',
      note: required ? 'Two-factor sign-in required' : 'Two-factor sign-in no longer required',
      tenantId: id,
      changes: { require_two_factor: { to: required } },
    });
  });
  return { require_two_factor: required };
}
