/**
 * The figures `npm run bench` (run.ts) holds to the targets. Each benchmark prints its own
 * tables; when run.ts runs it, it also hands over its headline figures here, one JSON line each
 * in the file BENCH_FIGURES names, so the verdict is read from numbers and not parsed from text.
 * Run alone, a benchmark reports nothing beyond what it prints.
 */
import { appendFileSync, readFileSync } from 'node:fs';

export interface Figure {
  /** The point, e.g. "4" or "data". */
  point: string;
  /** What was measured, with the database where it matters. */
  name: string;
  value: number;
  /** "ms", "s", "×", "KB", "requests/s", "of before". */
  unit: string;
  /** The target it is held to; none for a figure that is only reported. */
  target?: { max?: number; min?: number };
}

export function reportFigure(figure: Figure): void {
  const file = process.env.BENCH_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

export function readFigures(file: string): Figure[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Figure);
}

/** Whether the figure meets its target; null when it has none. */
export function holds(figure: Figure): boolean | null {
  const { target, value } = figure;
  if (!target) return null;
  return (
    (target.max === undefined || value <= target.max) && (target.min === undefined || value >= target.min)
  );
}

export function targetText(figure: Figure): string {
  const { target, unit } = figure;
  if (!target) return 'reported';
  const parts = [];
  if (target.max !== undefined) parts.push(`≤ ${target.max} ${unit}`);
  if (target.min !== undefined) parts.push(`≥ ${target.min} ${unit}`);
  return parts.join(', ');
}
