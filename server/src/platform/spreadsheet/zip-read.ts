/**
 * The parts of a zip (an .xlsx is one), read from its central directory, and one part inflated
 * with its inflated size capped: a part that inflates beyond what the directory says is refused
 * instead of being trusted.
 */
import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** What the directory says the part inflates to (0xffffffff for a ZIP64 part). */
  size: number;
  headerOffset: number;
}

/** The directory's entries, or null when the data isn't a zip. */
export function zipDirectory(data: Buffer): ZipEntry[] | null {
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  const from = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== DIRECTORY_ENTRY) return null;
    const nameLength = data.readUInt16LE(offset + 28);
    entries.push({
      flags: data.readUInt16LE(offset + 8),
      method: data.readUInt16LE(offset + 10),
      compressedSize: data.readUInt32LE(offset + 20),
      size: data.readUInt32LE(offset + 24),
      headerOffset: data.readUInt32LE(offset + 42),
      name: data.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return entries;
}

/** A part's bytes, inflated; throws when it is encrypted, of an unknown method, or lies about its size. */
export function inflateEntry(data: Buffer, entry: ZipEntry): Buffer {
  const at = entry.headerOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_HEADER) throw new Error('zip part missing');
  if (entry.flags & 1) throw new Error('zip part encrypted');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const raw = data.subarray(start, start + entry.compressedSize);
  if (raw.length !== entry.compressedSize) throw new Error('zip part cut short');
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new Error('zip part of an unknown method');
  if (entry.size === 0) return Buffer.alloc(0);
  const inflated = inflateRawSync(raw, { maxOutputLength: entry.size });
  if (inflated.length !== entry.size) throw new Error('zip part of another size than said');
  return inflated;
}
