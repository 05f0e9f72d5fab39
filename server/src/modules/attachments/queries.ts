import type { AttachmentDto, AttachmentListQuery } from '@asbuilt/domain';
import { and, arrayContains, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryAll } from '../../db/query-all.ts';
import { attachments } from '../../db/schema.ts';
import type { Storage } from '../../platform/storage.ts';
import { linkNamer } from '../sites/links.ts';
import { type AttachmentRow, linkOf, presentAttachment } from './present.ts';

/** `%` and `_` typed by a user are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(siteId: number, query: Partial<AttachmentListQuery>): SQL {
  const parts: SQL[] = [eq(attachments.site_id, siteId)];
  if (query.attachable_type !== undefined) {
    parts.push(
      query.attachable_type === null
        ? isNull(attachments.attachable_type)
        : and(
            eq(attachments.attachable_type, query.attachable_type),
            eq(attachments.attachable_id, query.attachable_id ?? 0),
          )!,
    );
  }
  if (query.id) parts.push(eq(attachments.id, query.id));
  if (query.tag) parts.push(arrayContains(attachments.tags, [query.tag]));
  if (query.q) {
    const pattern = likePattern(query.q);
    parts.push(
      or(
        ilike(attachments.filename, pattern),
        ilike(attachments.file_type, pattern),
        ilike(attachments.original_filename, pattern),
      )!,
    );
  }
  return and(...parts)!;
}

export async function presentRows(
  db: DbOrTx,
  storage: Storage,
  site: { id: number; name: string },
  rows: AttachmentRow[],
): Promise<AttachmentDto[]> {
  const name = await linkNamer(db, site, rows.map(linkOf));
  return rows.map((row) => presentAttachment(row, storage, name));
}

/** A page of a site's files, newest first, with the total for the pager. */
export async function listSiteAttachments(
  db: DbOrTx,
  storage: Storage,
  site: { id: number; name: string },
  query: AttachmentListQuery,
): Promise<{ attachments: AttachmentDto[]; total: number }> {
  const where = conditions(site.id, query);
  const [rows, [total]] = await queryAll(db, [
    db
      .select()
      .from(attachments)
      .where(where)
      .orderBy(desc(attachments.created_at), desc(attachments.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(attachments).where(where),
  ]);
  return { attachments: await presentRows(db, storage, site, rows), total: total?.value ?? 0 };
}

/** Every file of the site for the site answer, newest first. */
export async function loadSiteAttachments(
  db: DbOrTx,
  storage: Storage,
  site: { id: number; name: string },
): Promise<AttachmentDto[]> {
  const rows = await db
    .select()
    .from(attachments)
    .where(eq(attachments.site_id, site.id))
    .orderBy(desc(attachments.created_at), desc(attachments.id));
  return presentRows(db, storage, site, rows);
}
