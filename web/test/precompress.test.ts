import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressFile } from '../build/precompress.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const exists = (file: string) =>
  readFile(file).then(
    () => true,
    () => false,
  );

describe('the build copies compressed ahead of time', () => {
  it('writes a Brotli and a gzip copy that give back the file, both smaller', async () => {
    const file = path.join(dir, 'app.js');
    const content = Buffer.from('export const word = "device";\n'.repeat(200));
    await writeFile(file, content);
    await precompressFile(file);
    const [br, gz] = await Promise.all([readFile(`${file}.br`), readFile(`${file}.gz`)]);
    expect(brotliDecompressSync(br).equals(content)).toBe(true);
    expect(gunzipSync(gz).equals(content)).toBe(true);
    expect(br.length).toBeLessThan(content.length / 10);
    expect(gz.length).toBeLessThan(content.length / 10);
  });

  it('leaves a file under a kilobyte alone', async () => {
    const file = path.join(dir, 'tiny.js');
    await writeFile(file, 'export {};\n'.repeat(50));
    await precompressFile(file);
    expect(await exists(`${file}.br`)).toBe(false);
    expect(await exists(`${file}.gz`)).toBe(false);
  });

  it('writes no copy that would be larger than the file (already compressed content)', async () => {
    const file = path.join(dir, 'noise.svg');
    await writeFile(file, randomBytes(4096));
    await precompressFile(file);
    expect(await exists(`${file}.br`)).toBe(false);
    expect(await exists(`${file}.gz`)).toBe(false);
  });
});
