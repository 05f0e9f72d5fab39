/**
 * An .xlsx is a zip: before a reader inflates it, its central directory says how large each part
 * claims to be. A file whose parts add up to more than `maxBytes`, or that isn't a zip at all, is
 * refused without inflating anything (a zip bomb never reaches the reader; a part that inflates
 * beyond its claim is refused by `inflateEntry`).
 */
import { zipDirectory } from './zip-read.ts';

export type ZipVerdict = 'ok' | 'not_zip' | 'too_large';

export function checkZip(data: Buffer, maxBytes: number): ZipVerdict {
  const entries = zipDirectory(data);
  if (!entries) return 'not_zip';
  let total = 0;
  for (const { size, compressedSize } of entries) {
    // ZIP64 entries say 0xffffffff here: more than any spreadsheet we accept.
    if (size === 0xffffffff || compressedSize === 0xffffffff) return 'too_large';
    total += size;
    if (total > maxBytes) return 'too_large';
  }
  return 'ok';
}
