import { describe, expect, it } from 'vitest';
import { changesOf, createdFields } from '../../src/platform/activity.ts';

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

describe('createdFields', () => {
  it('keeps the given values as `to`, leaving out empty ones, secrets and undefined, dates as text', () => {
    expect(
      createdFields({
        name: 'Panel',
        code: '',
        note: null,
        sn: undefined,
        count: 0,
        archived: false,
        when: new Date('2026-03-04T05:06:07Z'),
        token_hash: 'h',
        password: 'p',
      }),
    ).toEqual({
      name: { to: 'Panel' },
      count: { to: 0 },
      archived: { to: false },
      when: { to: '2026-03-04T05:06:07.000Z' },
    });
  });

  it('is null when nothing was given', () => {
    expect(createdFields({})).toBeNull();
    expect(createdFields({ code: '', note: null, password_hash: 'h' })).toBeNull();
  });
});
