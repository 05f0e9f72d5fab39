/** File-type classes used for icons and viewers (core.md section 5). */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'gif', 'heic', 'svg', 'bmp'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm', 'ogg', 'mpg'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'wma', 'mid'] as const;

export type FileClass = 'image' | 'video' | 'audio' | 'document';

export function fileExtension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

export function fileClass(extension: string): FileClass {
  const ext = extension.toLowerCase();
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'video';
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(ext)) return 'audio';
  return 'document';
}
