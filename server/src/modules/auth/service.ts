import { RESET_TOKEN_TTL_MINUTES } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { type Author, changesOf, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext, RequestMeta } from '../../platform/context.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { HASH_THREADS, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { authorize } from '../../platform/policy.ts';
import {
  createSession,
  LOGIN_AS_MAX_HOURS,
  revokeSession,
  revokeUserSessions,
} from '../../platform/sessions.ts';
import { slots } from '../../platform/slots.ts';
import { hashToken, safeEqual } from '../../platform/tokens.ts';
import { passwordSignInOff } from '../sso/password-policy.ts';
import { secondStep } from '../two-factor/gate.ts';
import { checkLoginAsCode } from '../two-factor/sign-in.ts';
import { presentUser } from '../users/present.ts';
import { findUserByLogin, findUserWithTenant } from '../users/queries.ts';
import { consumeUserToken, issueUserToken } from '../users/tokens.ts';
import { forgotLimits, loginAsLimit, loginLimits } from './limits.ts';
import { resetPasswordMail } from './mails.ts';

/**
 * Sign-ins go through a few at a time: a burst of fifty would otherwise send all its look-ups to
 * the database at once, ahead of everyone's reads, only to wait for the hash threads anyway.
 */
const signInGate = slots(2 * HASH_THREADS);

/** `rememberedBrowser`: the token of the cookie that skips the second step (two-factor/browsers.ts). */
export function login(
  ctx: AppContext,
  input: { username: string; password: string },
  meta: RequestMeta,
  rememberedBrowser?: string,
) {
  return signInGate(() => signIn(ctx, input, meta, rememberedBrowser));
}

async function signIn(
  ctx: AppContext,
  input: { username: string; password: string },
  meta: RequestMeta,
  rememberedBrowser?: string,
) {
  const account = loginLimits.accountFailures(input.username);
  const address = loginLimits.addressFailures(meta.ip);
  const successes = loginLimits.addressSuccesses(meta.ip);
  // Every attempt takes a failure of its account and address and a sign-in of its address before
  // the password is checked: under a burst, exactly the allowed number of guesses get an answer.
  // What the outcome does not spend is given back below.
  await ctx.limiter.take(address, account, successes);

  const found = await findUserByLogin(ctx.db, input.username);
  // An unknown user, a wrong password and a deactivated account (or tenant) answer the same, after
  // the same work: the hash is checked in every case, and each counts as a failure.
  const verified = await verifyPassword(found?.user.password_hash, input.password);
  if (!verified || !found?.user.user_status || !found.tenantActive) {
    await ctx.limiter.giveBackStatement(successes);
    throw unauthorized('bad_credentials');
  }

  // A tenant that signs in through its own provider only: a right password opens nothing (issue 46).
  if (await passwordSignInOff(ctx.db, found.user)) {
    await ctx.limiter.resetStatement(account);
    await ctx.limiter.giveBackStatement(address);
    throw forbidden('password_sign_in_off');
  }

  // A right password with a second step to come: no session yet, the password's failures end all the same.
  const next = await secondStep(ctx.db, found.user, rememberedBrowser);
  if (next) {
    await ctx.limiter.resetStatement(account);
    await ctx.limiter.giveBackStatement(address);
    return next;
  }

  // The account's failures end, the address's failure is given back and the session opens, in
  // one statement: one round trip and one commit for it all.
  const token = await createSession(ctx.db, found.user.id, ctx.config.sessionTtlHours, meta, [
    ctx.db.$with('failures_reset').as(ctx.limiter.resetStatement(account)),
    ctx.db.$with('failure_given_back').as(ctx.limiter.giveBackStatement(address)),
  ]);
  return { user: presentUser(found.user, found.tenantName), token };
}

export async function logout(ctx: AppContext, actor: Actor) {
  await revokeSession(ctx.db, actor.sessionId);
}

/** Always answers the same, whether or not the address is known. */
export async function forgotPassword(ctx: AppContext, email: string, meta: RequestMeta) {
  const byEmail = forgotLimits.email(email);
  const byAddress = forgotLimits.address(meta.ip);
  await ctx.limiter.take(byAddress, byEmail);

  const found = await findUserByLogin(ctx.db, email);
  if (!found?.user.user_status || !found.tenantActive || found.user.email.toLowerCase() !== email) return;

  const token = await issueUserToken(ctx.db, found.user.id, 'reset', RESET_TOKEN_TTL_MINUTES * 60_000);
  const link = `${ctx.config.publicUrl}/reset_password?${new URLSearchParams({ email: found.user.email, token })}`;
  await ctx.mailer.send(resetPasswordMail(found.user, link));
}

