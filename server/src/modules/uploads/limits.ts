import { UPLOAD_FOLDER_RULES } from '@asbuilt/domain';

/** The raw-body limit of the upload route: the largest any folder accepts. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_FOLDER_RULES).map((r) => r.maxBytes));
