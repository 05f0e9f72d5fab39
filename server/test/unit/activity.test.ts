import { describe, expect, it } from 'vitest';
import { changesOf } from '../../src/platform/activity.ts';

describe('changesOf', () => {
  it('keeps what changed, never a password, and dates as text', () => {
    const before = { name: 'A', code: 'X', when: new Date('2026-01-01T00:00:00Z'), password: 'old' };
    expect(
      changesOf(before, { name: 'B', code: 'X', when: new Date('2026-01-02T00:00:00Z'), password: 'new' }),
    ).toEqual({
      name: { from: 'A', to: 'B' },
      when: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' },
    });
    expect(changesOf(null, { name: 'A', password_hash: 'h' })).toEqual({ name: { to: 'A' } });
    expect(changesOf(before, { name: 'A', extra: undefined })).toBeNull();
  });
});
