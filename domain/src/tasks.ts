/**
 * Maintenance tasks (issue 44): how often they recur and when they are next due. Dates are
 * calendar days written `YYYY-MM-DD`; the arithmetic runs in UTC so no time zone shifts a day.
 */

export const TASK_INTERVAL_UNITS = ['days', 'weeks', 'months', 'years', 'once'] as const;
export type TaskIntervalUnit = (typeof TASK_INTERVAL_UNITS)[number];

/** What was ticked when a task was done: every item of its checklist, in order. */
export type TaskChecklistState = { item: string; done: boolean }[];

function parseDay(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * `day` moved on by `count` units (count may be negative). Months and years keep the day of the
 * month, or take the month's last day when it is shorter: 31 Jan + 1 month = 28 (or 29) Feb,
 * 29 Feb + 1 year = 28 Feb. `once` does not recur: the day is returned unchanged.
 */
export function addInterval(day: string, count: number, unit: TaskIntervalUnit): string {
  const { y, m, d } = parseDay(day);
  switch (unit) {
    case 'days':
      return formatDay(new Date(Date.UTC(y, m - 1, d + count)));
    case 'weeks':
      return formatDay(new Date(Date.UTC(y, m - 1, d + 7 * count)));
    case 'months':
    case 'years': {
      const months = unit === 'years' ? 12 * count : count;
      const target = new Date(Date.UTC(y, m - 1 + months, 1));
      const year = target.getUTCFullYear();
      const month = target.getUTCMonth();
      return formatDay(new Date(Date.UTC(year, month, Math.min(d, daysInMonth(year, month)))));
    }
    case 'once':
      return day;
  }
}

/**
 * The next due date of a task done on `doneDay`: the interval counts from the day it was done,
 * not from the day it was due. Null for a `once` task: done once, it is closed.
 */
export function nextDueDate(doneDay: string, interval: number, unit: TaskIntervalUnit): string | null {
  if (unit === 'once') return null;
  return addInterval(doneDay, interval, unit);
}

/**
 * The days a task falls due from `firstDue` up to `until` (inclusive), at most `max` of them.
 * Each occurrence counts from the first, not from the previous one, so a task due on the 31st
 * stays on the month's last day instead of drifting to the 28th.
 */
export function taskOccurrences(
  firstDue: string,
  interval: number,
  unit: TaskIntervalUnit,
  until: string,
  max = 366,
): string[] {
  const days: string[] = [];
  if (firstDue > until) return days;
  if (unit === 'once') return [firstDue];
  for (let n = 0; days.length < max; n += 1) {
    const day = addInterval(firstDue, n * interval, unit);
    if (day > until) break;
    days.push(day);
  }
  return days;
}

/**
 * When a secret's password is next due to change: `rotateEveryDays` after its last change. None
 * without a rotation period or without a password.
 */
export function nextRotationDate(secret: {
  rotate_every_days: number | null;
  password_changed_at: Date | string | null;
}): string | null {
  if (!secret.rotate_every_days || !secret.password_changed_at) return null;
  const changed =
    typeof secret.password_changed_at === 'string'
      ? secret.password_changed_at.slice(0, 10)
      : secret.password_changed_at.toISOString().slice(0, 10);
  return addInterval(changed, secret.rotate_every_days, 'days');
}
