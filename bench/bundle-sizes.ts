/**
 * What each screen of the built web app loads, in gzipped bytes of JavaScript (issue 14: the
 * sign-in page at most 200 KB).
 *
 *   npm run build -w web && npx tsx bench/bundle-sizes.ts [--dist web/dist] [--markdown]
 *
 * Reads Vite's manifest. The entry (index.html: web/src/main.tsx) is a bootstrap that loads one of
 * two things, each with the chunks it imports statically:
 * - the sign-in page (/login signed out): the sign-in screen (features/auth/signin/SignInScreen.tsx)
 *   and its words in English (virtual:sign-in-words/en);
 * - the app's start (every other page): app/start.tsx and, before it draws, the app's words in
 *   English (i18n/languages/en.ts). A screen loaded on navigation adds its own chunk and the chunks
 *   that one imports to the app's start (a page inside a layout also loads what the layout's row adds).
 *   A part a screen loads after its first paint (the device card, dialogs) is listed as "loaded
 *   later", with what it adds to the app's start.
 * Sizes are gzip at Node's default level, the measure the targets are set in; CSS is not counted.
 * "Sent" is what a browser over HTTPS receives: the Brotli copies the build writes
 * (web/build/precompress.ts; a file without one counts as gzip).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { reportFigure } from './figures.ts';

interface Chunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export const SIGN_IN_BUDGET = 200 * 1024;

/** The bootstrap's two ways (manifest keys), and the words each loads before it draws. */
const SIGN_IN_SCREEN = 'src/features/auth/signin/SignInScreen.tsx';
const SIGN_IN_WORDS = 'virtual:sign-in-words/en';
const APP_START = 'src/app/start.tsx';
const APP_WORDS = 'src/i18n/languages/en.ts';
const isWords = (key: string) => key.startsWith('virtual:sign-in-words/') || key.includes('i18n/languages/');

export interface RouteSize {
  /** 'sign-in' (/login, signed out), 'app start' (what every other page loads first), else the screen's source file. */
  screen: string;
  /** Everything loaded to show it from a cold cache, in gzipped bytes. */
  total: number;
  /** The same, as sent to a browser over HTTPS (the build's Brotli copies). */
  sent: number;
  /** What a screen adds to the app's start; null for the sign-in page and the app's start. */
  added: number | null;
}

export function bundleSizes(dist: string): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const measured = new Map<string, { gzip: number; sent: number }>();
  const sizeOf = (key: string) => {
    let size = measured.get(key);
    if (size === undefined) {
      const file = path.join(dist, manifest[key]!.file);
      const gzip = gzipSync(readFileSync(file)).length;
      size = { gzip, sent: existsSync(`${file}.br`) ? statSync(`${file}.br`).size : gzip };
      measured.set(key, size);
    }
    return size;
  };
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const total = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + sizeOf(key).gzip, 0);
  const sent = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + sizeOf(key).sent, 0);

  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error(`No entry in the manifest of ${dist}`);
  for (const key of [SIGN_IN_SCREEN, SIGN_IN_WORDS, APP_START, APP_WORDS]) {
    if (!manifest[key])
      throw new Error(`${key} is not in the manifest of ${dist}: update bench/bundle-sizes.ts to main.tsx`);
  }
  const bootstrap = closure(entry);
  const signIn = closure(SIGN_IN_WORDS, closure(SIGN_IN_SCREEN, new Set(bootstrap)));
  const app = closure(APP_WORDS, closure(APP_START, new Set(bootstrap)));
  const appSize = total(app);
  const routed = new Set([...app].flatMap((key) => manifest[key]!.dynamicImports ?? []));
  const screens = Object.keys(manifest)
    .filter(
      (key) => manifest[key]!.isDynamicEntry && !isWords(key) && key !== SIGN_IN_SCREEN && key !== APP_START,
    )
    .map((key) => {
      const keys = closure(key, new Set(app));
      const size = total(keys);
      // The router's screens are the dynamic imports of the app's start (app/screens.ts among
      // its chunks); the rest are parts of a screen that it loads after its first paint
      // (web/src/components/shownLater.tsx).
      const later = routed.has(key) ? '' : ' (loaded later)';
      return {
        screen: `${key.replace(/^src\//, '')}${later}`,
        total: size,
        sent: sent(keys),
        added: size - appSize,
      };
    })
    .sort((a, b) => b.total - a.total);
  return [
    { screen: 'sign-in', total: total(signIn), sent: sent(signIn), added: null },
    { screen: 'app start', total: appSize, sent: sent(app), added: null },
    ...screens,
  ];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const added = (bytes: number | null) => (bytes === null ? '–' : kb(bytes));

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { dist: { type: 'string', default: 'web/dist' }, markdown: { type: 'boolean', default: false } },
  });
  const sizes = bundleSizes(path.resolve(values.dist));
  if (values.markdown) {
    console.log("| screen | gzipped JS loaded | added to the app's start | sent over HTTPS (Brotli) |");
    console.log('| --- | --- | --- | --- |');
    for (const size of sizes)
      console.log(`| ${size.screen} | ${kb(size.total)} | ${added(size.added)} | ${kb(size.sent)} |`);
  } else {
    console.log(`${'gzipped'.padStart(10)}  ${'added'.padStart(10)}  ${'sent'.padStart(10)}  screen`);
    for (const size of sizes)
      console.log(
        `${kb(size.total).padStart(10)}  +${added(size.added).padStart(9)}  ${kb(size.sent).padStart(10)}  ${size.screen}`,
      );
  }
  const signIn = sizes[0]!.total;
  console.log(
    `\nsign-in page: ${kb(signIn)} (budget ${kb(SIGN_IN_BUDGET)}) ${signIn <= SIGN_IN_BUDGET ? 'ok' : 'OVER'}`,
  );
  if (signIn > SIGN_IN_BUDGET) process.exitCode = 1;
  reportFigure({
    point: '4',
    name: "sign-in page's JavaScript, gzipped",
    value: Number((signIn / 1024).toFixed(1)),
    unit: 'KB',
    target: { max: SIGN_IN_BUDGET / 1024 },
  });
}
