import {
  type AttachmentCreateInput,
  type AttachmentDto,
  type AttachmentListQuery,
  type AttachmentUpdateInput,
  displayNameFor,
  fileExtension,
  type LinkType,
  type LogAction,
  SitePermission,
} from '@asbuilt/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, uploads } from '../../db/schema.ts';
import { changesOf, logActivity } from '../../platform/activity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { requireSite, type SiteRow } from '../../platform/policy.ts';
import { assertLinkInSite, type Link, linkNamer } from '../sites/links.ts';
import { checkTagIds } from '../tags/objects.ts';
import { assertKeyInScope } from '../uploads/keys.ts';
import { type AttachmentRow, linkOf } from './present.ts';
import { listSiteAttachments, presentRows } from './queries.ts';
import { hasRenditions, makeRenditions, renditionKey } from './renditions.ts';

/**
 * Files and pictures of a site, a floor, a location or a device (core.md sections 2, 4, 5, 7).
 * Readers list them; Contributors add, rename, re-link and delete. A file is attached from a
 * verified upload of its site's folder, once.
 */

async function requireAttachment(tx: DbOrTx, actor: Actor, id: number, min: SitePermission) {
  const [row] = await tx.select().from(attachments).where(eq(attachments.id, id));
  if (!row) throw notFound('attachment_not_found');
  const { site } = await requireSite(tx, actor, row.site_id, min, 'attachment_not_found');
  return { attachment: row, site };
}

async function presentOne(ctx: AppContext, tx: DbOrTx, site: SiteRow, row: AttachmentRow) {
  const [dto] = await presentRows(tx, ctx.storage, site, [row]);
  return dto!;
}

async function logAttachment(
  tx: DbOrTx,
  actor: Actor,
  site: SiteRow,
  row: AttachmentRow,
  action: LogAction,
  note: string,
  changes: ReturnType<typeof changesOf>,
) {
  const link = linkOf(row);
  const parent = link.type ? (await linkNamer(tx, site, [link]))(link) : null;
  await logActivity(tx, actor, {
    objectModel: 'Attachment',
    objectId: row.id,
    objectName: row.filename,
    action,
    note,
    siteId: site.id,
    tenantId: site.tenant_id,
    parentModel: parent?.type ?? 'Site',
    parentId: parent?.id ?? site.id,
    parentName: parent?.name ?? site.name,
    changes,
  });
}

/** The name a file gets on its card when none is typed: its own name without the extension. */
export function defaultName(uploadedName: string): string {
  const base = uploadedName.replace(/\.[^.]*$/, '').trim();
  return base || uploadedName;
}

/** GET /api/global/attachments?site_id= */
export async function listAttachments(ctx: AppContext, actor: Actor, query: AttachmentListQuery) {
  const { site } = await requireSite(ctx.db, actor, query.site_id, SitePermission.Reader);
  return listSiteAttachments(ctx.db, ctx.storage, site, query);
}

/** Where a rendition that couldn't be made is reported: the request's logger. */
export interface WarningLog {
  warn(details: object, message: string): void;
}

/**
 * A picture's thumbnail (and, for HEIC, the JPEG the gallery shows), stored beside the file; the
 * keys stored go into `stored` so that the caller can remove them if the attachment isn't saved.
 * A picture that can't be read (or a rendition that can't be stored) leaves no rendition, and the
 * file is still attached: the warning names the key and the reason, never the contents.
 */
async function storeRenditions(
  ctx: AppContext,
  key: string,
  extension: string,
  stored: string[],
  log?: WarningLog,
): Promise<{ thumbKey: string | null; previewKey: string | null }> {
  const none = { thumbKey: null, previewKey: null };
  if (!hasRenditions(extension)) return none;
  const mine: string[] = [];
  const save = async (data: Buffer | null, kind: 'thumb' | 'preview') => {
    if (!data) return null;
    const renditionAt = renditionKey(key, kind);
    mine.push(renditionAt);
    stored.push(renditionAt);
    await ctx.storage.put(renditionAt, data, 'image/jpeg');
    return renditionAt;
  };
  try {
    const file = await ctx.storage.readStart(key, Number.POSITIVE_INFINITY);
    if (!file) throw new Error('stored file missing');
    const renditions = await makeRenditions(extension, file.data);
    return {
      thumbKey: await save(renditions.thumb, 'thumb'),
      previewKey: await save(renditions.preview, 'preview'),
    };
  } catch (error) {
    log?.warn(
      { key, reason: error instanceof Error ? error.message : String(error) },
      'attachment kept without a thumbnail',
    );
    await Promise.all(mine.map((k) => ctx.storage.remove(k)));
    return none;
  }
}

