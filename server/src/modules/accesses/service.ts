import {
  accessInForce,
  canChangeAccessOf,
  highestGrantableLevel,
  type LogAction,
  type SiteAccessCreateInput,
  type SiteAccessDto,
  type SiteAccessUpdateInput,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { siteAccesses, users } from '../../db/schema.ts';
import { changesOf, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { requireAccessManager, type SiteContext, type SiteRow } from '../../platform/policy.ts';
import { accessOf, findUserByEmail, loadAccess, loadAccesses } from './queries.ts';

/**
 * Site accesses (spatial-and-admin.md sections 4, 5, 6): managed by the site tenant's Full Access
 * users only (ARCHITECTURE.md, "Roles and site permission"); nobody changes their own, grants
 * above their own level, or touches the record of a staff member of equal or higher rank. Expiry
 * and revocation need nothing more than the row: the permission is computed on every request
 * (platform/policy.ts), so the next request after either is refused.
 */

type AccessRow = typeof siteAccesses.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** `unlimited` true wins over a date; otherwise a blank date is unlimited too. */
function validityOf(input: { validity?: string | null | undefined; unlimited?: boolean | undefined }) {
  if (input.unlimited === true) return null;
  return input.validity ?? null;
}

/** Refuses a change of one's own access, or of the access of someone out of the actor's reach. */
function refuseTarget(actor: Actor, user: UserRow, site: SiteRow) {
  if (user.id === actor.userId) throw forbidden('own_access_unchangeable');
  const target = { id: user.id, tenantId: user.tenant_id, role: user.role };
  if (!canChangeAccessOf({ id: actor.userId, role: actor.role }, target, { tenantId: site.tenant_id })) {
    throw forbidden('access_of_higher_role');
  }
}

/** Refuses a level above the actor's own on this site. */
function refuseLevel(context: SiteContext, level: number | undefined) {
  if (level !== undefined && level > highestGrantableLevel(context.permission)) {
    throw forbidden('access_level_above_own');
  }
}

async function requireAccess(tx: DbOrTx, actor: Actor, id: number) {
  const [row] = await tx.select().from(siteAccesses).where(eq(siteAccesses.id, id));
  if (!row) throw notFound('access_not_found');
  const context = await requireAccessManager(tx, actor, row.site_id, 'access_not_found');
  const [user] = await tx.select().from(users).where(eq(users.id, row.user_id));
  if (!user) throw notFound('access_not_found');
  refuseTarget(actor, user, context.site);
  return { access: row, site: context.site, user, context };
}

async function logAccess(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  row: AccessRow,
  email: string,
  action: LogAction,
  note: string,
  changes: ReturnType<typeof changesOf>,
) {
  await logActivity(tx, actor, {
    objectModel: 'SiteAccess',
    objectId: row.id,
    objectName: email,
    action,
    note,
    siteId: site.id,
    tenantId: site.tenant_id,
    parentModel: 'Site',
    parentId: site.id,
    parentName: site.name,
    changes,
  });
}

/** GET /api/site/site_accesses?site_id=: each access says whether the caller may change it. */
export async function listAccesses(ctx: AppContext, actor: Actor, siteId: number): Promise<SiteAccessDto[]> {
  const { site } = await requireAccessManager(ctx.db, actor, siteId);
  return loadAccesses(ctx.db, eq(siteAccesses.site_id, site.id), actor);
}

/**
 * The user an access is for: one of the site's tenant by id; one of another tenant only with the
 * e-mail the sharer typed, so that ids can't be tried one by one. Anything else: 404.
 */
async function targetUser(tx: DbOrTx, site: SiteRow, input: SiteAccessCreateInput) {
  const byId = input.user_id
    ? (await tx.select().from(users).where(eq(users.id, input.user_id)))[0]
    : await findUserByEmail(tx, input.email!);
  if (!byId) throw notFound('user_not_found');
  const sameEmail = input.email !== undefined && input.email.toLowerCase() === byId.email.toLowerCase();
  if (byId.tenant_id !== site.tenant_id && !sameEmail) throw notFound('user_not_found');
  if (input.email !== undefined && !sameEmail) throw notFound('user_not_found');
  return byId;
}

/** POST /api/site/site_accesses: a new access, or a revoked or expired one reopened. */
export async function createAccess(
  ctx: AppContext,
  actor: Actor,
  input: SiteAccessCreateInput,
): Promise<SiteAccessDto> {
  return ctx.db.transaction(async (tx) => {
    const context = await requireAccessManager(tx, actor, input.site_id);
    const { site } = context;
    refuseLevel(context, input.user_role);
    const user = await targetUser(tx, site, input);
    refuseTarget(actor, user, site);
    const values = { user_role: input.user_role, validity: validityOf(input) };
    const existing = await accessOf(tx, site.id, user.id);
    if (
      existing &&
      accessInForce({ userRole: existing.user_role, active: existing.active, validity: existing.validity })
    ) {
      throw conflict('access_exists');
    }
    const [row] = existing
      ? await tx
          .update(siteAccesses)
          .set({
            ...values,
            unlimited: values.validity === null,
            active: true,
            inviter_id: actor.userId,
            updated_at: new Date(),
          })
          .where(eq(siteAccesses.id, existing.id))
          .returning()
      : await tx
          .insert(siteAccesses)
          .values({
            ...values,
            unlimited: values.validity === null,
            site_id: site.id,
            user_id: user.id,
            inviter_id: actor.userId,
            active: true,
          })
          .returning();
    await logAccess(
      tx,
      actor,
      site,
      row!,
      user.email,
      existing ? 'access_granted' : 'created',
      existing ? 'Access Granted' : 'Site Access Created',
      changesOf(existing ?? null, { ...values, active: true }),
    );
    return loadAccess(tx, row!.id);
  });
}

/** PUT /api/site/site_accesses: role and expiry; `active` true grants a revoked access again. */
export async function updateAccess(
  ctx: AppContext,
  actor: Actor,
  input: SiteAccessUpdateInput,
): Promise<SiteAccessDto> {
  return ctx.db.transaction(async (tx) => {
    const { access, site, user, context } = await requireAccess(tx, actor, input.id);
    // Granting again reopens the record at its level: that level must be grantable too.
    refuseLevel(context, input.user_role ?? (input.active === true ? access.user_role : undefined));
    const changes: Partial<AccessRow> = {};
    if (input.user_role !== undefined) changes.user_role = input.user_role;
    if (input.unlimited !== undefined || input.validity !== undefined) {
      changes.validity = validityOf(input);
      changes.unlimited = changes.validity === null;
    }
    if (input.active !== undefined) changes.active = input.active;
    const [row] = await tx
      .update(siteAccesses)
      .set({ ...changes, updated_at: new Date() })
      .where(eq(siteAccesses.id, access.id))
      .returning();
    const granted = input.active === true && !access.active;
    await logAccess(
      tx,
      actor,
      site,
      row!,
      user.email,
      granted ? 'access_granted' : 'updated',
      granted ? 'Access Granted' : 'Site Access Updated',
      changesOf(access, changes),
    );
    return loadAccess(tx, row!.id);
  });
}

/** DELETE /api/site/site_accesses?id=: revoke (the record stays, inactive, so it can be granted again). */
export async function revokeAccess(ctx: AppContext, actor: Actor, id: number): Promise<SiteAccessDto> {
  return ctx.db.transaction(async (tx) => {
    const { access, site, user } = await requireAccess(tx, actor, id);
    const [row] = await tx
      .update(siteAccesses)
      .set({ active: false, updated_at: new Date() })
      .where(eq(siteAccesses.id, access.id))
      .returning();
    await logAccess(
      tx,
      actor,
      site,
      row!,
      user.email,
      'access_revoked',
      'Access Revoked',
      changesOf(access, { active: false }),
    );
    return loadAccess(tx, row!.id);
  });
}
