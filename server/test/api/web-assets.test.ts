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
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

beforeAll(async () => {
  const web = path.join(process.env.TMPDIR ?? '/tmp', `asbuilt-web-assets-${process.pid}`);
  await mkdir(path.join(web, 'assets'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(web, 'assets', 'app.js'), SCRIPT);
  await writeFile(path.join(web, 'assets', 'app.js.br'), BROTLI);
  await writeFile(path.join(web, 'assets', 'app.js.gz'), GZIP);
  await writeFile(path.join(web, 'assets', 'plain.js'), SCRIPT);
  await writeFile(path.join(web, 'assets', 'app.css'), 'body { margin: 0 }');
  await writeFile(path.join(web, 'favicon.svg'), ICON);
  await mkdir(path.join(web, '.vite'), { recursive: true });
  await writeFile(path.join(web, '.vite', 'manifest.json'), '{"secret": "build details"}');
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

describe("the build's other files", () => {
  it('are answered 304 to a browser that holds the same copy, and 200 to one with another', async () => {
    const first = await script('app.js', 'gzip');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.call('GET', '/assets/app.js', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await t.call('GET', '/assets/app.js', { headers: { 'if-none-match': 'W/"old"' } });
    expect(other.statusCode).toBe(200);
  });

  it('carry their own type; a file outside the assets is asked again on each visit', async () => {
    const style = await t.call('GET', '/assets/app.css');
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.body).toBe('body { margin: 0 }');
    const icon = await t.call('GET', '/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
    expect(icon.body).toBe(ICON);
  });

  it('answer a HEAD request with the headers alone', async () => {
    const response = await t.call('HEAD', '/assets/app.js', { headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.rawPayload.length).toBe(0);
  });

  it("leave the build's manifest and the compressed copies unsent as files", async () => {
    const manifest = await t.call('GET', '/.vite/manifest.json');
    expect(manifest.body).not.toContain('build details');
    const copy = await t.call('GET', '/assets/app.js.br');
    expect(copy.headers['content-type']).toMatch(/^text\/html/);
  });
});
