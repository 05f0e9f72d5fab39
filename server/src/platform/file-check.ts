import { type Message, message } from '@asbuilt/domain';
import { fileTypeFromBuffer } from 'file-type';
import { cleanSvg } from './svg-sanitize.ts';

/** The bytes file-type needs to recognise a format. */
export const SNIFF_BYTES = 4100;

/** What the leading bytes of a file with each extension must be recognised as. */
const BINARY_TYPES: Record<string, string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  bmp: ['image/bmp'],
  webp: ['image/webp'],
  heic: ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'],
  pdf: ['application/pdf'],
  mp4: ['video/mp4', 'video/x-m4v'],
  mov: ['video/quicktime'],
  webm: ['video/webm'],
  ogg: ['audio/ogg', 'video/ogg', 'audio/opus'],
  mpg: ['video/mpeg', 'video/MP1S', 'video/MP2P'],
  mp3: ['audio/mpeg'],
  wav: ['audio/wav', 'audio/vnd.wave', 'audio/x-wav'],
  wma: ['audio/x-ms-asf', 'video/x-ms-asf', 'application/vnd.ms-asf'],
  mid: ['audio/midi'],
  zip: ['application/zip'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/zip'],
  doc: ['application/x-cfb'],
  xls: ['application/x-cfb'],
  ppt: ['application/x-cfb'],
};

const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'md', 'json', 'xml', 'log', 'ini', 'conf', 'cfg']);
/** Types that could run in a browser or on a desktop when opened: never stored. */
export const BLOCKED_EXTENSIONS = new Set([
  'html',
  'htm',
  'xhtml',
  'js',
  'mjs',
  'exe',
  'msi',
  'bat',
  'cmd',
  'sh',
  'ps1',
  'dll',
  'php',
  'jar',
  'scr',
  'vbs',
]);
const EXECUTABLE_TYPES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sh',
]);

export type ContentCheck = { ok: true; data?: Buffer } | { ok: false; reason: Message };

const mismatch = (extension: string): ContentCheck => ({
  ok: false,
  reason: message('file_content_mismatch', { extension }),
});

function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `data` really is a file of type `ext`. `complete` says `data` is the whole file (an SVG
 * or text file is only judged whole); an SVG comes back sanitised in `data`.
 */
export async function checkContent(ext: string, data: Buffer, complete: boolean): Promise<ContentCheck> {
  if (BLOCKED_EXTENSIONS.has(ext))
    return { ok: false, reason: message('file_type_blocked', { extension: ext }) };
  if (ext === 'svg') {
    if (!complete) return { ok: false, reason: message('svg_checked_whole') };
    if (!isText(data)) return mismatch(ext);
    const clean = cleanSvg(data.toString('utf8'));
    return 'svg' in clean
      ? { ok: true, data: Buffer.from(clean.svg, 'utf8') }
      : { ok: false, reason: message(clean.problem, clean.params) };
  }
  if (TEXT_EXTENSIONS.has(ext))
    return isText(complete ? data : data.subarray(0, SNIFF_BYTES)) ? { ok: true } : mismatch(ext);

  const detected = await fileTypeFromBuffer(data.subarray(0, SNIFF_BYTES));
  const expected = BINARY_TYPES[ext];
  if (expected) return detected && expected.includes(detected.mime) ? { ok: true } : mismatch(ext);
  // An extension we don't know (a CAD drawing, say) is kept unless it hides a program.
  if (detected && EXECUTABLE_TYPES.has(detected.mime))
    return { ok: false, reason: message('programs_blocked') };
  return { ok: true };
}
