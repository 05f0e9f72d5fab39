import { freshCodeNeeded } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { sessionTwoFactor } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { checkCode, twoFactorOf } from './codes.ts';

/**
 * Before the vault reveals a password to a user with two-factor sign-in on: a code given by this
 * session within 15 minutes, or one given now (which starts the next 15 minutes). Else 403
 * `two_factor_code_required`, which the web answers with a code prompt.
 */
export async function requireFreshCode(ctx: AppContext, actor: Actor, code: string | undefined, ip: string) {
  const row = await twoFactorOf(ctx.db, actor.userId);
  if (!row?.enabled_at) return;
  const [given] = await ctx.db
    .select({ at: sessionTwoFactor.code_at })
    .from(sessionTwoFactor)
    .where(eq(sessionTwoFactor.session_id, actor.sessionId));
  if (!freshCodeNeeded(given?.at ?? null)) return;
  if (!code) throw forbidden('two_factor_code_required');
  await checkCode(ctx, row, code, ip, { recovery: false, wrong: 400 });
  const now = new Date();
  await ctx.db
    .insert(sessionTwoFactor)
    .values({ session_id: actor.sessionId, code_at: now })
    .onConflictDoUpdate({ target: sessionTwoFactor.session_id, set: { code_at: now } });
}
