import { defaultReminderFrequency, Role } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { isoWeekday } from '../../src/modules/due/job.ts';
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
});
