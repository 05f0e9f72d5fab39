import { crc32, createGunzip, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, gzipPieces, KeptBytes } from '../../src/platform/gzip-pieces.ts';

/** Bytes that compress a little and differ from run to run of the seed. */
function bytesOf(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    bytes[i] = 32 + (x % 60);
  }
  return bytes;
}

describe('crc32Combine', () => {
  it('is the checksum of the two texts one after the other', () => {
    for (const [a, b] of [
      [0, 10],
      [1, 1],
      [5, 0],
      [1000, 70_000],
      [65_537, 3],
    ] as const) {
      const first = bytesOf(a, a + 7);
      const second = bytesOf(b, b + 13);
      expect(crc32Combine(crc32(first), crc32(second), second.length)).toBe(
        crc32(Buffer.concat([first, second])),
      );
    }
  });
});

describe('gzipPieces', () => {
  const kept = new KeptBytes(
    Buffer.from(`[1,"Sous-sol, câble"],\n[2,"😀"],\n${'[3,"x"],\n'.repeat(5000)}[4,null]`),
  );
  const pieces = [
    Buffer.from('{"devices":{"rows":['),
    kept,
    Buffer.from(']},"device_products":'),
    Buffer.from('[]}'),
  ];
  const whole = Buffer.concat(pieces.map((piece) => (Buffer.isBuffer(piece) ? piece : piece.bytes)));

  it('is one gzip member holding the pieces one after the other', () => {
    const body = Buffer.concat(gzipPieces(pieces));
    expect(gunzipSync(body)).toEqual(whole);
    // A kept piece is a small part of the body it once was: it was compressed, not stored.
    expect(body.length).toBeLessThan(whole.length / 5);
  });

  it('reads back in a streaming decoder, as a browser reads it', async () => {
    const gunzip = createGunzip();
    const out: Buffer[] = [];
    gunzip.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve, reject) => {
      gunzip.on('end', resolve);
      gunzip.on('error', reject);
    });
    for (const chunk of gzipPieces(pieces)) gunzip.write(chunk);
    gunzip.end();
    await ended;
    expect(Buffer.concat(out)).toEqual(whole);
  });

  it('compresses a kept piece once, whatever the answers around it', () => {
    const first = kept.deflated;
    const other = Buffer.concat(gzipPieces([kept, Buffer.from(' ')]));
    expect(kept.deflated).toBe(first);
    expect(gunzipSync(other).toString()).toBe(`${kept.bytes.toString()} `);
  });

  it('is an empty text for no pieces, and for empty ones', () => {
    expect(gunzipSync(Buffer.concat(gzipPieces([]))).length).toBe(0);
    expect(
      gunzipSync(Buffer.concat(gzipPieces([Buffer.alloc(0), new KeptBytes(Buffer.alloc(0))]))).length,
    ).toBe(0);
  });
});
