import { defaultReminderFrequency, Role } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { isoWeekday } from '../../src/modules/due/job.ts';
import { type DueRow, sortByDueDate } from '../../src/modules/due/queries.ts';
import { dayWord } from '../../src/modules/due/words.ts';

describe('reminder rules (issue 44)', () => {
  it('numbers the weekdays from Monday = 1 to Sunday = 7, in UTC', () => {
    expect(isoWeekday('2026-11-30')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2024-02-29')).toBe(4);
    expect(isoWeekday('2027-01-01')).toBe(5);
  });

  it('gives Integrators and Building Owners a weekly digest by default, and no one else', () => {
    expect(defaultReminderFrequency(Role.Integrator)).toBe('weekly');
    expect(defaultReminderFrequency(Role.BuildingOwner)).toBe('weekly');
    for (const role of [Role.User, Role.LibraryAdmin, Role.SuperAdmin]) {
      expect(defaultReminderFrequency(role)).toBe('none');
    }
  });

  it('writes a day in the reader’s language without shifting it', () => {
    expect(dayWord('en', '2026-12-05')).toBe('5 Dec 2026');
    expect(dayWord('fr', '2026-12-05')).toBe('5 déc. 2026');
    expect(dayWord('nl', '2026-01-31')).toBe('31 jan 2026');
  });

  it('writes the same day differently per language once it is remembered', () => {
    expect(dayWord('en', '2027-03-01')).toBe('1 Mar 2027');
    expect(dayWord('fr', '2027-03-01')).toBe('1 mars 2027');
    expect(dayWord('en', '2027-03-01')).toBe('1 Mar 2027');
  });

  it('orders a viewer’s items by day, then id, site and kind, as the statement would', () => {
    const row = (due_date: string, id: number, site_id: number, kind: DueRow['kind']): DueRow => ({
      user_id: 1,
      kind,
      id,
      title: `${kind} ${id}`,
      due_date,
      site_id,
      site_name: null,
      object_type: 'device',
      object_id: id,
    });
    const rows = [
      row('2027-01-02', 1, 1, 'task'),
      row('2026-12-31', 9, 2, 'warranty'),
      row('2026-12-31', 9, 1, 'warranty'),
      row('2026-12-31', 3, 1, 'warranty'),
      row('2026-12-31', 3, 1, 'task'),
      row('2025-06-01', 50, 4, 'attachment'),
    ];
    expect(sortByDueDate(rows).map((r) => `${r.due_date} ${r.id} ${r.site_id} ${r.kind}`)).toEqual([
      '2025-06-01 50 4 attachment',
      '2026-12-31 3 1 task',
      '2026-12-31 3 1 warranty',
      '2026-12-31 9 1 warranty',
      '2026-12-31 9 2 warranty',
      '2027-01-02 1 1 task',
    ]);
    expect(sortByDueDate([])).toEqual([]);
  });
});
