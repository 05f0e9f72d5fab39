/** No component shows the user a word that is not in the catalogues. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBareLiterals } from './bareLiterals.ts';
import { isCode, ROOT, readText, relative, walk } from './repoFiles.ts';

describe('bare string literals', () => {
  it('are found in JSX text, user-facing props, toasts, page titles and menu data', () => {
    const sample = `
      export const items = [{ key: 'a', label: 'Sites' }, { key: 'b', label: t('x') }];
      export function A({ n }: { n: number }) {
        usePageTitle('Devices');
        toast.success(\`Saved \${n}\`);
        toastFailure(t('x'), error);
        return (
          <div title="Open the card" data-testid="card-x">
            Hello
            {n > 1 ? 'Many' : t('one')}
            <TextField label={t('name')} placeholder="Search..." />
            <span>{n}</span> · <b>{'Name'}</b>
          </div>
        );
      }`;
    const found = findBareLiterals('sample.tsx', sample).map((f) => f.text);
    expect(found).toEqual([
      'Sites',
      'Devices',
      'Saved',
      'Open the card',
      'Hello',
      'Many',
      'Search...',
      'Name',
    ]);
  });

  it('lets through a literal whose line above says why', () => {
    const sample = `
      export const Logo = () => (
        // i18n-exempt: the product's name is a brand
        <span>Asbuilt</span>
      );`;
    expect(findBareLiterals('logo.tsx', sample)).toEqual([]);
  });

  // Parsing every source file takes a few seconds on a busy machine: more than the default 5.
  it('are absent from the web app', { timeout: 60_000 }, () => {
    const files = walk(path.join(ROOT, 'web/src'), isCode);
    const findings = files.flatMap((file) =>
      findBareLiterals(file, readText(file)).map((f) => `${relative(file)}:${f.line}: ${f.text}`),
    );
    expect(findings).toEqual([]);
  });
});
