import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  loginSchema,
  MESSAGES,
  resetPasswordFormSchema,
} from '../src/schemas/auth.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('auth form schemas', () => {
  it('login needs a username and a password of at least 6 characters', () => {
    expect(messages(loginSchema.safeParse({ username: '', password: '' }))).toEqual([
      MESSAGES.usernameRequired,
      MESSAGES.passwordRequired,
      MESSAGES.minPassword,
    ]);
    expect(loginSchema.safeParse({ username: 'a', password: '123456' }).success).toBe(true);
  });

  it('reset form refuses a mismatched retype', () => {
    expect(messages(resetPasswordFormSchema.safeParse({ password: 'abcdef', retype: 'abcdeg' }))).toEqual([
      MESSAGES.passwordsDontMatch,
    ]);
  });

  it('change password form needs the old password and matching new ones', () => {
    expect(
      messages(changePasswordFormSchema.safeParse({ oldPass: '', newPass: 'abcdef', retype: 'abcdef' })),
    ).toEqual([MESSAGES.required]);
    expect(
      messages(changePasswordFormSchema.safeParse({ oldPass: 'x', newPass: 'abcdef', retype: 'zzzzzz' })),
    ).toEqual([MESSAGES.newPasswordsDontMatch]);
  });
});
