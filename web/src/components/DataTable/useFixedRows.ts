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
  // The first row in view and how many fit: a render only when one of them changes. The first
  // guess is the window's height, which the area never exceeds in the app's pages, so measuring
  // it once mounted renders nothing again (a second pass of the whole table before its first paint).
  const [view, setView] = useState(() => ({ top: 0, fit: Math.ceil(window.innerHeight / rowHeight) + 1 }));
  const heightRef = useRef(rowHeight);
  heightRef.current = rowHeight;

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const update = () => {
      const top = Math.floor(element.scrollTop / heightRef.current);
      const fit = Math.ceil(element.clientHeight / heightRef.current) + 1;
      // Rows that no longer fit after a shrink stay drawn, out of view: no render for them.
      setView((view) => (view.top === top && view.fit >= fit ? view : { top, fit: Math.max(fit, view.fit) }));
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
