/**
 * Deterministic randomness for the bench data: the demo's mulberry32 generator, one stream per
 * part (seeded from a text), so a change in one part leaves the rows of the others as they were.
 */
import { createRng, type Rng, seedFromText, stableUuid } from '../../server/src/db/seed/demo-random.ts';

export type { Rng };
export { stableUuid };

/** The generator of one part of the data: the same text gives the same numbers. */
export function streamOf(part: string): Rng {
  return createRng(seedFromText(`asbuilt-bench-data:${part}`));
}

/**
 * Splits `total` over the weights by largest remainder: the counts always add up to `total`
 * (ties go to the lower index, so the split is deterministic).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, w) => acc + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((acc, n) => acc + n, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i]! += 1;
    left -= 1;
  }
  return counts;
}

/** Picks indexes by weight in O(log n): a cumulative table and a binary search. */
export function weightedPicker(weights: readonly number[]): (rng: Rng) => number {
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    cumulative[i] = sum;
  });
  return (rng) => {
    const target = rng.next() * sum;
    let lo = 0;
    let hi = weights.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of a day counted from 1970-01-01 (UTC). */
export const dayString = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/**
 * How many of `total` rows each site gets, by weight, over the sites other than the huge one;
 * the huge site (always last) gets `huge` on top, so the other sites' counts don't depend on it.
 */
export function perSite(
  sites: readonly { kind: string; deviceCount: number }[],
  total: number,
  weight: (deviceCount: number) => number,
  huge: number,
): number[] {
  const regular = sites.filter((site) => site.kind !== 'huge');
  return [
    ...allocate(
      total,
      regular.map((site) => weight(site.deviceCount)),
    ),
    ...(sites.length > regular.length ? [huge] : []),
  ];
}
