import { describe, expect, it } from 'vitest';
import {
  codeKind,
  formatRecoveryCode,
  freshCodeNeeded,
  normaliseCode,
  stepAccepted,
  TWO_FACTOR,
  timeStep,
} from '../src/twoFactor.ts';

describe('two-factor codes as typed', () => {
  it('drops the spaces and dashes of grouping and reads any case', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('ABCDE-FGHJK')).toBe('abcdefghjk');
  });

  it('tells an authenticator code from a recovery code, and neither from anything else', () => {
    expect(codeKind('123456')).toBe('totp');
    expect(codeKind('123 456')).toBe('totp');
    expect(codeKind('12345')).toBeNull();
    expect(codeKind('1234567')).toBeNull();
    expect(codeKind('abcde-fghjk')).toBe('recovery');
    expect(codeKind('ABCDEFGHJK')).toBe('recovery');
    // Letters that read as digits are not in the alphabet.
    expect(codeKind('abcde-fghj0')).toBeNull();
    expect(codeKind('abcde-fghjl')).toBeNull();
    expect(codeKind('')).toBeNull();
  });

  it('shows a recovery code in two groups of five', () => {
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
    expect(formatRecoveryCode('ABCDE FGHJK')).toBe('abcde-fghjk');
  });
});

describe('time steps', () => {
  it('are 30 s long', () => {
    expect(TWO_FACTOR.periodSeconds).toBe(30);
    expect(timeStep(0)).toBe(0);
    expect(timeStep(29_999)).toBe(0);
    expect(timeStep(30_000)).toBe(1);
    expect(timeStep(new Date(90_000))).toBe(3);
  });

  it('accept a code once, and none older than the last accepted', () => {
    expect(stepAccepted(10, null)).toBe(true);
    expect(stepAccepted(11, 10)).toBe(true);
    expect(stepAccepted(10, 10)).toBe(false);
    expect(stepAccepted(9, 10)).toBe(false);
  });
});

describe('the vault’s fresh code', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('holds 15 minutes', () => {
    expect(freshCodeNeeded(null, now)).toBe(true);
    expect(freshCodeNeeded(ago(0), now)).toBe(false);
    expect(freshCodeNeeded(ago(14.9), now)).toBe(false);
    expect(freshCodeNeeded(ago(15), now)).toBe(false);
    expect(freshCodeNeeded(ago(15.1), now)).toBe(true);
  });

  it('does not trust a time in the future', () => {
    expect(freshCodeNeeded(ago(-1), now)).toBe(true);
  });
});
