import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessions, users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  browserCookie,
  browserToken,
  freshBrowserToken,
  hasOtherBrowsers,
  recordSignInBrowser,
} from './browsers.ts';
import { newBrowserMail } from './mails.ts';

/**
 * Call this from the route of every way of signing in, AFTER the session is opened and committed
 * (password, two-factor code step, passkey, single sign-on callback, reset, invitation), with the
 * signed-in user's id. It sets the long-lived browser cookie on `reply` (browsers.ts) and, when the
 * user has not signed in from this browser before, mails them the time, address and browser in
 * their language. Never for login-as: a Super Admin's sign-in as someone is not theirs to hear of.
 *
 * A user's very first sign-in (no earlier session, no other browser, as after an invitation) is
 * not announced: there is nothing yet to tell it apart from. It never fails the sign-in: a mail
 * that cannot go is logged and waits in the outbox.
 */
export async function noticeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const known = browserToken(request.headers.cookie);
  const token = known ?? freshBrowserToken();
  const userAgent = request.headers['user-agent'];
  reply.header('Set-Cookie', browserCookie(token, ctx.config.publicUrl));
  try {
    const isNew = await recordSignInBrowser(ctx.db, userId, { token, userAgent, ip: request.ip });
    if (!isNew || !(await signedInBefore(ctx, userId, token))) return;
    const [user] = await ctx.db
      .select({ email: users.email, fname: users.fname, language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    await ctx.mailer.send(newBrowserMail(user, { at: new Date(), ip: request.ip, userAgent }));
  } catch (error) {
    request.log.error({ err: error, user_id: userId }, 'new-browser notice failed');
  }
}

/** Another browser, or an earlier session of the user's own (login-as ones aside). */
async function signedInBefore(ctx: AppContext, userId: number, token: string) {
  if (await hasOtherBrowsers(ctx.db, userId, token)) return true;
  const earlier = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), isNull(sessions.impersonator_id)))
    .limit(2);
  return earlier.length > 1;
}
