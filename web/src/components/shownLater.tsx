import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lib/idle.ts';

/** When a part loaded later is fetched, if nothing asks for it sooner: once the page is idle. */
const IDLE = { fallbackMs: 300, timeout: 2_000 };

/**
 * A part's script, fetched at most once at a time: `Lazy` suspends until it is there, `loaded()`
 * is the component once it is.
 */
function laterPart<P>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then(
      (Component) => {
        loaded = Component;
        return { default: Component };
      },
      (error: unknown) => {
        // Asked again at the next drawing (a network hiccup while idle must not break the part).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    Lazy: lazy(start) as unknown as ComponentType<P>,
    loaded: () => loaded,
    prefetch: () => void start().catch(() => undefined),
  };
}

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
  const part = laterPart(load);
  function ShownLater(props: P) {
    // Chosen at the first open and kept: a component of another type would be drawn anew, its
    // state (an edit under way, a section unfolded) lost. Once loaded, drawn as it is: a lazy
    // component suspends at its first drawing even then, and React reveals what a boundary held
    // back a frame or more later.
    const [Part, setPart] = useState<ComponentType<P> | null>(null);
    if (props.open && !Part) setPart(() => part.loaded() ?? part.Lazy);
    useEffect(() => whenIdle(part.prefetch, IDLE), []);
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
 * A part of a screen drawn only in some of its states (a card's tab), loaded out of the screen's
 * first paint: its script is fetched once the page that holds it is idle after its script loaded,
 * or when the part is first drawn if that comes sooner (nothing is drawn in its place meanwhile).
 */
export function drawnLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const part = laterPart(load);
  whenIdle(part.prefetch, IDLE);
  function DrawnLater(props: P) {
    // Chosen when first drawn and kept, as in shownLater.
    const [Part] = useState<ComponentType<P>>(() => part.loaded() ?? part.Lazy);
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return DrawnLater;
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
