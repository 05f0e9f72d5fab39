import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const platform = path.resolve(import.meta.dirname, '../../src/platform');

describe('the platform', () => {
  it('knows no module: modules use the platform, never the other way round', () => {
    const offenders = readdirSync(platform)
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /from\s+['"][^'"]*\/modules\//.test(readFileSync(path.join(platform, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
