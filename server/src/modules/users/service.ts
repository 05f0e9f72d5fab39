import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { authorizeSelf } from '../../platform/policy.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { presentUser } from './present.ts';
import { emailTakenByOther, findUserWithTenant } from './queries.ts';

export interface ProfileChanges {
  id?: number;
  email: string;
  fname: string;
  lname: string;
  phone1?: string | null;
  phone2?: string | null;
}

export async function currentUser(ctx: AppContext, actor: Actor) {
  const found = await findUserWithTenant(ctx.db, actor.userId);
  return presentUser(found!.user, found!.tenantName);
}

/** One's own profile; the username follows the e-mail. */
export async function updateProfile(ctx: AppContext, actor: Actor, input: ProfileChanges) {
  authorizeSelf(actor, input.id);
  return ctx.db.transaction(async (tx) => {
    if (await emailTakenByOther(tx, input.email, actor.userId)) {
      throw conflict('This email is already used by another account');
    }
    const [user] = await tx
      .update(users)
      .set({
        email: input.email,
        username: input.email,
        fname: input.fname,
        lname: input.lname,
        phone1: input.phone1 ?? null,
        phone2: input.phone2 ?? null,
      })
      .where(eq(users.id, actor.userId))
      .returning();
    await logActivity(tx, actor, {
      objectModel: 'User',
      objectId: actor.userId,
      objectName: input.email,
      note: 'Profile updated',
    });
    const found = await findUserWithTenant(tx, actor.userId);
    return presentUser(user!, found?.tenantName);
  });
}

/** Changing one's password ends every session of the account, this one included. */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: { id?: number; oldPass: string; newPass: string },
) {
  authorizeSelf(actor, input.id);
  if (!(await verifyPassword(actor.user.password_hash, input.oldPass))) {
    throw badRequest('The old password is not correct');
  }
  const passwordHash = await hashPassword(input.newPass);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, actor.userId));
    await revokeUserSessions(tx, actor.userId);
    await logActivity(tx, actor, {
      objectModel: 'User',
      objectId: actor.userId,
      objectName: actor.user.email,
      note: 'Password changed',
    });
  });
}
