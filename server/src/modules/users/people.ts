import {
  Role,
  sitePermission,
  type UserCreateInput,
  type UserDto,
  type UserSiteAccess,
  type UserUpdateInput,
} from '@asbuilt/domain';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts, siteAccesses, sites, tenants, users } from '../../db/schema.ts';
import { changesOf, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { authorize } from '../../platform/policy.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { presentAccess } from '../accesses/present.ts';
import { presentUser } from './present.ts';
import { emailTakenByOther } from './queries.ts';

/**
 * The user card's calls (core.md sections 2, 4, 5, 6): tenant staff (roles 2 and above) manage
 * the users of their own tenant with roles 1 to 3; the Super Admin manages everyone with roles
 * 1 to 5 and any tenant. Nobody deletes themselves; a deleted user's log entries keep the name.
 */
export type Scope = 'tenant' | 'admin';

type UserRow = typeof users.$inferSelect;

function authorizeScope(actor: Actor, scope: Scope) {
  authorize(actor, scope === 'admin' ? 'admin:access' : 'tenant:manage');
}

const maxRole = (scope: Scope) => (scope === 'admin' ? Role.SuperAdmin : Role.Integrator);

/** A user the caller manages: another tenant's answers 404; one above the form's roles 403. */
async function requireManaged(tx: DbOrTx, actor: Actor, scope: Scope, id: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  if (!row || (scope === 'tenant' && row.tenant_id !== actor.tenantId)) throw notFound('user_not_found');
  if (row.role > maxRole(scope)) throw forbidden('role_too_high');
  return row;
}

function checkRole(scope: Scope, role: number | undefined) {
  if (role !== undefined && role > maxRole(scope)) throw forbidden('role_too_high');
}

async function tenantName(db: DbOrTx, tenantId: number) {
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw badRequest('tenant_not_found');
  return row.name;
}

async function logUser(
  tx: DbOrTx,
  actor: Actor,
  row: UserRow,
  note: string,
  changes: ReturnType<typeof changesOf>,
) {
  await logActivity(tx, actor, {
    objectModel: 'User',
    objectId: row.id,
    objectName: row.email,
    note,
    tenantId: row.tenant_id,
    changes,
  });
}

/** GET /api/tenant/users, /api/admin/users */
export async function listUsers(ctx: AppContext, actor: Actor, scope: Scope): Promise<UserDto[]> {
  authorizeScope(actor, scope);
  const rows = await ctx.db
    .select({ user: users, tenantName: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenant_id))
    .where(scope === 'admin' ? undefined : eq(users.tenant_id, actor.tenantId))
    .orderBy(asc(users.id));
  return rows.map((r) => presentUser(r.user, r.tenantName));
}

/** GET /api/global/user_list: the users the caller may see (own tenant; everyone for the Super Admin). */
export async function userList(ctx: AppContext, actor: Actor): Promise<UserDto[]> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(actor.role === Role.SuperAdmin ? undefined : eq(users.tenant_id, actor.tenantId))
    .orderBy(asc(users.id));
  return rows.map((row) => presentUser(row));
}

/**
 * GET /api/tenant/users?id=: the user and the Access rights tab: each site of the user's tenant,
 * and each site of the caller's reach where the user holds an access.
 */
export async function userDetail(ctx: AppContext, actor: Actor, scope: Scope, id: number) {
  authorizeScope(actor, scope);
  const user = await requireManaged(ctx.db, actor, scope, id);
  const reach = scope === 'admin' ? undefined : eq(sites.tenant_id, actor.tenantId);
  const rows = await ctx.db
    .select({ site: sites, access: siteAccesses })
    .from(sites)
    .leftJoin(siteAccesses, and(eq(siteAccesses.site_id, sites.id), eq(siteAccesses.user_id, user.id)))
    .where(and(reach, or(eq(sites.tenant_id, user.tenant_id), sql`${siteAccesses.id} is not null`)))
    .orderBy(asc(sites.name), asc(sites.id));
  const sitesOf: UserSiteAccess[] = rows.map(({ site, access }) => ({
    site: {
      id: site.id,
      name: site.name,
      image: ctx.storage.signedUrl(site.image),
      tenant_id: site.tenant_id,
    },
    access: access ? presentAccess(access, user, site.tenant_id) : null,
    permission: sitePermission(
      { id: user.id, tenantId: user.tenant_id, role: user.role },
      { tenantId: site.tenant_id },
      access ? { userRole: access.user_role, active: access.active, validity: access.validity } : null,
    ),
  }));
  return { user: presentUser(user, await tenantName(ctx.db, user.tenant_id)), sites: sitesOf };
}

