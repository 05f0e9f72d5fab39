import {
  type AttachmentDto,
  downloadNameFor,
  fileClass,
  fileExtension,
  type LinkRef,
  type LinkType,
} from '@asbuilt/domain';
import type { attachments } from '../../db/schema.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Link } from '../sites/links.ts';

export type AttachmentRow = typeof attachments.$inferSelect;

/**
 * What a file is saved as: its own name, or the card's name, always with the stored file's
 * extension, so that a name can't pass one type off as another when the file is opened.
 */
export function downloadName(row: AttachmentRow): string {
  return downloadNameFor(row.original_filename ?? row.filename, fileExtension(row.url));
}

export function linkOf(row: AttachmentRow): Link {
  return { type: row.attachable_type as LinkType | null, id: row.attachable_id };
}

/** A file with short-lived signed URLs: the file, its download, its thumbnail and what the gallery shows. */
export function presentAttachment(
  row: AttachmentRow,
  storage: Storage,
  name: (link: Link) => LinkRef,
): AttachmentDto {
  const kind = fileClass(row.file_type);
  const url = storage.signedUrl(row.url)!;
  return {
    id: row.id,
    site_id: row.site_id,
    url,
    download_url: storage.downloadUrl(row.url, downloadName(row)),
    // Without a rendition (an SVG, or a file from before renditions) a picture the browser can
    // show is its own thumbnail.
    thumb_url: storage.signedUrl(
      row.thumb_key ?? (kind === 'image' && row.file_type !== 'heic' ? row.url : null),
    ),
    preview_url: kind === 'image' ? (storage.signedUrl(row.preview_key) ?? url) : null,
    filename: row.filename,
    original_filename: downloadName(row),
    file_type: row.file_type,
    file_class: kind,
    size: row.size,
    attachable_type: row.attachable_type as LinkType | null,
    attachable_id: row.attachable_id,
    linked: name(linkOf(row)),
    user_id: row.user_id,
    valid_until: row.valid_until,
    tags: row.tags,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
