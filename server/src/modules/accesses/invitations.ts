import { INVITE_TOKEN_TTL_DAYS, languageOf, Role, type UserDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { actorName, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { requireAccessManager } from '../../platform/policy.ts';
import { presentUser } from '../users/present.ts';
import { issueUserToken } from '../users/tokens.ts';
import { invitationMail } from './mails.ts';
import { accessOf, findUserByEmail } from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function invitationLink(ctx: AppContext, email: string, token: string) {
  return `${ctx.config.publicUrl}/invite_sign_up?${new URLSearchParams({ email, token })}`;
}

/**
 * POST /api/tenant/users/invite_user, for those who manage the site's access (so never a user of
 * another tenant, who could otherwise plant accounts in the site's tenant): an inactive account in
 * the site's tenant (role User, so it sees only the sites shared with it) and a single-use
 * invitation that expires. The mail goes
 * after the commit: a failed send leaves an account that "Resend Invitation" reaches.
 */
export async function inviteUser(
  ctx: AppContext,
  actor: Actor,
  input: { email: string; site_id: number },
): Promise<UserDto> {
  const { user, token, siteName } = await ctx.db.transaction(async (tx) => {
    const { site } = await requireAccessManager(tx, actor, input.site_id);
    if (await findUserByEmail(tx, input.email)) throw conflict('email_taken');
    const [created] = await tx
      .insert(users)
      .values({
        tenant_id: site.tenant_id,
        email: input.email,
        username: input.email,
        role: Role.User,
        user_status: false,
        language: languageOf(actor.user.language),
      })
      .returning();
    const issued = await issueUserToken(tx, created!.id, 'invite', INVITE_TOKEN_TTL_DAYS * DAY_MS);
    await logActivity(tx, actor, {
      objectModel: 'User',
      objectId: created!.id,
      objectName: created!.email,
      action: 'invited',
      note: 'User Invited',
      siteId: site.id,
      tenantId: site.tenant_id,
      parentModel: 'Site',
      parentId: site.id,
      parentName: site.name,
    });
    return { user: created!, token: issued, siteName: site.name };
  });
  await ctx.mailer.send(
    invitationMail(user, actorName(actor), siteName, invitationLink(ctx, user.email, token)),
  );
  return presentUser(user);
}

/** POST /api/tenant/users/reinvite_user: a fresh link (the old one stops working) for an invitee who hasn't signed up. */
export async function reinviteUser(
  ctx: AppContext,
  actor: Actor,
  input: { user_id: number; site_id: number },
): Promise<{ message: string }> {
  const { user, token, siteName } = await ctx.db.transaction(async (tx) => {
    const { site } = await requireAccessManager(tx, actor, input.site_id);
    const access = await accessOf(tx, site.id, input.user_id);
    if (!access?.active) throw notFound('user_not_found');
    const [found] = await tx.select().from(users).where(eq(users.id, input.user_id));
    // Only the site's tenant invites into itself: another tenant's pending account is not ours to reopen.
    if (!found || found.tenant_id !== site.tenant_id) throw notFound('user_not_found');
    if (found.user_status) throw conflict('user_already_active');
    const issued = await issueUserToken(tx, found.id, 'invite', INVITE_TOKEN_TTL_DAYS * DAY_MS);
    await logActivity(tx, actor, {
      objectModel: 'User',
      objectId: found.id,
      objectName: found.email,
      action: 'invitation_resent',
      note: 'Invitation resent',
      siteId: site.id,
      tenantId: site.tenant_id,
      parentModel: 'Site',
      parentId: site.id,
      parentName: site.name,
    });
    return { user: found, token: issued, siteName: site.name };
  });
  await ctx.mailer.send(
    invitationMail(user, actorName(actor), siteName, invitationLink(ctx, user.email, token)),
  );
  return { message: "User's invitation resent" };
}
