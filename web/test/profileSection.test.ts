// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProfileSection } from '../src/features/profile/ProfileSection.tsx';

const loaded = { isPending: false, isError: false, error: null, refetch: () => undefined };

function html(rows: string[], isEmpty?: (rows: readonly string[]) => boolean) {
  return renderToStaticMarkup(
    createElement(ProfileSection<string>, {
      title: 'Things',
      help: 'What they are for',
      action: createElement('button', { type: 'button' }, 'Add'),
      query: loaded,
      rows,
      row: (item) => createElement('li', { key: item }, item),
      empty: 'Nothing yet.',
      isEmpty,
    }),
  );
}

describe('ProfileSection', () => {
  it('names its list by its title', () => {
    const markup = html(['one']);
    const titleId = /<h2[^>]* id="([^"]+)"/.exec(markup)?.[1];
    expect(titleId).toBeTruthy();
    expect(markup).toContain(`<ul class="MuiList-root`);
    expect(markup).toMatch(new RegExp(`<ul[^>]*aria-labelledby="${titleId}"`));
    expect(markup).toContain('<li>one</li>');
    expect(markup).not.toContain('Nothing yet.');
  });

  it('says it is empty in place of the list', () => {
    const markup = html([]);
    expect(markup).toContain('Nothing yet.');
    expect(markup).not.toContain('<ul');
  });

  it('says it is empty under a list that keeps a row, when told so', () => {
    const markup = html(['this browser'], () => true);
    expect(markup).toContain('<li>this browser</li>');
    expect(markup.indexOf('Nothing yet.')).toBeGreaterThan(markup.indexOf('</ul>'));
  });
});
