/**
 * What each screen of the built web app loads, in gzipped bytes of JavaScript (issue 14: the
 * sign-in page at most 200 KB).
 *
 *   npm run build -w web && npx tsx bench/bundle-sizes.ts [--dist web/dist] [--markdown]
 *
 * Reads Vite's manifest: the sign-in page loads the entry (index.html), every chunk it imports
 * statically and, before it draws, the words of its language (English here: i18n/languages/en.ts); a screen
 * loaded on navigation adds its own chunk and the chunks that one imports (a page inside a layout
 * adds the layout's too). Sizes are gzip at Node's default level, as a server compresses them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  name?: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export const SIGN_IN_BUDGET = 200 * 1024;

export interface RouteSize {
  /** 'sign-in' for the entry, else the screen's source file. */
  screen: string;
  /** Everything loaded to show it from a cold cache, in gzipped bytes. */
  total: number;
  /** What it adds to the entry. */
  added: number;
}

export function bundleSizes(dist: string): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const gzipped = new Map<string, number>();
  const sizeOf = (key: string) => {
    let size = gzipped.get(key);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dist, manifest[key]!.file))).length;
      gzipped.set(key, size);
    }
    return size;
  };
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const total = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + sizeOf(key), 0);

  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error(`No entry in the manifest of ${dist}`);
  const initial = closure(entry);
  for (const key of Object.keys(manifest)) if (key.endsWith('i18n/languages/en.ts')) closure(key, initial);
  const initialSize = total(initial);
  const screens = Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry && !key.includes('i18n/languages/'))
    .map((key) => {
      const loaded = closure(key, new Set(initial));
      const size = total(loaded);
      return { screen: key.replace(/^src\//, ''), total: size, added: size - initialSize };
    })
    .sort((a, b) => b.total - a.total);
  return [{ screen: 'sign-in', total: initialSize, added: 0 }, ...screens];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { dist: { type: 'string', default: 'web/dist' }, markdown: { type: 'boolean', default: false } },
  });
  const sizes = bundleSizes(path.resolve(values.dist));
  if (values.markdown) {
    console.log('| screen | gzipped JS loaded | added to the sign-in page |');
    console.log('| --- | --- | --- |');
    for (const size of sizes) console.log(`| ${size.screen} | ${kb(size.total)} | ${kb(size.added)} |`);
  } else {
    for (const size of sizes)
      console.log(`${kb(size.total).padStart(10)}  +${kb(size.added).padStart(9)}  ${size.screen}`);
  }
  const signIn = sizes[0]!.total;
  console.log(
    `\nsign-in page: ${kb(signIn)} (budget ${kb(SIGN_IN_BUDGET)}) ${signIn <= SIGN_IN_BUDGET ? 'ok' : 'OVER'}`,
  );
  if (signIn > SIGN_IN_BUDGET) process.exitCode = 1;
}
