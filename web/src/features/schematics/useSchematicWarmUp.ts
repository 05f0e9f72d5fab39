/**
 * Warms the schematic's layout worker while a site's pages sit idle, so the Schematics page's first
 * layout of a visit runs in a warm engine (bench/RESULTS.md, "The schematic's layout": about 1.6
 * times faster than a cold one). It waits for a few quiet seconds and the browser's idle time,
 * and not at all when the user asked to save data; the worker ends after five unused minutes.
 * The client is loaded only then, keeping it out of the site's first script.
 */
import { useEffect } from 'react';

/** How long the site's pages stay open before the worker is warmed. */
const AFTER_MS = 3000;
/** Layouts of the warm-up graph: each compiles more of ELK (bench/schematic-layout.ts). */
const IDLE_ROUNDS = 3;

interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

export function useSchematicWarmUp(enabled: boolean): void {
  useEffect(() => {
    const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
    if (!enabled || connection?.saveData || typeof Worker === 'undefined') return;
    const idle = window as IdleWindow;
    let handle: number | null = null;
    let cancelled = false;
    const warm = () => {
      if (!cancelled)
        void import('./layoutClient.ts').then(({ layoutClient }) => layoutClient.warmUp(IDLE_ROUNDS));
    };
    const timer = setTimeout(() => {
      if (idle.requestIdleCallback) handle = idle.requestIdleCallback(warm, { timeout: 5000 });
      else warm();
    }, AFTER_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (handle !== null) idle.cancelIdleCallback?.(handle);
    };
  }, [enabled]);
}
