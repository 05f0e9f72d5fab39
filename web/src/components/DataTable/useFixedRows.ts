import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * Which rows of one fixed height a scroll area shows, with `overscan` more above and below, from
 * its scroll position alone: constant work whatever the count. TanStack Virtual placed every row
 * again whenever the count changed (100,000 objects made at each search keystroke of a big site);
 * the grid's rows all have one height, so none of that is needed.
 */
export function useFixedRows(
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan = 12,
): { first: number; last: number; totalHeight: number } {
  // The first row in view and how many fit: a render only when one of them changes.
  const [view, setView] = useState({ top: 0, fit: 0 });
  const heightRef = useRef(rowHeight);
  heightRef.current = rowHeight;

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const update = () => {
      const top = Math.floor(element.scrollTop / heightRef.current);
      const fit = Math.ceil(element.clientHeight / heightRef.current) + 1;
      setView((view) => (view.top === top && view.fit === fit ? view : { top, fit }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [scrollRef]);

  return {
    first: Math.min(count, Math.max(0, view.top - overscan)),
    last: Math.min(count, view.top + view.fit + overscan),
    totalHeight: count * rowHeight,
  };
}
