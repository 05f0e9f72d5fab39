import type { InviteCheck } from '@asbuilt/domain';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { siteAccesses, sites, users } from '../../db/schema.ts';
import type { AppContext, RequestMeta } from '../../platform/context.ts';
import { peekUserToken } from '../users/tokens.ts';
import { inviteCheckLimit } from './limits.ts';

const inviters = alias(users, 'inviters');

/**
 * POST /api/tenant/users/invite_check, public: the invitation page asks before it shows a form.
 * Only the holder of a token learns anything, and only about that token: a token is 256 random
 * bits, so nobody reaches another's invitation by guessing, and the e-mail must match too. A
 * made-up token and a replaced one (a resend voids the earlier link) answer `invalid`, distinct
 * from `expired` so that a truncated link is not reported as old; neither names anything.
 */
export async function checkInvitation(
  ctx: AppContext,
  input: { email: string; token: string },
  meta: RequestMeta,
): Promise<InviteCheck> {
  await ctx.limiter.take(inviteCheckLimit(meta.ip));
  const peeked = await peekUserToken(ctx.db, input.token, 'invite');
  if (!peeked) return { status: 'invalid' };
  const [user] = await ctx.db.select().from(users).where(eq(users.id, peeked.userId));
  if (!user || user.email.toLowerCase() !== input.email) return { status: 'invalid' };
  // A used token of an account still inactive was replaced by a resend, not used to sign up.
  if (peeked.state === 'used') return { status: user.user_status ? 'used' : 'invalid' };
  if (peeked.state === 'expired') return { status: 'expired' };

  const [shared] = await ctx.db
    .select({ site: sites.name, fname: inviters.fname, lname: inviters.lname, email: inviters.email })
    .from(siteAccesses)
    .innerJoin(sites, eq(sites.id, siteAccesses.site_id))
    .leftJoin(inviters, eq(inviters.id, siteAccesses.inviter_id))
    .where(and(eq(siteAccesses.user_id, user.id), eq(siteAccesses.active, true)))
    .orderBy(desc(siteAccesses.updated_at), desc(siteAccesses.id))
    .limit(1);
  const inviter = shared?.email ? `${shared.fname ?? ''} ${shared.lname ?? ''}`.trim() || shared.email : null;
  return { status: 'valid', email: user.email, site: shared?.site ?? null, inviter };
}
