/**
 * An .xlsx is a zip: before a reader inflates it, its central directory says how large each part
 * claims to be. A file whose parts add up to more than `maxBytes`, or that isn't a zip at all, is
 * refused without inflating anything (a zip bomb never reaches the reader).
 */
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

export type ZipVerdict = 'ok' | 'not_zip' | 'too_large';

export function checkZip(data: Buffer, maxBytes: number): ZipVerdict {
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  const from = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return 'not_zip';
  const entries = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== DIRECTORY_ENTRY) return 'not_zip';
    const compressed = data.readUInt32LE(offset + 20);
    const size = data.readUInt32LE(offset + 24);
    // ZIP64 entries say 0xffffffff here: more than any spreadsheet we accept.
    if (size === 0xffffffff || compressed === 0xffffffff) return 'too_large';
    total += size;
    if (total > maxBytes) return 'too_large';
    offset +=
      46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return 'ok';
}
