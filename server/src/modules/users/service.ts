import type { Language } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { authorizeSelf } from '../../platform/policy.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { presentUser } from './present.ts';
import { emailTakenByOther, findUserWithTenant } from './queries.ts';

export interface ProfileChanges {
  id?: number;
  email: string;
  fname: string;
  lname: string;
  phone1?: string | null;
  phone2?: string | null;
  /** Absent keeps the current language. */
  language?: Language | undefined;
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
      throw conflict('email_taken');
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
        ...(input.language ? { language: input.language } : {}),
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

/**
 * The account menu's language switch: a preference of one's own, applied to the screens and
 * the mails; not an activity worth a log entry.
 */
export async function updateLanguage(ctx: AppContext, actor: Actor, language: Language) {
  const [user] = await ctx.db.update(users).set({ language }).where(eq(users.id, actor.userId)).returning();
  const found = await findUserWithTenant(ctx.db, actor.userId);
  return presentUser(user!, found?.tenantName);
}

/** Changing one's password ends every session of the account, this one included. */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: { id?: number; oldPass: string; newPass: string },
) {
  authorizeSelf(actor, input.id);
  if (!(await verifyPassword(actor.user.password_hash, input.oldPass))) {
    throw badRequest('old_password_wrong');
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
