import {
  type LinkType,
  type LogAction,
  type SecretCreateInput,
  type SecretDto,
  type SecretListQuery,
  type SecretUpdateInput,
  SitePermission,
} from '@asbuilt/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { secrets } from '../../db/schema.ts';
import {
  type ActivityEntry,
  changesOf,
  createdFields,
  logActivity,
  removedFields,
} from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { secretBinding } from '../../platform/vault.ts';
import { checkUnchangedSince } from '../../platform/versions.ts';
import { secretChanges, secretParams } from '../logs/secret-entries.ts';
import { assertLinkInSite, type Link, linkNamer } from '../sites/links.ts';
import { requireFreshCode } from '../two-factor/vault-code.ts';
import { loadSiteSecrets, presentRows, type SecretRow, selectSecrets, visibleTo } from './queries.ts';

/**
 * The vault (core.md sections 2, 4, 6; ARCHITECTURE.md "vault"). Contributors and above list,
 * create, change, delete and reveal; a private secret exists for its owner only (anyone else,
 * a Super Admin too, gets 404). Passwords are sealed with the secret's id and site as associated
 * data, so a row is written first and sealed second, in one transaction.
 */

/** A secret the actor may see, on a site the actor holds `min` on. */
async function requireSecret(tx: DbOrTx, actor: Actor, id: number, min: SitePermission, lock = false) {
  const query = tx
    .select()
    .from(secrets)
    .where(and(eq(secrets.id, id), visibleTo(actor.userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('secret_not_found');
  const { site } = await requireSite(tx, actor, row.site_id, min, 'secret_not_found');
  return { secret: row, site };
}

/** `device_id` and the Device link say the same thing; the link wins when both are given. */
function linkOf(
  input: Pick<SecretCreateInput, 'device_id' | 'secretable_type' | 'secretable_id'>,
): Link | undefined {
  if (input.secretable_type !== undefined) {
    return {
      type: input.secretable_type,
      id: input.secretable_type === null ? null : (input.secretable_id ?? null),
    };
  }
  if (input.device_id !== undefined) {
    return input.device_id === null ? { type: null, id: null } : { type: 'Device', id: input.device_id };
  }
  return undefined;
}

function linkColumns(link: Link) {
  return {
    secretable_type: link.type,
    secretable_id: link.id,
    device_id: link.type === 'Device' ? link.id : null,
  };
}

async function presentOne(tx: DbOrTx, site: SiteRow, id: number): Promise<SecretDto> {
  const [dto] = await presentRows(tx, site, await selectSecrets(tx, eq(secrets.id, id)));
  return dto!;
}

/**
 * The activity entry of a change to a secret, hung on what it is linked to: its title and the
 * action, never the password, username, URL, comment or level; marked when the secret is private.
 */
async function logSecret(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  row: SecretRow,
  action: LogAction,
  note: string,
  changes: ActivityEntry['changes'] = null,
) {
  const link = { type: row.secretable_type as LinkType | null, id: row.secretable_id };
  const parent = link.type ? (await linkNamer(tx, site, [link]))(link) : null;
  await logActivity(tx, actor, {
    objectModel: 'Secret',
    objectId: row.id,
    objectName: row.name,
    action,
    note,
    params: secretParams(row),
    siteId: site.id,
    tenantId: site.tenant_id,
    parentModel: parent?.type ?? null,
    parentId: parent?.id ?? null,
    parentName: parent?.name ?? null,
    changes: secretChanges(changes),
  });
}

/** GET /api/site/secrets?site_id= */
export async function listSecrets(
  ctx: AppContext,
  actor: Actor,
  query: SecretListQuery,
): Promise<SecretDto[]> {
  const { site } = await requireSite(ctx.db, actor, query.site_id, SitePermission.Contributor);
  const filter =
    query.secretable_type === undefined
      ? {}
      : { type: query.secretable_type, id: query.secretable_id ?? null };
  return loadSiteSecrets(ctx.db, site, actor.userId, filter);
}

/** POST /api/site/secrets */
export async function createSecret(
  ctx: AppContext,
  actor: Actor,
  input: SecretCreateInput,
): Promise<SecretDto> {
  return ctx.db.transaction(async (tx) => {
    const { site } = await requireSite(tx, actor, input.site_id, SitePermission.Contributor);
    const link = linkOf(input) ?? { type: null, id: null };
    await assertLinkInSite(tx, site.id, link);
    const values = {
      name: input.name,
      url: input.url ?? null,
      username: input.username ?? null,
      comment: input.comment ?? null,
      level: input.level ?? null,
      private: input.private ?? false,
      expires_at: input.expires_at ?? null,
      rotate_every_days: input.rotate_every_days ?? null,
      ...linkColumns(link),
    };
    const [row] = await tx
      .insert(secrets)
      .values({ ...values, site_id: site.id, user_id: actor.userId })
      .returning();
    if (input.password != null) {
      await tx
        .update(secrets)
        .set({
          password_encrypted: ctx.vault.encrypt(input.password, secretBinding(row!)),
          password_changed_at: new Date(),
        })
        .where(eq(secrets.id, row!.id));
    }
    const created = createdFields(values) ?? {};
    if (input.password != null) created.password_changed = { to: true };
    await logSecret(tx, actor, site, row!, 'created', 'Secret Created', created);
    return presentOne(tx, site, row!.id);
  });
}

/** PUT /api/site/secrets: absent fields are unchanged; only the owner may make it private or shared. */
export async function updateSecret(
  ctx: AppContext,
  actor: Actor,
  input: SecretUpdateInput,
): Promise<SecretDto> {
  return ctx.db.transaction(async (tx) => {
    const { secret, site } = await requireSecret(tx, actor, input.id, SitePermission.Contributor, true);
    checkUnchangedSince(secret.updated_at, input.updated_at);
    if (input.private !== undefined && input.private !== secret.private && secret.user_id !== actor.userId) {
      throw forbidden('secret_private_owner_only');
    }
    const link = linkOf(input);
    if (link) await assertLinkInSite(tx, site.id, link);
    const changes: Partial<typeof secrets.$inferInsert> = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.url !== undefined && { url: input.url }),
      ...(input.username !== undefined && { username: input.username }),
      ...(input.comment !== undefined && { comment: input.comment }),
      ...(input.level !== undefined && { level: input.level }),
      ...(input.private !== undefined && { private: input.private }),
      ...(input.expires_at !== undefined && { expires_at: input.expires_at }),
      ...(input.rotate_every_days !== undefined && { rotate_every_days: input.rotate_every_days }),
      ...(link && linkColumns(link)),
      ...(input.password !== undefined && {
        password_encrypted:
          input.password === null ? null : ctx.vault.encrypt(input.password, secretBinding(secret)),
        // The next rotation counts from here.
        password_changed_at: input.password === null ? null : new Date(),
      }),
      updated_at: new Date(),
    };
    const [row] = await tx.update(secrets).set(changes).where(eq(secrets.id, secret.id)).returning();
    const { updated_at: _, ...fields } = changes;
    // The password itself is never logged: only that it changed.
    const logged = changesOf(secret, fields) ?? {};
    if (input.password !== undefined) logged.password_changed = { to: true };
    await logSecret(
      tx,
      actor,
      site,
      row!,
      'updated',
      input.password !== undefined ? 'Secret Updated (password changed)' : 'Secret Updated',
      logged,
    );
    return presentOne(tx, site, row!.id);
  });
}

/** DELETE /api/site/secrets?id= */
export async function deleteSecret(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const { secret, site } = await requireSecret(tx, actor, id, SitePermission.Contributor);
    await tx.delete(secrets).where(eq(secrets.id, secret.id));
    await logSecret(tx, actor, site, secret, 'deleted', 'Secret Deleted', removedFields(secret, ['name']));
    return { id: secret.id };
  });
}

/**
 * POST /api/site/secrets/reveal: one password, to a Contributor or above who may see the secret.
 * The activity entry is committed before the password leaves the server. A Super Admin signed in
 * as someone else sees their screens but not their passwords.
 */
export async function revealSecret(
  ctx: AppContext,
  actor: Actor,
  id: number,
  freshCode?: { code: string | undefined; ip: string },
): Promise<{ id: number; password: string | null }> {
  if (actor.impersonatorId !== null) throw forbidden('secret_reveal_impersonating');
  if (freshCode) await requireFreshCode(ctx, actor, freshCode.code, freshCode.ip);
  return ctx.db.transaction(async (tx) => {
    const { secret, site } = await requireSecret(tx, actor, id, SitePermission.Contributor);
    let password: string | null = null;
    if (secret.password_encrypted !== null) {
      try {
        password = ctx.vault.decrypt(secret.password_encrypted, secretBinding(secret));
      } catch {
        throw conflict('secret_unreadable');
      }
    }
    await logSecret(tx, actor, site, secret, 'revealed', 'Password revealed');
    return { id: secret.id, password };
  });
}
