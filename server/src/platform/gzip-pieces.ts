/**
 * A gzip body put together from pieces, some of them compressed once and kept: a site's kept
 * device list (5 MB) was compressed again for every browser that asked for it, about 40 ms of the
 * server's processor a visit, on PGlite the thread every other call waits for.
 *
 * Deflate allows it: each piece is compressed on its own and ended with a sync flush (an empty
 * block that brings the stream to a byte boundary without ending it), so the pieces' compressed
 * bytes follow one another as one stream, which an empty final block closes. The gzip trailer's
 * checksum of the whole is put together from the pieces' own (`crc32Combine`).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** Gzip's speed/size trade-off as the server's compression uses it (app.ts). */
const LEVEL = 1;

/** A piece's raw deflate stream, sync-flushed, with the checksum and length of what it holds. */
export interface Deflated {
  raw: Buffer;
  crc: number;
  length: number;
}

export function deflated(bytes: Buffer): Deflated {
  return {
    raw: deflateRawSync(bytes, { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(bytes),
    length: bytes.length,
  };
}

/** Bytes sent often and changed seldom (a kept device list); compressed once, at their first use. */
export class KeptBytes {
  #deflated: Deflated | undefined;

  constructor(readonly bytes: Buffer) {}

  get length(): number {
    return this.bytes.length;
  }

  toString(): string {
    return this.bytes.toString();
  }

  get deflated(): Deflated {
    this.#deflated ??= deflated(this.bytes);
    return this.#deflated;
  }

  /** The bytes of the compressed copy, 0 until it is made. */
  get deflatedLength(): number {
    return this.#deflated?.raw.length ?? 0;
  }
}

/** Magic, deflate, no flags, no time, no extra flags, unknown system (RFC 1952). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block. */
const END = deflateRawSync(Buffer.alloc(0), { level: LEVEL });

/** The gzip body of the pieces one after the other; plain pieces are compressed here. */
export function gzipPieces(pieces: readonly (Buffer | KeptBytes)[]): Buffer[] {
  const chunks: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  let plain: Buffer[] = [];
  const flushPlain = () => {
    if (plain.length === 0) return;
    const bytes = Buffer.concat(plain);
    chunks.push(deflated(bytes).raw);
    crc = crc32(bytes, crc);
    length += bytes.length;
    plain = [];
  };
  for (const piece of pieces) {
    if (Buffer.isBuffer(piece)) {
      plain.push(piece);
      continue;
    }
    flushPlain();
    const kept = piece.deflated;
    chunks.push(kept.raw);
    crc = crc32Combine(crc, kept.crc, kept.length);
    length += kept.length;
  }
  flushPlain();
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  chunks.push(END, trailer);
  return chunks;
}

/**
 * The CRC-32 of two texts one after the other, from the CRC-32 of each and the second's length
 * (zlib's `crc32_combine`, which Node does not expose): the first's checksum carried through as
 * many zero bytes as the second holds, by squaring the operator that adds one zero bit.
 */
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  if (length2 <= 0) return crc1;
  const odd = new Array<number>(32);
  const even = new Array<number>(32);
  // The operator for one zero bit: the CRC-32 polynomial, then a shift.
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row;
  square(even, odd); // two zero bits
  square(odd, even); // four zero bits
  let crc = crc1;
  let left = length2;
  // Each round squares the operator (eight zero bits, sixteen, …) and applies it for each bit of the length.
  for (;;) {
    square(even, odd);
    if (left % 2 === 1) crc = times(even, crc);
    left = Math.floor(left / 2);
    if (left === 0) break;
    square(odd, even);
    if (left % 2 === 1) crc = times(odd, crc);
    left = Math.floor(left / 2);
    if (left === 0) break;
  }
  return (crc ^ crc2) >>> 0;
}

function times(matrix: readonly number[], vector: number): number {
  let sum = 0;
  for (let i = 0, v = vector >>> 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= matrix[i]!;
  return sum >>> 0;
}

function square(result: number[], matrix: readonly number[]): void {
  for (let n = 0; n < 32; n++) result[n] = times(matrix, matrix[n]!);
}
