import { IMAGE_UPLOAD_EXTENSIONS } from '../../platform/file-check.ts';

const MB = 1024 * 1024;

/** What each folder accepts: the largest file, and the extensions (null: any but the blocked ones). */
export const FOLDER_RULES = {
  products: { maxBytes: 10 * MB, extensions: IMAGE_UPLOAD_EXTENSIONS },
  sites: { maxBytes: 10 * MB, extensions: IMAGE_UPLOAD_EXTENSIONS },
  attachments: { maxBytes: 100 * MB, extensions: null },
  floorplans: { maxBytes: 25 * MB, extensions: ['svg'] },
} as const satisfies Record<string, { maxBytes: number; extensions: readonly string[] | null }>;

export type UploadFolder = keyof typeof FOLDER_RULES;
export const UPLOAD_FOLDERS = Object.keys(FOLDER_RULES) as UploadFolder[];
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FOLDER_RULES).map((r) => r.maxBytes));

export function sizeLabel(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`;
}
