import { writeFile } from 'node:fs/promises';
import type { CDPSession, Page } from 'playwright-core';

// BENCH_PROFILE=1 prints the functions that took the browser's main thread during the load
// (self time, from Chromium's sampling profiler); build with `vite build --minify false` to read names.
export async function startProfile(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  return session;
}

let profilesWritten = 0;

export async function printProfile(session: CDPSession): Promise<void> {
  const { profile } = await session.send('Profiler.stop');
  // BENCH_PROFILE_FILE=f also writes each profile whole (f-1.cpuprofile, f-2…, in the order of
  // the loads), to read its callers (or open in DevTools).
  if (process.env.BENCH_PROFILE_FILE)
    await writeFile(
      `${process.env.BENCH_PROFILE_FILE}-${++profilesWritten}.cpuprofile`,
      JSON.stringify(profile),
    );
  const interval = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples?.length ?? 1);
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/assets\//, '')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (hits.get(node.id) ?? 0) * interval);
  }
  if (process.env.BENCH_PROFILE === 'timeline') {
    // What the main thread did in each 50 ms from the profile's start: the busiest function.
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const buckets = new Map<number, Map<string, number>>();
    let at = 0;
    (profile.samples ?? []).forEach((id, index) => {
      at += (profile.timeDeltas?.[index] ?? 0) / 1000;
      const frame = byId.get(id)?.callFrame;
      const name = `${frame?.functionName || '(anonymous)'} ${frame?.url.replace(/^.*\/assets\//, '') ?? ''}`;
      const bucket = buckets.get(Math.floor(at / 50)) ?? new Map<string, number>();
      bucket.set(name, (bucket.get(name) ?? 0) + 1);
      buckets.set(Math.floor(at / 50), bucket);
    });
    for (const [index, bucket] of [...buckets].sort((a, b) => a[0] - b[0])) {
      const total = [...bucket.values()].reduce((a, b) => a + b, 0);
      const idle = bucket.get('(idle) ') ?? 0;
      const busiest = [...bucket]
        .filter(([name]) => name !== '(idle) ')
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3);
      console.error(
        `  ${index * 50}ms busy ${Math.round((100 * (total - idle)) / total)}% ${busiest.map(([n, c]) => `${n}×${c}`).join(', ')}`,
      );
    }
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
  console.error(
    `[profile]\n  ${top.map(([key, ms]) => `${ms.toFixed(1).padStart(7)} ms ${key}`).join('\n  ')}`,
  );
  await session.detach();
}
