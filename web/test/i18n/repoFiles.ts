/** Walks the repository's source folders for the catalogue and literal checks. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SOURCE_ROOTS = ['domain/src', 'server/src', 'web/src'].map((dir) => path.join(ROOT, dir));

export function walk(dir: string, accept: (file: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') found.push(...walk(full, accept));
    } else if (accept(full)) {
      found.push(full);
    }
  }
  return found;
}

export const isCode = (file: string) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts');

export function readText(file: string): string {
  return readFileSync(file, 'utf8');
}

export const relative = (file: string) => path.relative(ROOT, file);
