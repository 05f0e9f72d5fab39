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
  odt: ['application/vnd.oasis.opendocument.text', 'application/zip'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet', 'application/zip'],
  odp: ['application/vnd.oasis.opendocument.presentation', 'application/zip'],
  doc: ['application/x-cfb'],
  xls: ['application/x-cfb'],
  ppt: ['application/x-cfb'],
  rvt: ['application/x-cfb'],
  rtf: ['application/rtf'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
  '7z': ['application/x-7z-compressed'],
  rar: ['application/x-rar-compressed'],
  gz: ['application/gzip'],
  tar: ['application/x-tar'],
};

/** Formats file-type doesn't know, by how their first bytes read (latin1). */
const LEADING_BYTES: Record<string, RegExp> = {
  // AutoCAD drawings: "AC10" and the release (AC1015 for 2000 up to AC1032 for 2018).
  dwg: /^AC1\d{3}/,
  dwf: /^\(DWF V\d/,
};

/** Text formats: UTF-8 without NUL bytes, and for some a fixed first line. */
const TEXT_TYPES: Record<string, RegExp | null> = {
  txt: null,
  csv: null,
  md: null,
  json: null,
  xml: null,
  log: null,
  ini: null,
  conf: null,
  cfg: null,
  // ASCII DXF (a binary DXF is accepted by its own sentinel below).
  dxf: null,
  // STEP exchange files, IFC models among them.
  ifc: /^\s*ISO-10303-21;/,
  step: /^\s*ISO-10303-21;/,
  stp: /^\s*ISO-10303-21;/,
};
const BINARY_DXF = 'AutoCAD Binary DXF\r\n\x1a\x00';

/** Text types small enough to be read whole (the others are judged by their first bytes). */
const WHOLE_TEXT = new Set(['txt', 'csv', 'md', 'json', 'xml', 'log', 'ini', 'conf', 'cfg']);

/** Whether a file of this extension is checked on its whole content, not its first bytes. */
export function checkedWhole(ext: string): boolean {
  return ext === 'svg' || WHOLE_TEXT.has(ext);
}

export type ContentCheck = { ok: true; data?: Buffer } | { ok: false; reason: Message };

const mismatch = (extension: string): ContentCheck => ({
  ok: false,
  reason: message('file_content_mismatch', { extension }),
});

/** UTF-8 without NUL bytes; a cut-off start of a file may end inside a character. */
function isText(data: Buffer, whole: boolean): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data, { stream: !whole });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `data` really is a file of type `ext`, one of the allowed types (any other is refused).
 * `complete` says `data` is the whole file (an SVG is only judged whole); an SVG comes back
 * sanitised in `data`.
 */
export async function checkContent(ext: string, data: Buffer, complete: boolean): Promise<ContentCheck> {
  if (ext === 'svg') {
    if (!complete) return { ok: false, reason: message('svg_checked_whole') };
    if (!isText(data, true)) return mismatch(ext);
    const clean = cleanSvg(data.toString('utf8'));
    return 'svg' in clean
      ? { ok: true, data: Buffer.from(clean.svg, 'utf8') }
      : { ok: false, reason: message(clean.problem, clean.params) };
  }
  const start = data.subarray(0, SNIFF_BYTES);
  if (ext in TEXT_TYPES) {
    if (ext === 'dxf' && start.toString('latin1').startsWith(BINARY_DXF)) return { ok: true };
    const text = complete ? data : start;
    if (!isText(text, complete)) return mismatch(ext);
    const firstLine = TEXT_TYPES[ext];
    return !firstLine || firstLine.test(start.toString('utf8').replace(/^\uFEFF/, ''))
      ? { ok: true }
      : mismatch(ext);
  }
  const leading = LEADING_BYTES[ext];
  if (leading) return leading.test(start.toString('latin1')) ? { ok: true } : mismatch(ext);
  const expected = BINARY_TYPES[ext];
  if (!expected) return { ok: false, reason: message('file_type_blocked', { extension: ext }) };
  const detected = await fileTypeFromBuffer(start);
  return detected && expected.includes(detected.mime) ? { ok: true } : mismatch(ext);
}

/** Whether the content of files with this extension can be checked (every allowed type must be). */
export function hasContentRule(ext: string): boolean {
  return ext === 'svg' || ext in TEXT_TYPES || ext in LEADING_BYTES || ext in BINARY_TYPES;
}
