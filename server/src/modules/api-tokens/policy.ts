import { type ApiTokenPolicyDto, Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiTokenPolicies, tenants } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { authorize, can } from '../../platform/policy.ts';

/** The tenant's token rule; no row means none. */
export async function tokenPolicyOf(db: DbOrTx, tenantId: number) {
  const [row] = await db
    .select({ require_expiry: apiTokenPolicies.require_expiry })
    .from(apiTokenPolicies)
    .where(eq(apiTokenPolicies.tenant_id, tenantId));
  return { require_expiry: row?.require_expiry ?? false };
}

/** The tenant named (a Super Admin's choice) or the caller's own; another tenant answers 404. */
async function policyTenant(db: DbOrTx, actor: Actor, tenantId: number | undefined): Promise<number> {
  const id = tenantId ?? actor.tenantId;
  if (id !== actor.tenantId && actor.role !== Role.SuperAdmin) throw notFound('tenant_not_found');
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id)).limit(1);
  if (!row) throw notFound('tenant_not_found');
  return row.id;
}

/** GET /api/tenant/token_policy: every user reads their own tenant's rule (the profile form needs it). */
export async function readTokenPolicy(
  ctx: AppContext,
  actor: Actor,
  tenantId: number | undefined,
): Promise<ApiTokenPolicyDto> {
  const id = await policyTenant(ctx.db, actor, tenantId);
  return { tenant_id: id, ...(await tokenPolicyOf(ctx.db, id)), can_edit: can(actor, 'tenant:settings') };
}

/**
 * PUT /api/tenant/token_policy: an Integrator of the tenant (or the Super Admin) forbids or allows
 * tokens without expiry. Tokens made before keep their expiry: the rule is for new tokens.
 */
export async function setTokenPolicy(
  ctx: AppContext,
  actor: Actor,
  tenantId: number | undefined,
  requireExpiry: boolean,
): Promise<ApiTokenPolicyDto> {
  const id = await policyTenant(ctx.db, actor, tenantId);
  authorize(actor, 'tenant:settings');
  await ctx.db
    .insert(apiTokenPolicies)
    .values({ tenant_id: id, require_expiry: requireExpiry })
    .onConflictDoUpdate({
      target: apiTokenPolicies.tenant_id,
      set: { require_expiry: requireExpiry, updated_at: new Date() },
    });
  return { tenant_id: id, require_expiry: requireExpiry, can_edit: true };
}
