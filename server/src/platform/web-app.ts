import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isPublicPage, message, SIGNED_IN_COOKIE } from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-plugin.ts';
import { readWebFiles, sendWebFile } from './web-files.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The pages a signed-out visitor gets the sign-in screen on (see web/src/main.tsx). */
const SIGN_IN_PAGES = new Set(['/', '/login']);
const SIGNED_IN = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`);

/**
 * Whether a page load starts the app, so its scripts are worth preloading: a public page, or any
 * other page but the sign-in ones in a browser that holds a session. Without one, the bootstrap
 * draws the sign-in screen alone (web/src/main.tsx), which needs none of them.
 */
export function startsApp(page: string, cookie: string | undefined): boolean {
  const path = page.replace(/\/+$/, '') || '/';
  if (isPublicPage(path)) return true;
  return !SIGN_IN_PAGES.has(path) && SIGNED_IN.test(cookie ?? '');
}

/**
 * index.html with the app's start script and everything it imports preloaded. The page's
 * bootstrap (web/src/main.tsx) imports the app only once it has run, so without these links the
 * app's scripts are asked for a round trip late; the sign-in screen keeps the plain index, so that
 * it loads none of them (startsApp). The largest come first: a browser fetches six at a time over HTTP/1.1,
 * and MUI's chunk, the largest, was the thirteenth of 32 in import order.
 */
export function withAppPreloads(
  html: string,
  manifest: Record<string, ManifestChunk>,
  sizeOf: (file: string) => number = () => 0,
): string {
  const start = 'src/app/start.tsx';
  if (!manifest[start]) return html;
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(start);
  const sizes = new Map(files.map((file) => [file, sizeOf(file)]));
  files.sort((a, b) => sizes.get(b)! - sizes.get(a)!);
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** The built web app on the same port: files as they are, every other page gets the index. */
export function registerWebApp(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    for (const [address, file] of readWebFiles(dist)) {
      app.get(address, (request, reply) => sendWebFile(request, reply, file));
    }
  }
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const plain = hasWeb ? readFileSync(index, 'utf8') : '';
  const forApp = existsSync(manifestFile)
    ? withAppPreloads(
        plain,
        JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>,
        (file) => statSync(path.join(dist, file), { throwIfNoEntry: false })?.size ?? 0,
      )
    : plain;
  app.setNotFoundHandler((request, reply) => {
    const page = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !page.startsWith('/api/');
    // Revalidated on every visit, so that a release's new script names are seen at once.
    if (isPage && hasWeb) {
      const html = startsApp(page, request.headers.cookie) ? forApp : plain;
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return sendError(reply, 404, [message('no_such_call', { method: request.method, path: page })]);
  });
}
