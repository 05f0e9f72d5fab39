import { RECENT_SIGN_IN_MINUTES, type SignInConfirmationDto } from '@asbuilt/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { sessions, users } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { checkOwnPassword } from '../users/own-password.ts';

/**
 * What confirms a change to the caller's ways in (removing a passkey, turning two-factor sign-in
 * off): the password of an account that has one. An account made by single sign-on has none; it
 * signs in only through its provider or with a passkey, so a session opened that way within
 * RECENT_SIGN_IN_MINUTES proves the same as a password typed now (as the vault's fresh code does
 * for the second factor). An older session, a login-as one or an API token proves nothing.
 */

const RECENT_MS = RECENT_SIGN_IN_MINUTES * 60_000;

async function passwordHashOf(ctx: AppContext, userId: number) {
  const [row] = await ctx.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}

/** When the caller's own session was opened; null for a login-as session or an API token. */
async function signedInAt(ctx: AppContext, actor: Actor): Promise<Date | null> {
  if (actor.apiToken || actor.impersonatorId !== null) return null;
  const [row] = await ctx.db
    .select({ at: sessions.created_at })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, actor.sessionId),
        eq(sessions.user_id, actor.userId),
        isNull(sessions.impersonator_id),
      ),
    );
  return row?.at ?? null;
}

/** What the profile's dialogs ask for: a password field, or a recent sign-in. */
export async function confirmationOf(ctx: AppContext, actor: Actor): Promise<SignInConfirmationDto> {
  if (await passwordHashOf(ctx, actor.userId)) return { method: 'password', recent_until: null };
  const at = await signedInAt(ctx, actor);
  const until = at ? new Date(at.getTime() + RECENT_MS) : null;
  return {
    method: 'recent_sign_in',
    recent_until: until && until.getTime() > Date.now() ? until.toISOString() : null,
  };
}

/**
 * Throws unless the change is confirmed: 400 `password_required` or `current_password_wrong`
 * (counted against guessing) for an account with a password; 403 `recent_sign_in_required` for one
 * without, whose web then offers to sign in again.
 */
export async function confirmOwnChange(ctx: AppContext, actor: Actor, password: string | undefined) {
  const hash = await passwordHashOf(ctx, actor.userId);
  if (hash) {
    if (!password) throw badRequest('password_required');
    await checkOwnPassword(ctx, actor, hash, password, 'current_password_wrong');
    return;
  }
  const at = await signedInAt(ctx, actor);
  if (!at || Date.now() - at.getTime() > RECENT_MS) throw forbidden('recent_sign_in_required');
}
