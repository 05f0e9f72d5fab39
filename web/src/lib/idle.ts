/**
 * Runs `work` once the browser is idle, or within `timeout` ms when given; where there is no
 * requestIdleCallback (Safari), after `fallbackMs`. Answers the function that cancels it.
 */
export function whenIdle(work: () => void, options: { fallbackMs: number; timeout?: number }): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(
      work,
      options.timeout === undefined ? undefined : { timeout: options.timeout },
    );
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, options.fallbackMs);
  return () => window.clearTimeout(id);
}
