import {
  highestGrantableLevel,
  INVITE_TOKEN_TTL_DAYS,
  languageOf,
  Role,
  type UserDto,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { siteAccesses, users } from '../../db/schema.ts';
import { actorName, changesOf, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { requireAccessManager } from '../../platform/policy.ts';
import { presentUser } from '../users/present.ts';
import { issueUserToken } from '../users/tokens.ts';
import { type InvitationFacts, invitationMail } from './mails.ts';
import { accessOf, findUserByEmail } from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITE_TTL_MS = INVITE_TOKEN_TTL_DAYS * DAY_MS;

function invitationLink(ctx: AppContext, email: string, token: string) {
  return `${ctx.config.publicUrl}/invite_sign_up?${new URLSearchParams({ email, token })}`;
}

type AccessRow = typeof siteAccesses.$inferSelect;

/** What the mail says of the access: its level and last day, when the access exists. */
function accessFacts(access: AccessRow | undefined): InvitationFacts['access'] {
  return access ? { userRole: access.user_role, validity: access.validity } : undefined;
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
  input: {
    email: string;
    site_id: number;
    user_role?: number | undefined;
    validity?: string | null | undefined;
    unlimited?: boolean | undefined;
  },
): Promise<UserDto> {
  const { user, token, siteName, access } = await ctx.db.transaction(async (tx) => {
    const { site, permission } = await requireAccessManager(tx, actor, input.site_id);
    if (input.user_role !== undefined && input.user_role > highestGrantableLevel(permission)) {
      throw forbidden('access_level_above_own');
    }
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
    const issued = await issueUserToken(tx, created!.id, 'invite', INVITE_TTL_MS);
    const place = {
      siteId: site.id,
      tenantId: site.tenant_id,
      parentModel: 'Site',
      parentId: site.id,
      parentName: site.name,
    };
    await logActivity(tx, actor, {
      objectModel: 'User',
      objectId: created!.id,
      objectName: created!.email,
      action: 'invited',
      note: 'User Invited',
      ...place,
    });
    const access =
      input.user_role === undefined ? undefined : await grantInvitee(tx, actor, place, created!, input);
    return { user: created!, token: issued, siteName: site.name, access };
  });
  await ctx.mailer.send(
    invitationMail(user, {
      inviter: actorName(actor),
      siteName,
      link: invitationLink(ctx, user.email, token),
      expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      access: accessFacts(access),
    }),
  );
  return presentUser(user);
}

/** POST /api/tenant/users/reinvite_user: a fresh link (the old one stops working) for an invitee who hasn't signed up. */
export async function reinviteUser(
  ctx: AppContext,
  actor: Actor,
  input: { user_id: number; site_id: number },
): Promise<{ message: string }> {
  const { user, token, siteName, access } = await ctx.db.transaction(async (tx) => {
    const { site } = await requireAccessManager(tx, actor, input.site_id);
    const access = await accessOf(tx, site.id, input.user_id);
    if (!access?.active) throw notFound('user_not_found');
    const [found] = await tx.select().from(users).where(eq(users.id, input.user_id));
    // Only the site's tenant invites into itself: another tenant's pending account is not ours to reopen.
    if (!found || found.tenant_id !== site.tenant_id) throw notFound('user_not_found');
    if (found.user_status) throw conflict('user_already_active');
    const issued = await issueUserToken(tx, found.id, 'invite', INVITE_TTL_MS);
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
    return { user: found, token: issued, siteName: site.name, access };
  });
  await ctx.mailer.send(
    invitationMail(user, {
      inviter: actorName(actor),
      siteName,
      link: invitationLink(ctx, user.email, token),
      expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      access: accessFacts(access),
    }),
  );
  return { message: "User's invitation resent" };
}

/** The invitee's access, created with the account so the mail can state its level and expiry. */
async function grantInvitee(
  tx: DbOrTx,
  actor: Actor,
  place: { siteId: number; tenantId: number; parentModel: string; parentId: number; parentName: string },
  invitee: typeof users.$inferSelect,
  input: {
    user_role?: number | undefined;
    validity?: string | null | undefined;
    unlimited?: boolean | undefined;
  },
) {
  const validity = input.unlimited === true ? null : (input.validity ?? null);
  const [row] = await tx
    .insert(siteAccesses)
    .values({
      site_id: place.siteId,
      user_id: invitee.id,
      inviter_id: actor.userId,
      user_role: input.user_role!,
      validity,
      unlimited: validity === null,
      active: true,
    })
    .returning();
  await logActivity(tx, actor, {
    objectModel: 'SiteAccess',
    objectId: row!.id,
    objectName: invitee.email,
    action: 'created',
    note: 'Site Access Created',
    ...place,
    changes: changesOf(null, { user_role: row!.user_role, validity, active: true }),
  });
  return row!;
}
