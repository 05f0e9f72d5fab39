/**
 * `npm run bench`: the browser timings of the big lists (devices-page.ts), printed as a table.
 * Build the app first (`npm run build`: the web app and the compiled server); the figures are recorded in RESULTS.md.
 */
import { printTimings, runBrowserBench, summary } from './devices-page.ts';

const TARGETS: Record<string, number> = {
  'devices page: navigation to rows and total': 2000,
  'devices page: search keystroke to table update': 100,
};

const { timings, machine } = await runBrowserBench({
  devices: Number(process.env.BENCH_DEVICES ?? 20_000),
  products: Number(process.env.BENCH_PRODUCTS ?? 5_000),
  runs: Number(process.env.BENCH_RUNS ?? 3),
});
console.log(`\n${machine}\n`);
printTimings(timings);
let missed = false;
for (const t of timings) {
  const target = TARGETS[t.name];
  if (target === undefined) continue;
  const { max } = summary(t);
  const ok = max < target;
  if (!ok) missed = true;
  console.log(`${ok ? 'ok  ' : 'MISS'} ${t.name}: max ${Math.round(max)} ms (target < ${target} ms)`);
}
if (missed) process.exitCode = 1;
