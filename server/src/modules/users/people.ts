import { type LogAction, Role, type UserCreateInput, type UserUpdateInput } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { changesOf, createdFields, logActivity, removedFields } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { revokeImpersonations, revokeUserSessions } from '../../platform/sessions.ts';
import { handOverContacts } from './contacts-handover.ts';
import { passwordSetMail } from './mails.ts';
import { presentUser } from './present.ts';
import { emailTakenByOther } from './queries.ts';
import {
  authorizeScope,
  checkOwnAccount,
  checkRole,
  checkTakeOver,
  requireManaged,
  type Scope,
  tenantName,
  type UserRow,
} from './scope.ts';

/**
 * The user card's changes (core.md sections 2, 4, 5, 6): create, edit and delete the users the
 * caller manages (see scope.ts). Nobody deletes themselves; a deleted user's log entries keep the
 * name and their contacts keep the details. Every change is logged in its transaction.
 */

async function logUser(
  tx: DbOrTx,
  actor: Actor,
  row: UserRow,
  action: LogAction,
  note: string,
  changes: ReturnType<typeof changesOf>,
) {
  await logActivity(tx, actor, {
    objectModel: 'User',
    objectId: row.id,
    objectName: row.email,
    action,
    note,
    tenantId: row.tenant_id,
    changes,
  });
}

/** POST /api/tenant/users (own tenant, roles 1 to 3), /api/admin/users (any tenant, roles 1 to 5). */
export async function createUser(ctx: AppContext, actor: Actor, scope: Scope, input: UserCreateInput) {
  authorizeScope(actor, scope);
  checkRole(actor, scope, input.role);
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
    await logUser(tx, actor, row!, 'created', 'User Created', createdFields(values));
    return presentUser(row!, name);
  });
}

/**
 * PUT with the id of a user: the user card. A blank password keeps the current one; a new one,
 * or an account switched off, ends that user's sessions at once. Another user's password or
 * e-mail (either hands over the account) only for a role below the caller's; a set password is
 * mailed to its owner (never the password itself), so that it cannot be changed behind their back.
 */
export async function updateUser(ctx: AppContext, actor: Actor, scope: Scope, input: UserUpdateInput) {
  authorizeScope(actor, scope);
  checkRole(actor, scope, input.role);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const row = await ctx.db.transaction(async (tx) => {
    const current = await requireManaged(tx, actor, scope, input.id);
    const emailChanged = input.email !== undefined && input.email !== current.email.toLowerCase();
    if (current.id === actor.userId) {
      checkOwnAccount(current, input);
      if (passwordHash) throw forbidden('use_change_password');
      if (emailChanged) throw forbidden('email_change_needs_confirmation');
    }
    if (passwordHash) checkTakeOver(actor, current, 'password');
    if (emailChanged) checkTakeOver(actor, current, 'email');
    if (emailChanged && (await emailTakenByOther(tx, input.email!, current.id))) {
      throw conflict('email_taken');
    }
    const tenantId = scope === 'admin' && input.tenant_id ? input.tenant_id : current.tenant_id;
    const name = await tenantName(tx, tenantId);
    const changes: Partial<UserRow> = {
      ...(emailChanged && { email: input.email, username: input.email }),
      ...(input.fname !== undefined && { fname: input.fname }),
      ...(input.lname !== undefined && { lname: input.lname }),
      ...(input.phone1 !== undefined && { phone1: input.phone1 }),
      ...(input.phone2 !== undefined && { phone2: input.phone2 }),
      ...(input.role !== undefined && { role: input.role }),
      ...(input.user_status !== undefined && { user_status: input.user_status }),
      ...(input.language !== undefined && { language: input.language }),
      ...(tenantId !== current.tenant_id && { tenant_id: tenantId }),
    };
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({
        ...changes,
        // A manager's address replaces one the user was still confirming (its link stops working).
        ...(emailChanged && { pending_email: null }),
        ...(passwordHash && { password_hash: passwordHash, password_changed_at: now }),
        updated_at: now,
      })
      .where(eq(users.id, current.id))
      .returning();
    if (passwordHash || (input.user_status === false && current.user_status)) {
      await revokeUserSessions(tx, current.id);
    } else if (current.role >= Role.SuperAdmin && row!.role < Role.SuperAdmin) {
      // A demoted Super Admin's login-as sessions end now, not only while the demotion lasts.
      await revokeImpersonations(tx, current.id);
    }
    const logged = changesOf(current, changes) ?? {};
    if (passwordHash) logged.password_changed = { to: true };
    await logUser(tx, actor, row!, 'updated', passwordHash ? 'Password set' : 'User Updated', logged);
    return { row: row!, name };
  });
  if (passwordHash) await ctx.mailer.send(passwordSetMail(row.row));
  return presentUser(row.row, row.name);
}

/**
 * DELETE: not oneself. The log entries keep the user's name (their user_id turns null), the
 * contacts turn unregistered with the user's details; accesses, sessions and tokens go with the
 * user (every other reference to a user is set null by its foreign key).
 */
export async function deleteUser(ctx: AppContext, actor: Actor, scope: Scope, id: number) {
  authorizeScope(actor, scope);
  if (id === actor.userId) throw forbidden('cannot_delete_self');
  return ctx.db.transaction(async (tx) => {
    const user = await requireManaged(tx, actor, scope, id);
    await handOverContacts(tx, actor, user);
    await logUser(
      tx,
      actor,
      user,
      'deleted',
      'User Deleted',
      removedFields(user, ['email', 'fname', 'lname', 'phone1', 'phone2', 'role', 'user_status']),
    );
    await tx.delete(users).where(eq(users.id, user.id));
    return { message: `User ${user.id} Deleted` };
  });
}
