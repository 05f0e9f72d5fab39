/**
 * The checks of the sign-in screen's two forms: the rules of the domain's `loginSchema` and
 * `forgotPasswordSchema` (domain/src/schemas/signIn.ts), which the server applies, written out
 * here because zod and the domain's catalogue would double what the page loads (issue 14).
 * web/test/signInChecks.test.ts holds them to the schemas.
 */
import { MIN_PASSWORD_LENGTH } from '@asbuilt/domain';
import type { Params } from './words.ts';

/** A domain error code (`domain:error.*`) with its parameters. */
export interface Problem {
  code: string;
  params?: Params;
}

export interface LoginValues {
  username: string;
  password: string;
}

/** What is sent, or the first problem of each field. */
export function checkLogin(values: LoginValues) {
  const username = values.username.trim();
  const problems: Partial<Record<keyof LoginValues, Problem>> = {};
  if (!username) problems.username = { code: 'username_required' };
  if (!values.password) problems.password = { code: 'password_required' };
  else if (values.password.length < MIN_PASSWORD_LENGTH)
    problems.password = { code: 'password_min', params: { min: MIN_PASSWORD_LENGTH } };
  return { input: { username, password: values.password }, problems };
}

/** zod's `z.email()` pattern, which the domain's `emailSchema` uses. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function checkForgotPassword(values: { email: string }) {
  const email = values.email.trim().toLowerCase();
  const problems: { email?: Problem } = {};
  if (!EMAIL.test(email)) problems.email = { code: 'email_invalid' };
  return { input: { email }, problems };
}
