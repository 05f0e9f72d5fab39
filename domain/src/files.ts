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

/**
 * What an attachment may be, by kind: an allow-list, so that a type nobody thought of (`.hta`,
 * `.xht`, `.wasm`) is refused rather than stored. The server checks each file's content against
 * its extension (platform/file-check.ts); the web shows this list in its file pickers.
 */
export const ATTACHMENT_EXTENSIONS_BY_KIND = {
  document: [
    'pdf',
    'doc',
    'docx',
    'xls',
    'xlsx',
    'ppt',
    'pptx',
    'odt',
    'ods',
    'odp',
    'rtf',
    'txt',
    'csv',
    'md',
    'json',
    'xml',
    'log',
    'ini',
    'conf',
    'cfg',
  ],
  image: ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'heic', 'svg', 'tif', 'tiff'],
  cad: ['dwg', 'dxf', 'dwf', 'ifc', 'rvt', 'step', 'stp'],
  archive: ['zip', '7z', 'rar', 'gz', 'tar'],
  video: VIDEO_EXTENSIONS,
  audio: AUDIO_EXTENSIONS,
} as const;

export type AttachmentExtension =
  (typeof ATTACHMENT_EXTENSIONS_BY_KIND)[keyof typeof ATTACHMENT_EXTENSIONS_BY_KIND][number];

export const ATTACHMENT_EXTENSIONS: readonly AttachmentExtension[] = Object.values(
  ATTACHMENT_EXTENSIONS_BY_KIND,
).flat();

/** The `accept` attribute of a file input for these extensions. */
export function acceptAttribute(extensions: readonly string[]): string {
  return extensions.map((ext) => `.${ext}`).join(',');
}

/** The typed name's extension when it names another type than the stored file's, else null. */
function foreignExtension(name: string, extension: string): string | null {
  const typed = fileExtension(name);
  if (!typed || typed === extension.toLowerCase()) return null;
  // Any short run of letters reads as a file type to a person or a desktop (".hta", ".lnk").
  const looksLikeType =
    (ATTACHMENT_EXTENSIONS as readonly string[]).includes(typed) || /^[a-z]{2,4}$/.test(typed);
  return looksLikeType ? typed : null;
}

/**
 * A file's display name: it may leave the extension out, but can't claim another type than the
 * stored file's ("invoice.pdf" on a zip becomes "invoice.zip").
 */
export function displayNameFor(name: string, extension: string): string {
  const foreign = foreignExtension(name, extension);
  if (!foreign || !extension) return name;
  return `${name.slice(0, name.length - foreign.length - 1) || 'file'}.${extension.toLowerCase()}`;
}

/** The name a file is saved under: always ending with the stored file's extension. */
export function downloadNameFor(name: string, extension: string): string {
  const ext = extension.toLowerCase();
  if (!ext || fileExtension(name) === ext) return name;
  const shown = displayNameFor(name, ext);
  return shown === name ? `${name}.${ext}` : shown;
}
