import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { findUserWithTenant } from '../users/queries.ts';
import { twoFactorOf } from './codes.ts';
import { twoFactorResetMail } from './mails.ts';
import { logOnUser, removeTwoFactor } from './service.ts';

/** The Super Admin's side (the admin user card): whether a user has it, and turning it off for them. */

async function targetOf(ctx: AppContext, actor: Actor, id: number) {
  authorize(actor, 'admin:access');
  const found = await findUserWithTenant(ctx.db, id);
  if (!found) throw notFound('user_not_found');
  return found.user;
}

export async function userStatus(ctx: AppContext, actor: Actor, id: number) {
  const user = await targetOf(ctx, actor, id);
  const row = await twoFactorOf(ctx.db, user.id);
  return { two_factor: Boolean(row?.enabled_at), enabled_at: row?.enabled_at?.toISOString() ?? null };
}

/** For a user who lost their phone and their recovery codes: logged, and the user is mailed. */
export async function resetUser(ctx: AppContext, actor: Actor, id: number) {
  const user = await targetOf(ctx, actor, id);
  if (!(await twoFactorOf(ctx.db, user.id))?.enabled_at) throw conflict('two_factor_not_enabled');
  await ctx.db.transaction(async (tx) => {
    await removeTwoFactor(tx, user.id);
    await logOnUser(tx, actor, user, 'Two-factor sign-in reset by a Super Admin');
  });
  await ctx.mailer.send(twoFactorResetMail(user));
  return { ok: true as const };
}
