import type { ProcatDto } from '@asbuilt/domain';

/** The distinct values of one level among the categories under the chosen parents, sorted. */
export function levelOptions(
  procats: ProcatDto[],
  level: 'main' | 'sub1' | 'sub2',
  main: string,
  sub1: string,
): string[] {
  const same = (a: string | null, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
  const values = procats
    .filter((p) => level === 'main' || (same(p.main, main) && (level === 'sub1' || same(p.sub1, sub1))))
    .map((p) => p[level])
    .filter((value): value is string => Boolean(value?.trim()));
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}
