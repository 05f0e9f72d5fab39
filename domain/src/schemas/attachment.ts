import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { idField, optionalDate, optionalId, optionalText, requiredId, requiredText } from './form.ts';
import { tagFields } from './tag.ts';

/**
 * Files and pictures (core.md sections 2, 3, 5 and 7): what the attachment calls accept and answer.
 * An attachment is linked to a floor, a location or a device of its site, or to the site itself
 * (`attachable_type` null).
 */

export const LINK_TYPES = ['Floor', 'Location', 'Device'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** Floor, Location or Device in any case; '' or null (or "Site") links to the site itself. */
export function linkTypeField(field: 'attachable_type' | 'secretable_type') {
  return z.preprocess((value) => {
    const v = blankToNull(value);
    if (typeof v !== 'string') return v;
    const wanted = v.trim().toLowerCase();
    if (wanted === 'site') return null;
    return LINK_TYPES.find((type) => type.toLowerCase() === wanted) ?? v;
  }, z
    .enum(LINK_TYPES, { error: encodeMessage('field_one_of', { field, values: LINK_TYPES.join(', ') }) })
    .nullable());
}

function linkIdField(field: 'attachable_id' | 'secretable_id') {
  return z.preprocess(blankToNull, idField(field).nullable());
}

/** A type without an id (or the reverse) is a half link: refused. */
function wholeLink(typeKey: string, idKey: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const type = value[typeKey];
    const id = value[idKey];
    if (type === undefined && id === undefined) return;
    if ((type == null) !== (id == null)) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('link_incomplete'), path: [idKey] });
    }
  };
}

/**
 * POST /api/global/attachments: `url` is the key of a file uploaded to folder `attachments` for
 * this site. A blank `filename` takes the uploaded file's name without its extension. `file_type`
 * is accepted for the specification's clients but always taken from the key.
 */
export const attachmentCreateSchema = z
  .object({
    site_id: requiredId('site'),
    url: requiredText('url', 1024),
    filename: optionalText('filename').optional(),
    file_type: optionalText('file_type', 20).optional(),
    attachable_type: linkTypeField('attachable_type').optional(),
    attachable_id: linkIdField('attachable_id').optional(),
    valid_until: optionalDate('valid_until').optional(),
    ...tagFields,
  })
  .superRefine(wholeLink('attachable_type', 'attachable_id'));
export type AttachmentCreateInput = z.output<typeof attachmentCreateSchema>;

/**
 * PUT /api/global/attachments: rename (a blank filename keeps the name) and re-link;
 * `attachable_type` '' or null links the file to the site itself.
 */
export const attachmentUpdateSchema = z
  .object({
    id: idField('id'),
    filename: optionalText('filename').optional(),
    attachable_type: linkTypeField('attachable_type').optional(),
    attachable_id: linkIdField('attachable_id').optional(),
    /** Until when a certificate or a licence holds (issue 44); '' or null clears it. */
    valid_until: optionalDate('valid_until').optional(),
    ...tagFields,
  })
  .superRefine(wholeLink('attachable_type', 'attachable_id'));
export type AttachmentUpdateInput = z.output<typeof attachmentUpdateSchema>;

/**
 * GET /api/global/attachments?site_id=N: a site's files, newest first, paged. With
 * `attachable_type` and `attachable_id`, those of one floor, location or device; `q` searches
 * names and types.
 */
export const attachmentListQuerySchema = z
  .object({
    site_id: requiredId('site'),
    attachable_type: linkTypeField('attachable_type').optional(),
    attachable_id: linkIdField('attachable_id').optional(),
    q: optionalText('q', 200).optional(),
    /** One file: a search result or a shared link opens the page on it. */
    id: optionalId('id').optional(),
    /** Only the files carrying this tag (issue 43). */
    tag: optionalId('tag').optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .superRefine(wholeLink('attachable_type', 'attachable_id'));
export type AttachmentListQuery = z.output<typeof attachmentListQuerySchema>;

/** What a file is linked to, as its card and the Linked To column name it. */
export const linkRefSchema = z.object({
  type: z.enum(LINK_TYPES).nullable(),
  id: z.number().nullable(),
  /** "Ground floor", "Ground floor › Server room", "Ground floor › Server room › CAM-01", or the site's name. */
  name: z.string(),
});
export type LinkRef = z.infer<typeof linkRefSchema>;

export const attachmentSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  /** Short-lived signed URL of the file as uploaded. */
  url: z.string(),
  /** Short-lived signed URL that downloads the file under `original_filename`. */
  download_url: z.string(),
  /** A small JPEG of a picture (also of a HEIC photo); null for other files or when none could be made. */
  thumb_url: z.string().nullable(),
  /** What a browser can show in the gallery: the picture itself, or a JPEG of a HEIC photo. */
  preview_url: z.string().nullable(),
  filename: z.string(),
  original_filename: z.string(),
  /** The extension in lower case. */
  file_type: z.string(),
  file_class: z.enum(['image', 'video', 'audio', 'document']),
  size: z.number().nullable(),
  attachable_type: z.enum(LINK_TYPES).nullable(),
  attachable_id: z.number().nullable(),
  linked: linkRefSchema,
  user_id: z.number().nullable(),
  valid_until: z.string().nullable(),
  /** Tag ids (issue 43). */
  tags: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AttachmentDto = z.infer<typeof attachmentSchema>;

export const attachmentResponseSchema = z.object({ attachment: attachmentSchema });
export const attachmentListResponseSchema = z.object({
  attachments: z.array(attachmentSchema),
  total: z.number(),
});
/** DELETE /api/global/attachments?id= */
export const attachmentDeleteQuerySchema = z.object({ id: idField('id') });
export const attachmentDeleteResponseSchema = z.object({ id: z.number() });
