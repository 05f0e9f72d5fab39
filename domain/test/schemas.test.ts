import { describe, expect, it } from 'vitest';
import { decodeMessage } from '../src/i18n/messages.ts';
import { changePasswordFormSchema, resetPasswordFormSchema } from '../src/schemas/auth.ts';
import { loginSchema } from '../src/schemas/signIn.ts';

/** The messages of a failed parse, decoded to their codes and parameters. */
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => decodeMessage(i.message)) ?? [];

describe('auth form schemas', () => {
  it('login needs a username and a password of at least 6 characters', () => {
    expect(messages(loginSchema.safeParse({ username: '', password: '' }))).toEqual([
      { code: 'username_required' },
      { code: 'password_required' },
      { code: 'password_min', params: { min: 6 } },
    ]);
    expect(loginSchema.safeParse({ username: 'a', password: '123456' }).success).toBe(true);
  });

  it('reset form refuses a mismatched retype', () => {
    expect(messages(resetPasswordFormSchema.safeParse({ password: 'abcdef', retype: 'abcdeg' }))).toEqual([
      { code: 'passwords_dont_match' },
    ]);
  });

  it('change password form needs the old password and matching new ones', () => {
    expect(
      messages(changePasswordFormSchema.safeParse({ oldPass: '', newPass: 'abcdef', retype: 'abcdef' })),
    ).toEqual([{ code: 'required' }]);
    expect(
      messages(changePasswordFormSchema.safeParse({ oldPass: 'x', newPass: 'abcdef', retype: 'zzzzzz' })),
    ).toEqual([{ code: 'new_passwords_dont_match' }]);
  });
});
