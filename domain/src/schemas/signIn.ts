/**
 * The sign-in page's schemas, written with zod's tree-shakable "mini" build: they are the only
 * schemas that page needs, and the full build would add 25 KB of gzipped script to it (issue
 * 14). They are zod schemas like the others: the server validates with them, and the other
 * schemas embed `passwordSchema` and `emailSchema`.
 */
import * as z from 'zod/mini';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { encodeMessage } from '../i18n/messages.ts';

const PASSWORD_REQUIRED = encodeMessage('password_required');
const USERNAME_REQUIRED = encodeMessage('username_required');

export const passwordSchema = z
  .string({ error: PASSWORD_REQUIRED })
  .check(
    z.minLength(1, PASSWORD_REQUIRED),
    z.minLength(MIN_PASSWORD_LENGTH, encodeMessage('password_min', { min: MIN_PASSWORD_LENGTH })),
  );

export const loginSchema = z.object({
  username: z.string({ error: USERNAME_REQUIRED }).check(z.trim(), z.minLength(1, USERNAME_REQUIRED)),
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** An e-mail address, trimmed and in lower case. */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.email(encodeMessage('email_invalid')),
);

export const forgotPasswordSchema = z.object({ email: emailSchema });
