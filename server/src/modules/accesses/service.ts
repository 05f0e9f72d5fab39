import {
  accessInForce,
  type LogAction,
  type SiteAccessCreateInput,
  type SiteAccessDto,
  type SiteAccessUpdateInput,
  SitePermission,
} from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { siteAccesses, users } from '../../db/schema.ts';
import { changesOf, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { accessOf, findUserByEmail, loadAccess, loadAccesses } from './queries.ts';

/**
 * Site accesses (spatial-and-admin.md sections 4, 5, 6): Full Access only; nobody changes their
 * own. Expiry and revocation need nothing more than the row: the permission is computed on every
 * request (platform/policy.ts), so the next request after either is refused.
 */

type AccessRow = typeof siteAccesses.$inferSelect;

/** `unlimited` true wins over a date; otherwise a blank date is unlimited too. */
function validityOf(input: { validity?: string | null | undefined; unlimited?: boolean | undefined }) {
  if (input.unlimited === true) return null;
  return input.validity ?? null;
}

function refuseOwn(actor: Actor, userId: number) {
  if (userId === actor.userId) throw forbidden('own_access_unchangeable');
}

async function requireAccess(tx: DbOrTx, actor: Actor, id: number) {
  const [row] = await tx.select().from(siteAccesses).where(eq(siteAccesses.id, id));
  if (!row) throw notFound('access_not_found');
  const { site } = await requireSite(tx, actor, row.site_id, SitePermission.FullAccess, 'access_not_found');
  return { access: row, site };
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

/** GET /api/site/site_accesses?site_id= */
export async function listAccesses(ctx: AppContext, actor: Actor, siteId: number): Promise<SiteAccessDto[]> {
  const { site } = await requireSite(ctx.db, actor, siteId, SitePermission.FullAccess);
  return loadAccesses(ctx.db, eq(siteAccesses.site_id, site.id));
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
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.FullAccess);
    const user = await targetUser(tx, site, input);
    refuseOwn(actor, user.id);
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
    const { access, site } = await requireAccess(tx, actor, input.id);
    refuseOwn(actor, access.user_id);
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
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, access.user_id));
    const granted = input.active === true && !access.active;
    await logAccess(
      tx,
      actor,
      site,
      row!,
      user!.email,
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
    const { access, site } = await requireAccess(tx, actor, id);
    refuseOwn(actor, access.user_id);
    const [row] = await tx
      .update(siteAccesses)
      .set({ active: false, updated_at: new Date() })
      .where(eq(siteAccesses.id, access.id))
      .returning();
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, access.user_id));
    await logAccess(
      tx,
      actor,
      site,
      row!,
      user!.email,
      'access_revoked',
      'Access Revoked',
      changesOf(access, { active: false }),
    );
    return loadAccess(tx, row!.id);
  });
}
