import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayOfText, formatDate, isIsoDay, maskDayText, parseDay } from '../src/lib/dates.ts';

describe('a typed day', () => {
  it('reads DD/MM/YYYY day first and travels as YYYY-MM-DD', () => {
    expect(parseDay('03/04/2026')).toBe('2026-04-03');
    expect(parseDay(' 31/12/2026 ')).toBe('2026-12-31');
    expect(formatDate(parseDay('03/04/2026'))).toBe('03/04/2026');
  });

  it('forgives single digits, dots, dashes, packed digits and a two-digit year', () => {
    expect(parseDay('3/4/2026')).toBe('2026-04-03');
    expect(parseDay('03.04.2026')).toBe('2026-04-03');
    expect(parseDay('03-04-2026')).toBe('2026-04-03');
    expect(parseDay('03042026')).toBe('2026-04-03');
    expect(parseDay('3/4/26')).toBe('2026-04-03');
  });

  it('takes a pasted YYYY-MM-DD as it is', () => {
    expect(parseDay('2026-04-03')).toBe('2026-04-03');
  });

  it('refuses what is no real day', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2027',
      '00/01/2026',
      '01/13/2026',
      '12/31/2026',
      '1/2',
      'abc',
      '',
    ]) {
      expect(parseDay(text), text).toBeNull();
    }
    expect(parseDay('29/02/2028')).toBe('2028-02-29');
  });

  it('knows a travelling day from other text', () => {
    expect(isIsoDay('2026-04-03')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('03/04/2026')).toBe(false);
  });
});

describe('what a date field hands up', () => {
  it('is the day, blank, or the unfinished text itself so that no older day is saved instead', () => {
    expect(dayOfText('03/04/2026')).toBe('2026-04-03');
    expect(dayOfText('  ')).toBe('');
    expect(dayOfText('31/02/2026')).toBe('31/02/2026');
    expect(dayOfText('03/04/20')).toBe('2020-04-03');
  });

  it('fills in the slashes while digits are typed, and only then', () => {
    expect(maskDayText('0', '03')).toBe('03/');
    expect(maskDayText('03/0', '03/04')).toBe('03/04/');
    expect(maskDayText('3/0', '3/04')).toBe('3/04/');
    expect(maskDayText('03/', '03//')).toBe('03/');
    // Deleting a slash is not undone.
    expect(maskDayText('03/', '03')).toBe('03');
    expect(maskDayText('03/04/202', '03/04/2026')).toBe('03/04/2026');
  });
});

const { shown } = vi.hoisted(() => ({ shown: [] as { kind: string; message: string; id: unknown }[] }));
vi.mock('react-toastify', () => ({
  toast: {
    error: (message: string, options?: { toastId?: unknown }) =>
      shown.push({ kind: 'error', message, id: options?.toastId }),
    success: (message: string, options?: { toastId?: unknown }) =>
      shown.push({ kind: 'success', message, id: options?.toastId }),
  },
}));

vi.mock('../src/lib/errors.ts', () => ({
  errorMessages: (error: unknown) => (error instanceof Error ? [error.message] : []),
  isHandledSessionError: () => false,
}));

describe('toasts', () => {
  afterEach(() => {
    shown.length = 0;
  });

  it('give the same message the same id, so that it shows once while shown', async () => {
    const { toastFailure, toastSuccess } = await import('../src/lib/toast.ts');
    toastSuccess('Device updated');
    toastSuccess('Device updated');
    toastFailure('Failed to update', new Error('Failed to update'));
    const ids = shown.map((s) => s.id);
    expect(typeof ids[0]).toBe('string');
    expect(ids[0]).toBe(ids[1]);
    expect(new Set(shown.filter((s) => s.kind === 'error').map((s) => s.id)).size).toBe(1);
    // A success and an error of the same text are not merged.
    toastFailure('Device updated', null);
    expect(shown.at(-1)?.id).not.toBe(ids[0]);
  });
});
