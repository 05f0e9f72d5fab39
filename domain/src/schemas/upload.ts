import { z } from 'zod';
import { ATTACHMENT_EXTENSIONS } from '../files.ts';
import { encodeMessage } from '../i18n/messages.ts';

const MB = 1024 * 1024;

export const IMAGE_UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'heic', 'svg'] as const;

/** What each upload folder accepts: the largest file, and the only extensions it takes. */
export const UPLOAD_FOLDER_RULES = {
  products: { maxBytes: 10 * MB, extensions: IMAGE_UPLOAD_EXTENSIONS },
  sites: { maxBytes: 10 * MB, extensions: IMAGE_UPLOAD_EXTENSIONS },
  attachments: { maxBytes: 100 * MB, extensions: ATTACHMENT_EXTENSIONS },
  floorplans: { maxBytes: 25 * MB, extensions: ['svg'] },
  /** A product's PDF datasheet, appended to handover packs that ask for it. */
  datasheets: { maxBytes: 100 * MB, extensions: ['pdf'] },
  /** The tenant's logo on its handover packs' cover. */
  logos: { maxBytes: 2 * MB, extensions: ['png', 'jpg', 'jpeg', 'svg'] },
} as const satisfies Record<string, { maxBytes: number; extensions: readonly string[] }>;

export type UploadFolder = keyof typeof UPLOAD_FOLDER_RULES;
export const UPLOAD_FOLDERS = Object.keys(UPLOAD_FOLDER_RULES) as UploadFolder[];

/** `POST /api/global/uploads`: ask for a slot. */
export const uploadSlotRequestSchema = z.object({
  folder: z.enum(UPLOAD_FOLDERS, {
    error: encodeMessage('folder_one_of', { values: UPLOAD_FOLDERS.join(', ') }),
  }),
  filename: z.string().trim().min(1, encodeMessage('filename_required')).max(255),
  size: z.coerce.number().int().min(1, encodeMessage('file_empty')),
  content_type: z.string().trim().min(1).max(255).default('application/octet-stream'),
  site_id: z.coerce.number().int().positive().optional(),
  floor_id: z.coerce.number().int().positive().optional(),
  tenant_id: z.coerce.number().int().positive().optional(),
});
export type UploadSlotRequest = z.input<typeof uploadSlotRequestSchema>;

/** Where the browser sends the bytes: our own signed PUT or a presigned object-store PUT. */
export const uploadSlotSchema = z.object({
  key: z.string(),
  upload_url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
});
export type UploadSlot = z.infer<typeof uploadSlotSchema>;

export const uploadKeySchema = z.object({ key: z.string() });
