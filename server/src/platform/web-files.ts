/**
 * The built web app's files, read once as the server starts and answered from memory. A first
 * visit asks for some sixty scripts while the server also answers the page's calls; on the
 * embedded database those calls hold the server's one thread, and a file read from disk needed
 * several turns of it (open, stat, read, close), each waiting behind them: a script of 81 bytes
 * took 283 ms (bench/server-log.ts). From memory it is one turn.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface WebFile {
  body: Buffer;
  /** The build's compressed copies (web/build/precompress.ts), when it wrote them. */
  br?: Buffer;
  gzip?: Buffer;
  /** The codings of those copies, Brotli first: what a caller's Accept-Encoding is matched to. */
  codings: ('br' | 'gzip')[];
  type: string;
  etag: string;
  cacheControl: string;
}

/** The build names every asset after its content: a name never changes meaning. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other files (the icon) are asked again, and answered 304 while unchanged. */
const REVALIDATE = 'public, max-age=0';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  // The offline page the service worker keeps, and the QR reader's WebAssembly (compiled as it streams).
  '.html': 'text/html; charset=utf-8',
  '.wasm': 'application/wasm',
};

const COPIES = ['.br', '.gz'];

/**
 * Every file of the build by its address (`/assets/x.js`), but the index page, which the server
 * sends itself, and dot folders (the build's manifest).
 */
export function readWebFiles(dist: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  const visit = (folder: string, address: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const file = path.join(folder, entry.name);
      const at = `${address}/${entry.name}`;
      if (entry.isDirectory()) visit(file, at);
      else if (entry.isFile() && at !== '/index.html' && !COPIES.includes(path.extname(entry.name))) {
        files.set(at, readWebFile(file, at.startsWith('/assets/')));
      }
    }
  };
  visit(dist, '');
  return files;
}

function readWebFile(file: string, immutable: boolean): WebFile {
  const body = readFileSync(file);
  const copy = (extension: string) => {
    try {
      return readFileSync(file + extension);
    } catch {
      return undefined;
    }
  };
  const br = copy('.br');
  const gzip = copy('.gz');
  return {
    body,
    br,
    gzip,
    codings: [...(br ? (['br'] as const) : []), ...(gzip ? (['gzip'] as const) : [])],
    type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    cacheControl: immutable ? IMMUTABLE : REVALIDATE,
  };
}

/** Sends `file` in the coding the caller takes among the build's copies, or as it is. */
export function sendWebFile(request: FastifyRequest, reply: FastifyReply, file: WebFile) {
  reply.header('cache-control', file.cacheControl).header('etag', file.etag);
  const { codings } = file;
  if (codings.length > 0) reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const accepted = request.headers['accept-encoding'];
  const coding =
    typeof accepted === 'string' && codings.length > 0
      ? negotiate(accepted.toLowerCase(), codings)
      : undefined;
  reply.type(file.type);
  if (coding === 'br' || coding === 'gzip') {
    return reply.header('content-encoding', coding).send(file[coding]);
  }
  return reply.send(file.body);
}