/** The verified upload of this site behind `key`, locked in `tx` so that two requests can't attach it twice. */
async function verifiedUpload(tx: DbOrTx, key: string, siteId: number, lock: boolean) {
  const query = tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.site_id, siteId), isNotNull(uploads.verified_at)));
  const [upload] = await (lock ? query.for('update') : query);
  if (!upload) throw badRequest('upload_incomplete');
  const [taken] = await tx.select({ id: attachments.id }).from(attachments).where(eq(attachments.url, key));
  if (taken) throw conflict('attachment_exists');
  // Attached from now on (if the transaction commits): the cleanup of unattached uploads leaves it.
  if (lock)
    await tx
      .update(uploads)
      .set({ attached_at: sql`coalesce(${uploads.attached_at}, now())` })
      .where(eq(uploads.id, upload.id));
  return upload;
}

/**
 * POST /api/global/attachments. Thumbnails are made before the transaction and removed again
 * if it fails: nothing is left half-saved.
 */
export async function createAttachment(
  ctx: AppContext,
  actor: Actor,
  input: AttachmentCreateInput,
  log?: WarningLog,
): Promise<AttachmentDto> {
  const { site } = await requireSite(ctx.db, actor, input.site_id, SitePermission.Contributor);
  assertKeyInScope(input.url, { folder: 'attachments', siteId: site.id });
  // Checked once before the renditions are made (no work for a refused key) and again, locked, in the transaction.
  await verifiedUpload(ctx.db, input.url, site.id, false);
  const link: Link = { type: input.attachable_type ?? null, id: input.attachable_id ?? null };
  await assertLinkInSite(ctx.db, site.id, link);

  const extension = fileExtension(input.url);
  const stored: string[] = [];
  try {
    const { thumbKey, previewKey } = await storeRenditions(ctx, input.url, extension, stored, log);
    return await ctx.db.transaction(async (tx) => {
      const upload = await verifiedUpload(tx, input.url, site.id, true);
      await assertLinkInSite(tx, site.id, link);
      const values = {
        site_id: site.id,
        user_id: actor.userId,
        url: input.url,
        filename: input.filename ? displayNameFor(input.filename, extension) : defaultName(upload.filename),
        original_filename: upload.filename,
        file_type: extension,
        size: upload.size,
        attachable_type: link.type,
        attachable_id: link.id,
        thumb_key: thumbKey,
        preview_key: previewKey,
        valid_until: input.valid_until ?? null,
        tags: input.tags ?? [],
      };
      await checkTagIds(tx, site.tenant_id, input.tags);
      const [row] = await tx.insert(attachments).values(values).returning();
      await logAttachment(
        tx,
        actor,
        site,
        row!,
        'created',
        'Document Attached',
        changesOf(null, {
          filename: values.filename,
          file_type: extension,
          attachable_type: link.type,
          attachable_id: link.id,
          valid_until: values.valid_until ?? undefined,
        }),
      );
      return presentOne(ctx, tx, site, row!);
    });
  } catch (error) {
    await Promise.all(stored.map((key) => ctx.storage.remove(key)));
    throw error;
  }
}

/** PUT /api/global/attachments: rename (blank keeps the name) and re-link. */
export async function updateAttachment(
  ctx: AppContext,
  actor: Actor,
  input: AttachmentUpdateInput,
): Promise<AttachmentDto> {
  return ctx.db.transaction(async (tx) => {
    const { attachment, site } = await requireAttachment(tx, actor, input.id, SitePermission.Contributor);
    const changes: Partial<AttachmentRow> = {};
    if (input.filename) changes.filename = displayNameFor(input.filename, fileExtension(attachment.url));
    if (input.attachable_type !== undefined) {
      const link: Link = { type: input.attachable_type as LinkType | null, id: input.attachable_id ?? null };
      await assertLinkInSite(tx, site.id, link);
      changes.attachable_type = link.type;
      changes.attachable_id = link.id;
    }
    if (input.valid_until !== undefined) changes.valid_until = input.valid_until;
    if (input.tags !== undefined && input.tags.join() !== attachment.tags.join()) {
      await checkTagIds(tx, site.tenant_id, input.tags);
      changes.tags = input.tags;
    }
    const [row] = await tx
      .update(attachments)
      .set({ ...changes, updated_at: new Date() })
      .where(eq(attachments.id, attachment.id))
      .returning();
    await logAttachment(
      tx,
      actor,
      site,
      row!,
      'updated',
      'Attachment Updated',
      changesOf(attachment, changes),
    );
    return presentOne(ctx, tx, site, row!);
  });
}

/** DELETE /api/global/attachments?id=: the row and its upload go in one transaction, the stored files after it. */
export async function deleteAttachment(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  const removed = await ctx.db.transaction(async (tx) => {
    const { attachment, site } = await requireAttachment(tx, actor, id, SitePermission.Contributor);
    await tx.delete(attachments).where(eq(attachments.id, attachment.id));
    await tx.delete(uploads).where(eq(uploads.key, attachment.url));
    await logAttachment(tx, actor, site, attachment, 'deleted', 'Attachment Deleted', {
      filename: { from: attachment.filename },
      file_type: { from: attachment.file_type },
    });
    return attachment;
  });
  await Promise.all(
    [removed.url, removed.thumb_key, removed.preview_key]
      .filter((key): key is string => key !== null)
      .map((key) => ctx.storage.remove(key)),
  );
  return { id: removed.id };
}
