import { describe, expect, it } from 'vitest';
import { taskBulkSchema, taskCreateSchema, taskDoneSchema } from '../src/schemas/task.ts';
import { addInterval, nextDueDate, nextRotationDate, taskOccurrences } from '../src/tasks.ts';

describe('task date arithmetic', () => {
  it.each([
    ['2026-01-31', 1, 'months', '2026-02-28'],
    ['2028-01-31', 1, 'months', '2028-02-29'],
    ['2026-03-31', 1, 'months', '2026-04-30'],
    ['2026-01-30', 1, 'months', '2026-02-28'],
    ['2026-12-15', 1, 'months', '2027-01-15'],
    ['2026-08-31', 6, 'months', '2027-02-28'],
    ['2026-01-31', 13, 'months', '2027-02-28'],
    ['2028-02-29', 1, 'years', '2029-02-28'],
    ['2028-02-29', 4, 'years', '2032-02-29'],
    ['2027-02-28', 1, 'years', '2028-02-28'],
    ['2026-12-31', 1, 'days', '2027-01-01'],
    ['2028-02-28', 1, 'days', '2028-02-29'],
    ['2026-02-28', 1, 'days', '2026-03-01'],
    ['2026-12-28', 1, 'weeks', '2027-01-04'],
    ['2026-03-25', 2, 'weeks', '2026-04-08'],
  ] as const)('%s + %i %s = %s', (day, count, unit, expected) => {
    expect(addInterval(day, count, unit)).toBe(expected);
  });

  it('moves backwards too, and keeps a once day as it is', () => {
    expect(addInterval('2026-03-31', -1, 'months')).toBe('2026-02-28');
    expect(addInterval('2026-03-01', -1, 'days')).toBe('2026-02-28');
    expect(addInterval('2026-03-01', 5, 'once')).toBe('2026-03-01');
  });

  it('counts the next due date from the day it was done; a once task has none', () => {
    expect(nextDueDate('2026-05-10', 3, 'months')).toBe('2026-08-10');
    expect(nextDueDate('2026-05-10', 1, 'once')).toBeNull();
  });

  it('lists occurrences from the first due day without drifting at month ends', () => {
    expect(taskOccurrences('2026-01-31', 1, 'months', '2026-05-31')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(taskOccurrences('2026-01-01', 1, 'once', '2027-01-01')).toEqual(['2026-01-01']);
    expect(taskOccurrences('2027-01-01', 1, 'days', '2026-01-01')).toEqual([]);
    expect(taskOccurrences('2026-01-01', 1, 'days', '2027-12-31', 10)).toHaveLength(10);
  });

  it('lands on a real day of the month it aims at, for every start day of a leap cycle', () => {
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      const start = new Date(time).toISOString().slice(0, 10);
      const [y, m, d] = start.split('-').map(Number) as [number, number, number];
      for (const months of [1, 2, 3, 6, 12, 18, 48]) {
        const next = addInterval(start, months, 'months');
        const [ny, nm, nd] = next.split('-').map(Number) as [number, number, number];
        expect(ny * 12 + nm, `${start} + ${months}`).toBe(y * 12 + m + months);
        const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
        expect(nd, `${start} + ${months}`).toBe(Math.min(d, last));
      }
    }
  });

  it('puts the next rotation of a secret its period after the last password change', () => {
    expect(
      nextRotationDate({ rotate_every_days: 90, password_changed_at: new Date('2026-01-15T23:30:00Z') }),
    ).toBe('2026-04-15');
    expect(nextRotationDate({ rotate_every_days: 30, password_changed_at: '2026-02-01T08:00:00.000Z' })).toBe(
      '2026-03-03',
    );
    expect(nextRotationDate({ rotate_every_days: null, password_changed_at: new Date() })).toBeNull();
    expect(nextRotationDate({ rotate_every_days: 30, password_changed_at: null })).toBeNull();
  });
});

describe('task schemas', () => {
  const base = { site_id: 1, title: 'Check', interval_unit: 'months', next_due_date: '2026-01-31' };

  it('takes form values as text and defaults the interval to 1', () => {
    const parsed = taskCreateSchema.parse({
      ...base,
      site_id: '1',
      interval: '',
      device_id: '7',
      checklist: '["a","b"]',
    });
    expect(parsed).toMatchObject({ site_id: 1, device_id: 7, interval: 1, checklist: ['a', 'b'] });
  });

  it('refuses a device and a location together, an unknown unit and a missing date', () => {
    expect(
      taskCreateSchema.safeParse({ ...base, device_id: 1, location_id: 2 }).error?.issues[0]?.message,
    ).toBe('task_one_target');
    expect(taskCreateSchema.safeParse({ ...base, interval_unit: 'hours' }).success).toBe(false);
    expect(taskCreateSchema.safeParse({ ...base, next_due_date: '' }).error?.issues[0]?.message).toMatch(
      /^field_required/,
    );
  });

  it('bulk needs at least one device; done takes checklist states and file ids', () => {
    expect(taskBulkSchema.safeParse({ ...base, device_ids: [] }).success).toBe(false);
    expect(taskBulkSchema.parse({ ...base, device_ids: '[3,4]' }).device_ids).toEqual([3, 4]);
    expect(
      taskDoneSchema.parse({ id: 1, checklist: [{ item: 'a', done: 'true' }], attachments: ['5'] }),
    ).toMatchObject({ checklist: [{ item: 'a', done: true }], attachments: [5] });
  });
});
