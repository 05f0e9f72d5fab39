import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema.ts';
import { type Author, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden } from '../../platform/errors.ts';
import { confirmOwnChange } from '../sessions/confirmation.ts';
import { forgetBrowsers } from './browsers.ts';
import { checkCode, replaceRecoveryCodes, twoFactorBinding, twoFactorOf } from './codes.ts';
import { tenantRequires } from './gate.ts';
import { newTotpSecret, otpauthUrl } from './totp.ts';

/**
 * Two-factor sign-in on one's own account (the profile page): enrol, confirm with a first code,
 * new recovery codes, turn off with the password and a code. Each change is logged on the user.
 */

/** A Super Admin signed in as someone never changes how that person signs in. */
function ownAccountOnly(actor: Actor) {
  if (actor.impersonatorId !== null) throw forbidden('not_allowed');
}

/** A new secret waiting for its first code, replacing any earlier one that never got it. */
export async function startEnrolment(ctx: AppContext, db: DbOrTx, user: { id: number; email: string }) {
  const existing = await twoFactorOf(db, user.id);
  if (existing?.enabled_at) throw conflict('two_factor_already_enabled');
  const secret = newTotpSecret();
  const sealed = ctx.vault.encrypt(secret, twoFactorBinding(user.id));
  await db
    .insert(userTwoFactor)
    .values({ user_id: user.id, secret_encrypted: sealed })
    .onConflictDoUpdate({
      target: userTwoFactor.user_id,
      set: { secret_encrypted: sealed, enabled_at: null, last_step: null, created_at: new Date() },
    });
  return { secret, otpauth_url: otpauthUrl(secret, user.email) };
}

/** The pending enrolment's first code turns it on; answers the ten recovery codes, once. */
export async function finishEnrolment(
  ctx: AppContext,
  userId: number,
  code: string,
  ip: string,
  wrong: 400 | 401,
  alsoInTransaction?: (tx: DbOrTx) => Promise<void>,
) {
  const row = await twoFactorOf(ctx.db, userId);
  if (!row) throw conflict('two_factor_not_started');
  if (row.enabled_at) throw conflict('two_factor_already_enabled');
  await checkCode(ctx, row, code, ip, { recovery: false, wrong });
  return ctx.db.transaction(async (tx) => {
    await tx.update(userTwoFactor).set({ enabled_at: new Date() }).where(eq(userTwoFactor.user_id, userId));
    const codes = await replaceRecoveryCodes(tx, userId);
    await alsoInTransaction?.(tx);
    return codes;
  });
}

export async function logOnUser(
  tx: DbOrTx,
  author: Author,
  user: { id: number; email: string; tenant_id: number },
  note: string,
) {
  await logActivity(tx, author, {
    objectModel: 'User',
    objectId: user.id,
    objectName: user.email,
    action: 'updated',
    note,
    tenantId: user.tenant_id,
  });
}

export async function enrol(ctx: AppContext, actor: Actor) {
  ownAccountOnly(actor);
  return startEnrolment(ctx, ctx.db, { id: actor.userId, email: actor.user.email });
}

export async function confirm(ctx: AppContext, actor: Actor, code: string, ip: string) {
  ownAccountOnly(actor);
  const recovery_codes = await finishEnrolment(ctx, actor.userId, code, ip, 400, (tx) =>
    logOnUser(tx, actor, actor.user, 'Two-factor sign-in turned on'),
  );
  return { recovery_codes };
}

async function enabledRow(ctx: AppContext, userId: number) {
  const row = await twoFactorOf(ctx.db, userId);
  if (!row?.enabled_at) throw conflict('two_factor_not_enabled');
  return row;
}

/** Removes the secret, the recovery codes and the remembered browsers: two-factor sign-in is off. */
export async function removeTwoFactor(tx: DbOrTx, userId: number) {
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.user_id, userId));
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, userId));
  await forgetBrowsers(tx, userId);
}

/**
 * Turning it off takes the password (or, for an account without one, a recent sign-in) and a
 * current code (or a recovery code, the phone lost).
 */
export async function disable(
  ctx: AppContext,
  actor: Actor,
  input: { password?: string | undefined; code: string },
  ip: string,
) {
  ownAccountOnly(actor);
  const row = await enabledRow(ctx, actor.userId);
  if (await tenantRequires(ctx.db, actor.tenantId)) throw conflict('two_factor_required_by_tenant');
  await confirmOwnChange(ctx, actor, input.password);
  await checkCode(ctx, row, input.code, ip, { recovery: true, wrong: 400 });
  await ctx.db.transaction(async (tx) => {
    await removeTwoFactor(tx, actor.userId);
    await logOnUser(tx, actor, actor.user, 'Two-factor sign-in turned off');
  });
  return { ok: true as const };
}

export async function newRecoveryCodes(ctx: AppContext, actor: Actor, code: string, ip: string) {
  ownAccountOnly(actor);
  const row = await enabledRow(ctx, actor.userId);
  await checkCode(ctx, row, code, ip, { recovery: true, wrong: 400 });
  const recovery_codes = await ctx.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, actor.userId);
    await logOnUser(tx, actor, actor.user, 'New two-factor recovery codes');
    return codes;
  });
  return { recovery_codes };
}

export async function forgetRememberedBrowsers(ctx: AppContext, actor: Actor) {
  ownAccountOnly(actor);
  await forgetBrowsers(ctx.db, actor.userId);
  return { ok: true as const };
}

/** What GET /api/global/me says of it: on or off, and whether the tenant requires it. */
export async function twoFactorFacts(ctx: AppContext, actor: Actor) {
  const row = await twoFactorOf(ctx.db, actor.userId);
  const policy = await tenantRequires(ctx.db, actor.tenantId);
  return { two_factor: Boolean(row?.enabled_at), two_factor_policy: policy };
}
