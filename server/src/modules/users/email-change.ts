import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { EMAIL_TOKEN_TTL_HOURS, emailChangeNoticeMail, emailConfirmMail } from './mails.ts';
import { checkOwnPassword } from './own-password.ts';
import { presentUser } from './present.ts';
import { emailTakenByOther, findUserWithTenant } from './queries.ts';
import { consumeUserToken, issueUserToken } from './tokens.ts';

/**
 * Changing one's own e-mail (the sign-in and the address others share with): the current
 * password, then a link sent to the new address. Until that link is opened the old address stays
 * in force and the new one waits in `pending_email`; the old address is told of the request, so
 * a borrowed session cannot quietly move the account to another mailbox.
 */

/** The caller as GET /api/global/me answers: with the address waiting for confirmation. */
export async function presentMe(db: DbOrTx, userId: number) {
  const found = await findUserWithTenant(db, userId);
  return { ...presentUser(found!.user, found!.tenantName), pending_email: found!.user.pending_email };
}

/** POST /api/global/email/change { email, password } */
export async function requestEmailChange(
  ctx: AppContext,
  actor: Actor,
  input: { email: string; password: string },
) {
  const stored = await findUserWithTenant(ctx.db, actor.userId);
  await checkOwnPassword(ctx, actor, stored?.user.password_hash, input.password, 'current_password_wrong');
  const user = stored!.user;
  if (input.email.toLowerCase() === user.email.toLowerCase()) throw badRequest('email_unchanged');
  const token = await ctx.db.transaction(async (tx) => {
    if (await emailTakenByOther(tx, input.email, user.id)) throw conflict('email_taken');
    await tx
      .update(users)
      .set({ pending_email: input.email, updated_at: new Date() })
      .where(eq(users.id, user.id));
    await logActivity(tx, actor, {
      objectModel: 'User',
      objectId: user.id,
      objectName: user.email,
      action: 'updated',
      note: 'E-mail change asked',
      changes: { pending_email: { from: user.pending_email, to: input.email } },
    });
    return issueUserToken(tx, user.id, 'email', EMAIL_TOKEN_TTL_HOURS * 3_600_000);
  });
  const link = `${ctx.config.publicUrl}/confirm_email?${new URLSearchParams({ token })}`;
  await ctx.mailer.send(emailConfirmMail(user, input.email, link));
  await ctx.mailer.send(emailChangeNoticeMail(user, input.email));
  return presentMe(ctx.db, user.id);
}

/**
 * POST /api/global/email/confirm { token } (public: the link may be opened in another browser).
 * The address is checked again, as another account may have taken it meanwhile (409).
 */
export async function confirmEmailChange(ctx: AppContext, token: string) {
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, token, 'email');
    const found = userId ? await findUserWithTenant(tx, userId) : undefined;
    const next = found?.user.pending_email;
    if (!found || !next) throw badRequest('email_link_invalid');
    if (!found.user.user_status || !found.tenantActive) throw forbidden('account_inactive');
    if (await emailTakenByOther(tx, next, found.user.id)) throw conflict('email_taken');
    const [row] = await tx
      .update(users)
      .set({ email: next, username: next, pending_email: null, updated_at: new Date() })
      .where(eq(users.id, found.user.id))
      .returning();
    await logActivity(
      tx,
      { userId: row!.id, tenantId: row!.tenant_id, user: row! },
      {
        objectModel: 'User',
        objectId: row!.id,
        objectName: next,
        action: 'updated',
        note: 'E-mail change confirmed',
        tenantId: row!.tenant_id,
        changes: { email: { from: found.user.email, to: next } },
      },
    );
    return { email: next };
  });
}
