import { canManageUserOfRole, canTakeOverUserOfRole, Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenants, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';

/**
 * Who the user card reaches (core.md sections 4, 6): under /api/tenant/users, staff (role 2 and
 * above) and the users of their own tenant with roles 1 to 3; under /api/admin/users, the Super
 * Admin and everyone with roles 1 to 5.
 */
export type Scope = 'tenant' | 'admin';

export type UserRow = typeof users.$inferSelect;

export function authorizeScope(actor: Actor, scope: Scope): void {
  authorize(actor, scope === 'admin' ? 'admin:access' : 'user:manage');
}

export const maxRole = (scope: Scope): number => (scope === 'admin' ? Role.SuperAdmin : Role.Integrator);

/**
 * A role the form may give: above the form's range answers 403 `role_too_high`; above the
 * caller's own role (a Building Owner making an Integrator) 403 `role_above_yours`.
 */
export function checkRole(actor: Actor, scope: Scope, role: number | undefined): void {
  if (role === undefined) return;
  if (role > maxRole(scope)) throw forbidden('role_too_high');
  if (!canManageUserOfRole(actor.role, role)) throw forbidden('role_above_yours');
}

/**
 * A user the caller manages: another tenant's answers 404; one above the form's roles 403. To
 * change them (not only open their card) their role must also be at most the caller's.
 */
export async function requireManaged(
  tx: DbOrTx,
  actor: Actor,
  scope: Scope,
  id: number,
  purpose: 'read' | 'change' = 'change',
): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  if (!row || (scope === 'tenant' && row.tenant_id !== actor.tenantId)) throw notFound('user_not_found');
  if (row.role > maxRole(scope)) throw forbidden('role_too_high');
  if (purpose === 'change' && !canManageUserOfRole(actor.role, row.role)) {
    throw forbidden('user_above_your_role');
  }
  return row;
}

/** Another user's password or e-mail: only for a role strictly below the caller's. */
export function checkTakeOver(actor: Actor, target: Pick<UserRow, 'role'>, what: 'password' | 'email'): void {
  if (canTakeOverUserOfRole(actor.role, target.role)) return;
  throw forbidden(what === 'password' ? 'password_set_not_allowed' : 'email_set_not_allowed');
}

/** One's own role and state stay as they are, whatever form sends them. */
export function checkOwnAccount(
  current: Pick<UserRow, 'role' | 'user_status'>,
  input: { role?: number | undefined; user_status?: boolean | undefined },
): void {
  if (input.role !== undefined && input.role !== current.role) throw forbidden('own_role_unchangeable');
  if (input.user_status !== undefined && input.user_status !== current.user_status) {
    throw forbidden('own_status_unchangeable');
  }
}

export async function tenantName(db: DbOrTx, tenantId: number): Promise<string> {
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw badRequest('tenant_not_found');
  return row.name;
}
