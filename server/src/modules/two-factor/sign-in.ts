import type { users } from '../../db/schema.ts';
import type { Author } from '../../platform/activity.ts';
import type { AppContext, RequestMeta } from '../../platform/context.ts';
import { forbidden, unauthorized } from '../../platform/errors.ts';
import { createSession } from '../../platform/sessions.ts';
import { presentUser } from '../users/present.ts';
import { findUserWithTenant } from '../users/queries.ts';
import { rememberBrowser } from './browsers.ts';
import { challengeUser, spendChallenge } from './challenges.ts';
import { checkCode, twoFactorOf } from './codes.ts';
import { markCodeGiven, tenantRequires } from './gate.ts';
import { finishEnrolment, logOnUser, startEnrolment } from './service.ts';

/**
 * The second step of signing in: a challenge from the password step is exchanged, once, with a
 * code (or a recovery code) for a session; or, when the tenant requires two-factor sign-in of a
 * user who has none, for an enrolment that ends with a session.
 */

async function activeUser(ctx: AppContext, userId: number) {
  const found = await findUserWithTenant(ctx.db, userId);
  // Deactivated since the password step: the challenge is worth nothing.
  if (!found?.user.user_status || !found.tenantActive) throw unauthorized('two_factor_challenge_invalid');
  return found;
}

const authorOf = (user: typeof users.$inferSelect): Author => ({
  userId: user.id,
  tenantId: user.tenant_id,
  user,
});

export async function signInWithCode(
  ctx: AppContext,
  input: { challenge: string; code: string; remember: boolean },
  meta: RequestMeta,
) {
  const userId = await challengeUser(ctx.db, input.challenge, 'sign_in');
  const found = await activeUser(ctx, userId);
  const row = await twoFactorOf(ctx.db, userId);
  if (!row?.enabled_at) throw unauthorized('two_factor_challenge_invalid');
  await checkCode(ctx, row, input.code, meta.ip, { recovery: true, wrong: 401 });
  return ctx.db.transaction(async (tx) => {
    await spendChallenge(tx, input.challenge, 'sign_in');
    const token = await createSession(tx, userId, ctx.config.sessionTtlHours, meta);
    await markCodeGiven(tx, token);
    const remembered = input.remember ? await rememberBrowser(tx, userId, meta.userAgent) : undefined;
    return { answer: { user: presentUser(found.user, found.tenantName), token }, remembered };
  });
}

/** The enrolment the tenant's policy asks for, before any session: a secret for the QR code. */
export async function setupWithChallenge(ctx: AppContext, challenge: string) {
  const userId = await challengeUser(ctx.db, challenge, 'setup');
  const found = await activeUser(ctx, userId);
  return startEnrolment(ctx, ctx.db, found.user);
}

export async function confirmSetupWithChallenge(
  ctx: AppContext,
  input: { challenge: string; code: string },
  meta: RequestMeta,
) {
  const userId = await challengeUser(ctx.db, input.challenge, 'setup');
  const found = await activeUser(ctx, userId);
  let token = '';
  const recovery_codes = await finishEnrolment(ctx, userId, input.code, meta.ip, 401, async (tx) => {
    await spendChallenge(tx, input.challenge, 'setup');
    await logOnUser(tx, authorOf(found.user), found.user, 'Two-factor sign-in turned on');
    token = await createSession(tx, userId, ctx.config.sessionTtlHours, meta);
    await markCodeGiven(tx, token);
  });
  return { user: presentUser(found.user, found.tenantName), token, recovery_codes };
}

/**
 * Login-as into an account that signs in with two factors (or whose tenant requires it) is no
 * way around them: the Super Admin gives a current code of their own two-factor sign-in.
 */
export async function checkLoginAsCode(
  ctx: AppContext,
  superAdminId: number,
  target: { id: number; tenant_id: number },
  code: string | undefined,
  ip: string,
) {
  const targetRow = await twoFactorOf(ctx.db, target.id);
  if (!targetRow?.enabled_at && !(await tenantRequires(ctx.db, target.tenant_id))) return;
  const own = await twoFactorOf(ctx.db, superAdminId);
  if (!own?.enabled_at) throw forbidden('login_as_two_factor');
  if (!code) throw forbidden('two_factor_code_required');
  await checkCode(ctx, own, code, ip, { recovery: false, wrong: 400 });
}
