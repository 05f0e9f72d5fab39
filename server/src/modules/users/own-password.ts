import type { ErrorCode } from '@asbuilt/domain';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { ownPasswordLimit } from '../auth/limits.ts';

/**
 * Checks the password a signed-in user typed to change their own password or e-mail. Counted as
 * a failure before the check and given back when right, so that a stolen session can't guess the
 * password behind it: past the limit, 429 until the window ends.
 */
export async function checkOwnPassword(
  ctx: AppContext,
  actor: Actor,
  hash: string | null | undefined,
  password: string,
  wrong: ErrorCode,
): Promise<void> {
  const limit = ownPasswordLimit(actor.userId);
  await ctx.limiter.take(limit);
  if (!(await verifyPassword(hash, password))) throw badRequest(wrong);
  await ctx.limiter.giveBackStatement(limit);
}
