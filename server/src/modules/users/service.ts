import type { Language } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { changesOf, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { authorizeSelf, can } from '../../platform/policy.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { presentUser } from './present.ts';
import { emailTakenByOther, findUserWithTenant } from './queries.ts';
import { checkOwnAccount } from './scope.ts';

export interface ProfileChanges {
  id?: number | undefined;
  email: string;
  fname: string;
  lname: string;
  /** Absent keeps the current phone; blank clears it. */
  phone1?: string | null | undefined;
  phone2?: string | null | undefined;
  /** Absent keeps the current language. */
  language?: Language | undefined;
  /** The user card on oneself sends these: role and state must stay as they are. */
  role?: number | undefined;
  user_status?: boolean | undefined;
  /** The user card on oneself: blank keeps; a new one ends every session, this one included. */
  password?: string | undefined;
}

export async function currentUser(ctx: AppContext, actor: Actor) {
  const found = await findUserWithTenant(ctx.db, actor.userId);
  return presentUser(found!.user, found!.tenantName);
}

/**
 * One's own profile (the profile form, or the user card on oneself); the username follows the
 * e-mail. One's own role and state stay; a password set here (the user card, staff only: others
 * use Change Password, which asks for the old one) signs every session out.
 */
export async function updateProfile(ctx: AppContext, actor: Actor, input: ProfileChanges) {
  authorizeSelf(actor, input.id);
  checkOwnAccount(actor.user, input);
  if (input.password && !can(actor, 'user:manage')) throw forbidden('use_change_password');
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return ctx.db.transaction(async (tx) => {
    if (await emailTakenByOther(tx, input.email, actor.userId)) {
      throw conflict('email_taken');
    }
    const values = {
      email: input.email,
      username: input.email,
      fname: input.fname,
      lname: input.lname,
      ...(input.phone1 !== undefined && { phone1: input.phone1 }),
      ...(input.phone2 !== undefined && { phone2: input.phone2 }),
      ...(input.language ? { language: input.language } : {}),
    };
    const [user] = await tx
      .update(users)
      .set({ ...values, ...(passwordHash ? { password_hash: passwordHash } : {}), updated_at: new Date() })
      .where(eq(users.id, actor.userId))
      .returning();
    if (passwordHash) await revokeUserSessions(tx, actor.userId);
    const changes = changesOf(actor.user, values) ?? {};
    if (passwordHash) changes.password_changed = { to: true };
    await logActivity(tx, actor, {
      objectModel: 'User',
      objectId: actor.userId,
      objectName: input.email,
      action: 'updated',
      note: 'Profile updated',
      changes,
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
  const stored = await findUserWithTenant(ctx.db, actor.userId);
  if (!(await verifyPassword(stored?.user.password_hash, input.oldPass))) {
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
      action: 'password_changed',
      note: 'Password changed',
    });
  });
}
