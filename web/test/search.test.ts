/** The search box's arithmetic: groups, keyboard moves, the shortcut and the recent searches. */
import type { SearchResultDto } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import {
  flatten,
  groupResults,
  moveActive,
  opensSearch,
  RECENT_KEY,
  readRecent,
  rememberSearch,
} from '../src/features/search/searchModel.ts';

const result = (type: SearchResultDto['type'], id: number): SearchResultDto => ({
  type,
  id,
  site_id: 1,
  title: `${type} ${id}`,
  subtitle: '',
  url: `/x/${id}`,
});

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('search results', () => {
  it('groups by kind in the order of each group’s best result and walks them in drawn order', () => {
    const groups = groupResults([
      result('site', 1),
      result('device', 2),
      result('site', 3),
      result('device', 4),
    ]);
    expect(groups.map((g) => g.kind)).toEqual(['site', 'device']);
    expect(flatten(groups).map((r) => r.id)).toEqual([1, 3, 2, 4]);
  });

  it('moves the highlight with wrapping', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(1, 3, 'End')).toBe(2);
    expect(moveActive(1, 0, 'ArrowDown')).toBe(-1);
  });

  it('opens on Ctrl+K or Cmd+K anywhere and on / outside a text field', () => {
    const key = (k: string, extra: Partial<KeyboardEvent> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...extra,
    });
    expect(opensSearch(key('k', { ctrlKey: true }), true)).toBe(true);
    expect(opensSearch(key('K', { metaKey: true }), false)).toBe(true);
    expect(opensSearch(key('/'), false)).toBe(true);
    expect(opensSearch(key('/'), true)).toBe(false);
    expect(opensSearch(key('k'), false)).toBe(false);
  });
});

describe('recent searches', () => {
  it('keeps the newest first, once whatever the case, at most eight', () => {
    const storage = memoryStorage();
    for (const q of ['one', 'two', 'ONE', '  ', 'three']) rememberSearch(storage, q);
    expect(readRecent(storage)).toEqual(['three', 'ONE', 'two']);
    for (let i = 0; i < 10; i++) rememberSearch(storage, `q${i}`);
    expect(readRecent(storage)).toHaveLength(8);
    expect(readRecent(storage)[0]).toBe('q9');
  });

  it('reads a damaged entry as none', () => {
    expect(readRecent(memoryStorage({ [RECENT_KEY]: '{oops' }))).toEqual([]);
    expect(readRecent(memoryStorage({ [RECENT_KEY]: '[1,"ok"]' }))).toEqual(['ok']);
  });
});
