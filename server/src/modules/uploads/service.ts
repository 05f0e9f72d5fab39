import { randomUUID } from 'node:crypto';
import { fileExtension, Role, SitePermission, UPLOAD_FOLDER_RULES, type UploadFolder } from '@asbuilt/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { floors, uploads } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound, tooLarge } from '../../platform/errors.ts';
import { checkContent, checkedWhole, SNIFF_BYTES } from '../../platform/file-check.ts';
import { authorize, requireSite } from '../../platform/policy.ts';
import { logoTenant } from '../tenant/scope.ts';
import { assertKeyInScope, scopePrefix, type UploadScope } from './keys.ts';
import { assertRoomFor, MB } from './quota.ts';

export interface UploadRequest {
  folder: UploadFolder;
  filename: string;
  size: number;
  content_type: string;
  site_id?: number | undefined;
  floor_id?: number | undefined;
  tenant_id?: number | undefined;
}

/** Who may upload into which folder, and the folder's scope. */
async function scopeFor(
  ctx: AppContext,
  actor: Actor,
  input: UploadRequest,
): Promise<{ scope: UploadScope; tenantId: number; siteId: number | null }> {
  const needSite = async (min: SitePermission) => {
    if (!input.site_id) throw badRequest('site_id_required');
    return requireSite(ctx.db, actor, input.site_id, min);
  };
  switch (input.folder) {
    case 'products': {
      authorize(actor, 'tenant:manage');
      // Only a Super Admin files an image under another tenant's products.
      const tenantId = actor.role === Role.SuperAdmin && input.tenant_id ? input.tenant_id : actor.tenantId;
      return { scope: { folder: 'products', tenantId }, tenantId, siteId: null };
    }
    case 'sites': {
      if (input.site_id) {
        const { site } = await needSite(SitePermission.FullAccess);
        return {
          scope: { folder: 'sites', tenantId: site.tenant_id },
          tenantId: site.tenant_id,
          siteId: site.id,
        };
      }
      authorize(actor, 'site:create');
      return { scope: { folder: 'sites', tenantId: actor.tenantId }, tenantId: actor.tenantId, siteId: null };
    }
    case 'attachments': {
      const { site } = await needSite(SitePermission.Contributor);
      return { scope: { folder: 'attachments', siteId: site.id }, tenantId: site.tenant_id, siteId: site.id };
    }
    case 'floorplans': {
      const { site } = await needSite(SitePermission.Contributor);
      if (!input.floor_id) throw badRequest('floor_id_required');
      const [floor] = await ctx.db
        .select({ id: floors.id })
        .from(floors)
        .where(and(eq(floors.id, input.floor_id), eq(floors.site_id, site.id)));
      if (!floor) throw notFound('floor_not_found');
      return {
        scope: { folder: 'floorplans', siteId: site.id, floorId: floor.id },
        tenantId: site.tenant_id,
        siteId: site.id,
      };
    }
    case 'logos': {
      const tenantId = await logoTenant(ctx.db, actor, input.tenant_id);
      return { scope: { folder: 'logos', tenantId }, tenantId, siteId: null };
    }
    case 'datasheets': {
      // As product images: the product's tenant is checked when the datasheet is attached.
      authorize(actor, 'tenant:manage');
      const tenantId = actor.role === Role.SuperAdmin && input.tenant_id ? input.tenant_id : actor.tenantId;
      return { scope: { folder: 'datasheets', tenantId }, tenantId, siteId: null };
    }
  }
}

function assertAcceptable(folder: UploadFolder, extension: string, size: number) {
  const rules = UPLOAD_FOLDER_RULES[folder];
  if (!extension) throw badRequest('file_extension_missing');
  if (folder === 'floorplans' && extension !== 'svg') throw badRequest('floorplan_svg_only');
  if (!(rules.extensions as readonly string[]).includes(extension)) {
    // Attachments take many types: name the refused one rather than list them all.
    throw folder === 'attachments'
      ? badRequest('file_type_blocked', { extension })
      : badRequest('file_types_only', { extensions: rules.extensions.join(', ') });
  }
  if (size > rules.maxBytes) throw tooLarge('file_too_large', { max: Math.round(rules.maxBytes / MB) });
}

