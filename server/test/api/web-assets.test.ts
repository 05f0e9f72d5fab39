import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';

/**
 * The build's scripts are sent as the build compressed them (web/build/precompress.ts): the copy
 * the browser accepts, never compressed a second time, and the file itself to a browser that
 * takes neither.
 */

let t: TestApp;
const SCRIPT = Buffer.from('export const word = "device";\n'.repeat(400));
const BROTLI = brotliCompressSync(SCRIPT);
const GZIP = gzipSync(SCRIPT, { level: 9 });

beforeAll(async () => {
  const web = path.join(process.env.TMPDIR ?? '/tmp', `asbuilt-web-assets-${process.pid}`);
  await mkdir(path.join(web, 'assets'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(web, 'assets', 'app.js'), SCRIPT);
  await writeFile(path.join(web, 'assets', 'app.js.br'), BROTLI);
  await writeFile(path.join(web, 'assets', 'app.js.gz'), GZIP);
  await writeFile(path.join(web, 'assets', 'plain.js'), SCRIPT);
  t = await startTestApp({ WEB_DIST: web });
});
afterAll(() => t?.close());

const script = (file: string, acceptEncoding: string) =>
  t.call('GET', `/assets/${file}`, { headers: { 'accept-encoding': acceptEncoding } });

describe("the build's scripts", () => {
  it('are sent as the Brotli copy to a browser that takes it, with the type of the script', async () => {
    const response = await script('app.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(BROTLI)).toBe(true);
  });

  it('are sent as the gzip copy to a browser without Brotli (plain HTTP), not compressed again', async () => {
    const response = await script('app.js', 'gzip, deflate');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.equals(GZIP)).toBe(true);
  });

  it('are sent as they are to a client that takes no compression', async () => {
    const response = await script('app.js', 'identity');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(SCRIPT)).toBe(true);
  });

  it('without a compressed copy are still compressed as they are sent', async () => {
    const response = await script('plain.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).equals(SCRIPT)).toBe(true);
  });
});
