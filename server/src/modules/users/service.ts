import type { Language } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { changesOf, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { authorizeSelf } from '../../platform/policy.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { presentMe } from './email-change.ts';
import { checkOwnPassword } from './own-password.ts';
import { findUserWithTenant } from './queries.ts';
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
  /** The user card on oneself: must be blank (Change Password asks for the old one). */
  password?: string | undefined;
}

export function currentUser(ctx: AppContext, actor: Actor) {
  return presentMe(ctx.db, actor.userId);
}

/**
 * One's own profile (the profile form, or the user card on oneself). One's own role and state
 * stay; the e-mail (the sign-in) changes only through a confirmed link (email-change.ts), a case
 * change aside; a password only through Change Password, which asks for the old one.
 */
export async function updateProfile(ctx: AppContext, actor: Actor, input: ProfileChanges) {
  authorizeSelf(actor, input.id);
  checkOwnAccount(actor.user, input);
  if (input.password) throw forbidden('use_change_password');
  if (input.email.toLowerCase() !== actor.user.email.toLowerCase()) {
    throw forbidden('email_change_needs_confirmation');
  }
  return ctx.db.transaction(async (tx) => {
    const values = {
      email: input.email,
      username: input.email,
      fname: input.fname,
      lname: input.lname,
      ...(input.phone1 !== undefined && { phone1: input.phone1 }),
      ...(input.phone2 !== undefined && { phone2: input.phone2 }),
      ...(input.language ? { language: input.language } : {}),
    };
    await tx
      .update(users)
      .set({ ...values, updated_at: new Date() })
      .where(eq(users.id, actor.userId));
    await logActivity(tx, actor, {
      objectModel: 'User',
      objectId: actor.userId,
      objectName: input.email,
      action: 'updated',
      note: 'Profile updated',
      changes: changesOf(actor.user, values) ?? {},
    });
    return presentMe(tx, actor.userId);
  });
}

/**
 * The account menu's language switch: a preference of one's own, applied to the screens and
 * the mails; not an activity worth a log entry.
 */
export async function updateLanguage(ctx: AppContext, actor: Actor, language: Language) {
  await ctx.db.update(users).set({ language }).where(eq(users.id, actor.userId));
  return presentMe(ctx.db, actor.userId);
}

/** Changing one's password ends every session of the account, this one included. */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: { id?: number; oldPass: string; newPass: string },
) {
  authorizeSelf(actor, input.id);
  const stored = await findUserWithTenant(ctx.db, actor.userId);
  await checkOwnPassword(ctx, actor, stored?.user.password_hash, input.oldPass, 'old_password_wrong');
  const passwordHash = await hashPassword(input.newPass);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, password_changed_at: new Date() })
      .where(eq(users.id, actor.userId));
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
