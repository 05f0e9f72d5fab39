/**
 * What the browser bench (devices-page.ts) measures in a page: a load until the table shows its
 * rows and total, a search keystroke until the table changed, a row click until the device card
 * is shown and slid in.
 */
import type { Page } from 'playwright-core';
import { printProfile, startProfile } from './browser-profile.ts';
import { startTrace, stopTrace } from './browser-trace.ts';
import { untilQuiet } from './harness.ts';
import { type ProcessorWatch, processorTimeByKind } from './processor-use.ts';

/**
 * Navigates and returns the ms from the navigation's start (performance.timeOrigin) to the first
 * frame in which the table shows rows and `ready(text)` holds for the counter's text.
 */
export async function timeLoad(
  page: Page,
  url: string,
  counterSelector: string,
  expected: string,
  cpu?: ProcessorWatch,
): Promise<number> {
  await untilQuiet();
  const before = cpu && processorTimeByKind(cpu.serverPid);
  const profiler =
    process.env.BENCH_PROFILE && !process.env.BENCH_PROFILE.endsWith('keys')
      ? await startProfile(page)
      : null;
  // BENCH_TRACE=1 prints where the browser's main thread spent the load, from its own trace.
  const browser = page.context().browser();
  if (process.env.BENCH_TRACE && browser) await startTrace(browser, page);
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    ({ selector, text }) => {
      const counter = document.querySelector(selector);
      const rows = document.querySelectorAll('[role="table"] [role="row"]').length;
      return counter?.textContent?.trim() === text && rows > 1 ? performance.now() : false;
    },
    { selector: counterSelector, text: expected },
    { polling: 'raf', timeout: 60_000 },
  );
  const painted = (await handle.jsonValue()) as number;
  if (cpu && before) cpu.use.add(before, processorTimeByKind(cpu.serverPid));
  if (profiler) await printProfile(profiler);
  if (process.env.BENCH_TRACE && browser) {
    const top = (await stopTrace(browser)).slice(0, 25);
    console.error(
      `[trace]\n  ${top.map(([name, ms]) => `${ms.toFixed(1).padStart(7)} ms ${name}`).join('\n  ')}`,
    );
  }
  // BENCH_DETAIL=1 prints when each script and API answer arrived, against the paint.
  if (process.env.BENCH_DETAIL) {
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => {
        const e = entry as PerformanceResourceTiming;
        return `${Math.round(e.requestStart)}-${Math.round(e.responseEnd)} ${e.name.replace(location.origin, '')}`;
      }),
    );
    console.error(`[detail] painted at ${Math.round(painted)}\n  ${entries.join('\n  ')}`);
  }
  return painted;
}

/**
 * Types `keys` one at a time into the search box; for each, the ms from the input event to the
 * frame after the table's DOM changed. A key that changes nothing in the table is reported as -1.
 */
export async function timeKeystrokes(page: Page, searchLabel: string, keys: string[]): Promise<number[]> {
  const input = page.getByRole('searchbox', { name: searchLabel });
  await input.click();
  const samples: number[] = [];
  for (const key of keys) {
    await page.evaluate(() => {
      const w = window as unknown as { __bench?: Promise<number> };
      const field = document.querySelector('input[type="search"]') as HTMLInputElement;
      const table = document.querySelector('[role="table"]');
      w.__bench = new Promise<number>((resolve) => {
        // No input event or no change within 5 s: reported as -1.
        setTimeout(() => resolve(-1), 5_000);
        field.addEventListener(
          'input',
          (event) => {
            const start = event.timeStamp;
            const observer = new MutationObserver(() => {
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - start));
            });
            // The keys keep some matches, so the table stays and changes in place (rows, and its
            // aria-rowcount with the count).
            if (table)
              observer.observe(table, {
                subtree: true,
                childList: true,
                characterData: true,
                attributes: true,
              });
            setTimeout(() => observer.disconnect(), 5_000);
          },
          { once: true },
        );
      });
    });
    await page.keyboard.press(key);
    const ms = await page.evaluate(() => (window as unknown as { __bench: Promise<number> }).__bench);
    samples.push(ms);
    // Let the deferred render and the virtualiser settle before the next key.
    await page.waitForTimeout(250);
  }
  return samples;
}

/**
 * In the page (an expression of no value, so that evaluating it does not wait): a promise (window.__card) of the ms from the next click to the frame in which a
 * device card shows its selected tab, and to the frame in which the sheet (anchored right) has
 * slid in, its right edge on the window's.
 */
const CARD_WATCH = `void (window.__card = new Promise((resolve) => {
  let first = -1;
  setTimeout(() => resolve([first, -1]), 10000);
  document.addEventListener('click', (event) => {
    const start = event.timeStamp;
    const check = () => {
      const tab = document.querySelector('[role="dialog"] [role="tab"][aria-selected="true"]');
      if (tab && first < 0) first = performance.now() - start;
      const rect = tab && tab.closest('[role="dialog"]').getBoundingClientRect();
      if (rect && Math.abs(rect.right - window.innerWidth) < 1) resolve([first, performance.now() - start]);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, { once: true, capture: true });
}))`;

/**
 * Clicks the rows one after the other; for each, the ms from the click event to the frame in
 * which the device card shows the device (its General tab), and to the end of its slide-in.
 */
export async function timeCardOpens(
  page: Page,
  count: number,
): Promise<{ shown: number[]; settled: number[] }> {
  const shown: number[] = [];
  const settled: number[] = [];
  for (let index = 0; index < count; index++) {
    // A string, not a function: tsx would name the inner function with a helper the page lacks.
    await page.evaluate(CARD_WATCH);
    await page
      .locator('[role="table"] [role="row"]')
      .nth(index + 1)
      .getByRole('cell')
      .nth(2)
      .click();
    const [first, done] = await page.evaluate(
      () => (window as unknown as { __card: Promise<[number, number]> }).__card,
    );
    shown.push(first);
    settled.push(done);
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    await page.waitForTimeout(200);
  }
  return { shown, settled };
}
