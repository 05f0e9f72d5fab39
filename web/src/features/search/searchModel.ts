/**
 * The search box's arithmetic, apart from React: results grouped by kind (best group first), the
 * order the keyboard walks them in, and the recent searches kept in the browser.
 */
import { SEARCH_KINDS, SEARCH_RECENT_MAX, type SearchKind, type SearchResultDto } from '@asbuilt/domain';

export interface ResultGroup {
  kind: SearchKind;
  results: SearchResultDto[];
}

/**
 * The server answers the best results first across kinds; a group takes the place of its best
 * result, and keeps the server's order inside.
 */
export function groupResults(results: SearchResultDto[]): ResultGroup[] {
  const groups = new Map<SearchKind, SearchResultDto[]>();
  for (const result of results) {
    const list = groups.get(result.type);
    if (list) list.push(result);
    else groups.set(result.type, [result]);
  }
  return [...groups].map(([kind, list]) => ({ kind, results: list }));
}

/** The results in the order they are drawn: what Arrow Up and Down move through. */
export function flatten(groups: ResultGroup[]): SearchResultDto[] {
  return groups.flatMap((group) => group.results);
}

/** The next highlighted row after a key, wrapping round; -1 when there is nothing to highlight. */
export function moveActive(
  active: number,
  count: number,
  key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End',
): number {
  if (count === 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active < 0 ? 0 : (active + 1) % count;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
}

export const RECENT_KEY = 'asbuilt.recentSearches';

/** The recent searches, newest first; anything unreadable counts as none. */
export function readRecent(storage: Pick<Storage, 'getItem'>): string[] {
  try {
    const value = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string').slice(0, SEARCH_RECENT_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts `query` first (once, whatever its case), keeping the newest `SEARCH_RECENT_MAX`. */
export function rememberSearch(storage: Pick<Storage, 'getItem' | 'setItem'>, query: string): string[] {
  const trimmed = query.trim();
  if (!trimmed) return readRecent(storage);
  const next = [
    trimmed,
    ...readRecent(storage).filter((item) => item.toLowerCase() !== trimmed.toLowerCase()),
  ].slice(0, SEARCH_RECENT_MAX);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // A full or refused storage only loses the list.
  }
  return next;
}

/** Whether a key press opens the box: Ctrl+K (Cmd+K on a Mac) anywhere, `/` outside a text field. */
export function opensSearch(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  typing: boolean,
) {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** The order kinds are named in when totals are listed. */
export const KIND_ORDER: readonly SearchKind[] = SEARCH_KINDS;
