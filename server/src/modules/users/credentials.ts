import { RESET_TOKEN_TTL_MINUTES } from '@asbuilt/domain';
import { logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { resetPasswordMail } from '../auth/mails.ts';
import { authorizeScope, checkTakeOver, requireManaged, type Scope } from './scope.ts';
import { issueUserToken } from './tokens.ts';

/**
 * The user card's Credentials tab, first choice: mail the user a reset link (the forgot-password
 * link and mail), so that the user chooses the password and nobody else ever knows it. The same
 * rule as setting it: only for a user whose role is below the caller's.
 */
export async function sendResetLink(ctx: AppContext, actor: Actor, scope: Scope, id: number) {
  authorizeScope(actor, scope);
  if (id === actor.userId) throw forbidden('use_change_password');
  const { user, token } = await ctx.db.transaction(async (tx) => {
    const user = await requireManaged(tx, actor, scope, id);
    checkTakeOver(actor, user, 'password');
    if (!user.user_status) throw forbidden('user_inactive');
    await logActivity(tx, actor, {
      objectModel: 'User',
      objectId: user.id,
      objectName: user.email,
      action: 'updated',
      note: 'Password reset link sent',
      tenantId: user.tenant_id,
    });
    return { user, token: await issueUserToken(tx, user.id, 'reset', RESET_TOKEN_TTL_MINUTES * 60_000) };
  });
  const link = `${ctx.config.publicUrl}/reset_password?${new URLSearchParams({ email: user.email, token })}`;
  await ctx.mailer.send(resetPasswordMail(user, link));
  return { message: 'Reset link sent' };
}