/** POST /api/tenant/users, /api/admin/users */
export async function createUser(ctx: AppContext, actor: Actor, scope: Scope, input: UserCreateInput) {
  authorizeScope(actor, scope);
  checkRole(scope, input.role);
  const tenantId = scope === 'admin' && input.tenant_id ? input.tenant_id : actor.tenantId;
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const name = await tenantName(tx, tenantId);
    if (await emailTakenByOther(tx, input.email, 0)) throw conflict('email_taken');
    const values = {
      tenant_id: tenantId,
      email: input.email,
      username: input.email,
      fname: input.fname,
      lname: input.lname,
      phone1: input.phone1 ?? null,
      phone2: input.phone2 ?? null,
      role: input.role ?? Role.User,
      user_status: input.user_status ?? true,
      language: input.language ?? actor.user.language,
    };
    const [row] = await tx
      .insert(users)
      .values({ ...values, password_hash: passwordHash })
      .returning();
    await logUser(tx, actor, row!, 'User Created', changesOf(null, values));
    return presentUser(row!, name);
  });
}

/** PUT with the id of another user: the user card. A password set here ends the user's sessions. */
export async function updateUser(ctx: AppContext, actor: Actor, scope: Scope, input: UserUpdateInput) {
  authorizeScope(actor, scope);
  checkRole(scope, input.role);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return ctx.db.transaction(async (tx) => {
    const current = await requireManaged(tx, actor, scope, input.id);
    if (input.id === actor.userId && input.role !== undefined && input.role !== current.role) {
      throw forbidden('own_role_unchangeable');
    }
    if (input.email && (await emailTakenByOther(tx, input.email, current.id))) throw conflict('email_taken');
    const tenantId = scope === 'admin' && input.tenant_id ? input.tenant_id : current.tenant_id;
    const name = await tenantName(tx, tenantId);
    const changes: Partial<UserRow> = {
      ...(input.email !== undefined && { email: input.email, username: input.email }),
      ...(input.fname !== undefined && { fname: input.fname }),
      ...(input.lname !== undefined && { lname: input.lname }),
      ...(input.phone1 !== undefined && { phone1: input.phone1 }),
      ...(input.phone2 !== undefined && { phone2: input.phone2 }),
      ...(input.role !== undefined && { role: input.role }),
      ...(input.user_status !== undefined && { user_status: input.user_status }),
      ...(input.language !== undefined && { language: input.language }),
      ...(tenantId !== current.tenant_id && { tenant_id: tenantId }),
    };
    const [row] = await tx
      .update(users)
      .set({ ...changes, ...(passwordHash ? { password_hash: passwordHash } : {}), updated_at: new Date() })
      .where(eq(users.id, current.id))
      .returning();
    // A new password, or an account switched off, ends the open sessions at once.
    if (passwordHash || input.user_status === false) await revokeUserSessions(tx, current.id);
    const logged = changesOf(current, changes) ?? {};
    if (passwordHash) logged.password_changed = { to: true };
    await logUser(tx, actor, row!, 'User Updated', logged);
    return presentUser(row!, name);
  });
}

/** DELETE: not oneself; contacts of the user keep the name, e-mail and phones; logs keep the name. */
export async function deleteUser(ctx: AppContext, actor: Actor, scope: Scope, id: number) {
  authorizeScope(actor, scope);
  if (id === actor.userId) throw forbidden('cannot_delete_self');
  return ctx.db.transaction(async (tx) => {
    const user = await requireManaged(tx, actor, scope, id);
    const linked = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.user_id, user.id));
    if (linked.length) {
      await tx
        .update(contacts)
        .set({
          user_id: null,
          fname: user.fname,
          lname: user.lname,
          email: user.email,
          phone1: user.phone1,
          phone2: user.phone2,
        })
        .where(
          inArray(
            contacts.id,
            linked.map((c) => c.id),
          ),
        );
    }
    await logUser(tx, actor, user, 'User Deleted', {
      email: { from: user.email },
      role: { from: user.role },
    });
    await tx.delete(users).where(eq(users.id, user.id));
    return { message: `User ${user.id} Deleted` };
  });
}
