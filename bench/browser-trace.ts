/**
 * The browser's own performance trace of a page load, summed: where the renderer's main thread
 * spent the load, by trace event (self time: an event's duration less the events inside it).
 * The CPU profile (BENCH_PROFILE) names the JavaScript; what it calls "(program)" (compiling the
 * scripts, style, layout, parsing HTML) is named here. BENCH_TRACE_MORE=a,b adds trace
 * categories, e.g. disabled-by-default-v8.compile to split the compiling into its steps.
 */
import type { Browser, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
  ...(process.env.BENCH_TRACE_MORE ? process.env.BENCH_TRACE_MORE.split(',') : []),
];

export async function startTrace(browser: Browser, page: Page): Promise<void> {
  await browser.startTracing(page, { categories: CATEGORIES });
}

/** Stops the trace and answers the main thread's self time by event, largest first (ms). */
export async function stopTrace(browser: Browser): Promise<[string, number][]> {
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  // The renderer main thread with the most traced time: the page's (another renderer may have been
  // traced too).
  const mains = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mains.has(key) || e.dur === undefined) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const total = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const events = [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
  events.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const open: { event: TraceEvent; end: number; children: number }[] = [];
  const close = (until: number) => {
    while (open.length > 0 && open.at(-1)!.end <= until) {
      const done = open.pop()!;
      self.set(done.event.name, (self.get(done.event.name) ?? 0) + done.event.dur! - done.children);
    }
  };
  for (const event of events) {
    close(event.ts);
    const parent = open.at(-1);
    if (parent) parent.children += event.dur!;
    open.push({ event, end: event.ts + event.dur!, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return [...self].map(([name, us]) => [name, us / 1000] as [string, number]).sort((a, b) => b[1] - a[1]);
}