/** Sets a new password from a reset link, ends every other session and signs the user in. */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; password: string },
  meta: RequestMeta,
) {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, input.token, 'reset');
    const found = userId ? await findUserWithTenant(tx, userId) : undefined;
    if (!found || found.user.email.toLowerCase() !== input.email) throw badRequest('reset_link_invalid');
    if (!found.user.user_status || !found.tenantActive) throw forbidden('account_inactive');
    // No way around a tenant that signs in through its provider only (issue 46): the link stays unused.
    if (await passwordSignInOff(tx, found.user)) throw forbidden('password_sign_in_off');
    const [user] = await tx
      .update(users)
      .set({ password_hash: passwordHash, password_changed_at: new Date() })
      .where(eq(users.id, found.user.id))
      .returning();
    await revokeUserSessions(tx, found.user.id);
    await logActivity(tx, authorOf(user!), {
      objectModel: 'User',
      objectId: user!.id,
      objectName: user!.email,
      action: 'password_changed',
      note: 'Password reset',
      tenantId: user!.tenant_id,
    });
    // The mailed link proves the mailbox, not the second factor: the password is set, no session opens.
    const next = await secondStep(tx, user!);
    if (next) return next;
    const token = await createSession(tx, found.user.id, ctx.config.sessionTtlHours, meta);
    return { user: presentUser(user!, found.tenantName), token };
  });
}

/** Completes an invitation: names and password are set, the account becomes active, the user is signed in. */
export async function inviteSignUp(
  ctx: AppContext,
  input: { email: string; token: string; fname: string; lname: string; password: string },
  meta: RequestMeta,
) {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, input.token, 'invite');
    const found = userId ? await findUserWithTenant(tx, userId) : undefined;
    if (!found || found.user.email.toLowerCase() !== input.email) throw badRequest('invite_token_invalid');
    // A tenant that signs in through its provider only: the invitation is taken there (sso/accounts.ts).
    if (await passwordSignInOff(tx, found.user)) throw forbidden('password_sign_in_off');
    const [user] = await tx
      .update(users)
      .set({
        password_hash: passwordHash,
        password_changed_at: new Date(),
        fname: input.fname,
        lname: input.lname,
        user_status: true,
      })
      .where(eq(users.id, found.user.id))
      .returning();
    await logActivity(tx, authorOf(user!), {
      objectModel: 'User',
      objectId: user!.id,
      objectName: user!.email,
      action: 'updated',
      note: 'Invitation accepted',
      tenantId: user!.tenant_id,
      changes: changesOf(found.user, { fname: input.fname, lname: input.lname, user_status: true }),
    });
    const next = await secondStep(tx, user!);
    if (next) return next;
    const token = await createSession(tx, found.user.id, ctx.config.sessionTtlHours, meta);
    return { user: presentUser(user!, found.tenantName), token };
  });
}

/**
 * A Super Admin opens a session as another user with the master password; logged. It lasts an
 * hour at most and ends with the Super Admin's deactivation, demotion or new password
 * (sessions.ts). Not from a login-as session: each one answers to the Super Admin who opened it.
 */
export async function loginAs(
  ctx: AppContext,
  actor: Actor,
  input: { id: number; password: string; code?: string | undefined },
  meta: RequestMeta,
) {
  authorize(actor, 'user:loginAs');
  if (actor.impersonatorId !== null) throw forbidden('login_as_nested');
  const master = ctx.config.masterPassword;
  if (!master) throw forbidden('login_as_off');
  // Counted as a failure before the check and given back on success: under a burst of guesses
  // exactly the limit's number are tried (a check, then a count, would let each in flight through).
  const limit = loginAsLimit(actor.userId);
  await ctx.limiter.take(limit);
  // Compare digests so the comparison takes the same time whatever the length.
  if (!safeEqual(hashToken(input.password), hashToken(master))) throw forbidden('master_password_wrong');
  await ctx.limiter.giveBackStatement(limit);
  const target = await findUserWithTenant(ctx.db, input.id);
  if (!target) throw notFound('user_not_found');
  if (!target.user.user_status || !target.tenantActive) throw forbidden('user_inactive');
  await checkLoginAsCode(ctx, actor.userId, target.user, input.code, meta.ip);

  return ctx.db.transaction(async (tx) => {
    const hours = Math.min(ctx.config.sessionTtlHours, LOGIN_AS_MAX_HOURS);
    const token = await createSession(tx, target.user.id, hours, { ...meta, impersonatorId: actor.userId });
    await logActivity(tx, actor, {
      objectModel: 'User',
      objectId: target.user.id,
      objectName: target.user.email,
      action: 'signed_in_as',
      note: `Signed in as ${target.user.email}`,
      tenantId: target.user.tenant_id,
    });
    return { user: presentUser(target.user, target.tenantName), token };
  });
}

/** The user as the author of a change to their own account made before they have a session. */
function authorOf(user: typeof users.$inferSelect): Author {
  return { userId: user.id, tenantId: user.tenant_id, user };
}
