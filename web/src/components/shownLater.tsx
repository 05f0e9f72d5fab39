import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lib/idle.ts';

/**
 * A part of a screen that is hidden until the user asks for it (a sheet, a dialog), loaded out of
 * the screen's first paint: its script is fetched once the screen is idle, or at the first open if
 * that comes sooner, and it is drawn from its first open on (so that it can slide out again). The
 * devices page drew its rows after some 75 KB more of gzipped script (the device card with its
 * tabs, the forms and their checks) when every such part came with it (bench/devices-page.ts).
 */
export function shownLater<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  // Once loaded, drawn as it is: a lazy component suspends at its first drawing even then, and
  // React reveals what a boundary held back a frame or more later.
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then(
      (Component) => {
        loaded = Component;
        return { default: Component };
      },
      (error: unknown) => {
        // Asked again at the next open (a network hiccup while idle must not break the part).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start) as unknown as ComponentType<P>;
  function ShownLater(props: P) {
    // Chosen at the first open and kept: a component of another type would be drawn anew, its
    // state (an edit under way, a section unfolded) lost.
    const [Part, setPart] = useState<ComponentType<P> | null>(null);
    if (props.open && !Part) setPart(() => loaded ?? Lazy);
    useEffect(
      () => whenIdle(() => void start().catch(() => undefined), { fallbackMs: 300, timeout: 2_000 }),
      [],
    );
    if (!Part) return null;
    return (
      <Suspense fallback={null}>
        <FirstClosed Part={Part} props={props} />
      </Suspense>
    );
  }
  return ShownLater;
}

/**
 * Draws the part closed once before passing `open` on, so that its first opening slides in as
 * every later one does (a sheet drawn open from the start appears without its transition).
 */
function FirstClosed<P extends { open: boolean }>({ Part, props }: { Part: ComponentType<P>; props: P }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  return <Part {...props} open={props.open && drawn} />;
}