/**
 * Hands out an upload slot: a random key in the right folder and where to send the bytes. The
 * announced size counts against the tenant's quota from now on (the bytes can't be larger).
 */
export async function createUploadSlot(ctx: AppContext, actor: Actor, input: UploadRequest) {
  const extension = fileExtension(input.filename);
  assertAcceptable(input.folder, extension, input.size);
  const { scope, tenantId, siteId } = await scopeFor(ctx, actor, input);
  const key = `${scopePrefix(scope)}${randomUUID()}.${extension}`;
  await ctx.db.transaction(async (tx) => {
    await assertRoomFor(tx, ctx.config, tenantId, input.size);
    await tx.insert(uploads).values({
      key,
      tenant_id: tenantId,
      site_id: siteId,
      user_id: actor.userId,
      folder: input.folder,
      filename: input.filename.slice(0, 255),
      content_type: input.content_type,
      size: input.size,
    });
  });
  const target = await ctx.storage.uploadTarget(key, input.content_type, input.size);
  return { key, ...target };
}

async function pendingUpload(db: DbOrTx, key: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  if (!row) throw notFound('upload_not_found');
  if (row.verified_at) throw conflict('upload_done_already');
  return row;
}

/**
 * Checks content against the extension, stores the (sanitised) bytes, marks the upload verified.
 * Its size becomes the stored one (`size` is what arrived), so that the quota counts what is kept,
 * not what was announced.
 */
async function acceptBytes(
  ctx: AppContext,
  row: typeof uploads.$inferSelect,
  data: Buffer,
  complete: boolean,
  alreadyStored: boolean,
  size: number,
) {
  const check = await checkContent(fileExtension(row.key), data, complete);
  if (!check.ok) {
    if (alreadyStored) await ctx.storage.remove(row.key);
    throw badRequest(check.reason);
  }
  if (!alreadyStored || check.data) await ctx.storage.put(row.key, check.data ?? data, row.content_type);
  await ctx.db
    .update(uploads)
    .set({ verified_at: new Date(), size: check.data?.length ?? size })
    .where(eq(uploads.id, row.id));
}

/** The local driver's upload: the signed URL is the credential; the bytes are checked before they are kept. */
export async function receiveUpload(
  ctx: AppContext,
  key: string,
  query: { expires: number; signature: string },
  body: Buffer,
) {
  const row = await pendingUpload(ctx.db, key);
  if (!ctx.storage.verifyUpload(key, row.size, query.expires, query.signature)) {
    throw forbidden('upload_link_invalid');
  }
  if (body.length > row.size) throw tooLarge('file_larger_than_announced');
  await acceptBytes(ctx, row, body, true, false, body.length);
  return { key };
}

/** After a direct upload to object storage: the server reads the object back and checks it. */
export async function completeUpload(ctx: AppContext, actor: Actor, key: string) {
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.key, key));
  if (!row || row.user_id !== actor.userId) throw notFound('upload_not_found');
  if (row.verified_at) return { key };
  const wholeFile = checkedWhole(fileExtension(key));
  const stored = await ctx.storage.readStart(key, wholeFile ? row.size + 1 : SNIFF_BYTES);
  if (!stored) throw badRequest('file_not_arrived');
  if (stored.size > row.size) {
    await ctx.storage.remove(key);
    throw tooLarge('file_larger_than_announced');
  }
  await acceptBytes(ctx, row, stored.data, stored.data.length === stored.size, true, stored.size);
  return { key };
}

/**
 * What services call, in the transaction that stores a key as `url`/`image`/`svg`: the key must
 * lie in the object's folder and its bytes must have passed the check. The upload is marked
 * attached in the same statement, so the cleanup of unattached uploads (cleanup.ts) can't take
 * it between the check and the save.
 */
export async function takeUpload(db: DbOrTx, key: string, scope: UploadScope): Promise<void> {
  assertKeyInScope(key, scope);
  const [row] = await db
    .update(uploads)
    .set({ attached_at: sql`coalesce(${uploads.attached_at}, now())` })
    .where(and(eq(uploads.key, key), isNotNull(uploads.verified_at)))
    .returning({ id: uploads.id });
  if (!row) throw badRequest('upload_incomplete');
}
