import { z } from 'zod';
import { MIN_INVITE_EMAIL_LENGTH, MIN_INVITE_TOKEN_LENGTH, MIN_PASSWORD_LENGTH } from '../constants.ts';

/**
 * Messages are the specification's (core.md sections 5 and 8); the server and the web forms
 * share these schemas so both say the same thing.
 */
export const MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  minPassword: `Min ${MIN_PASSWORD_LENGTH} characters`,
  passwordsDontMatch: "passwords don't match",
  newPasswordsDontMatch: "New Passwords don't Match",
  required: 'Required.',
  inviteTokenInvalid: 'Token is invalid, please request a new invitation',
  inviteEmailInvalid: 'The email of this request is invalid, please request a new invitation',
  badCredentials: 'Invalid username or password',
  resetSent: 'An email has been send to reset your password',
  resetLinkInvalid: 'This reset link is invalid or has expired, please request a new one',
  missingLinkParams: 'This link is incomplete: please use the link from your email, or contact support.',
} as const;

const password = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, MESSAGES.minPassword);

export const loginSchema = z.object({
  username: z.string({ error: MESSAGES.usernameRequired }).trim().min(1, MESSAGES.usernameRequired),
  password,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address'));

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, MESSAGES.required),
  token: z.string().min(1, MESSAGES.resetLinkInvalid),
  password,
});

/** The web form adds the retype field; the server only needs the password. */
export const resetPasswordFormSchema = z
  .object({ password, retype: password })
  .refine((v) => v.password === v.retype, { message: MESSAGES.passwordsDontMatch, path: ['retype'] });

export const inviteSignUpSchema = z.object({
  email: z.string().trim().toLowerCase().min(MIN_INVITE_EMAIL_LENGTH, MESSAGES.inviteEmailInvalid),
  token: z.string().min(MIN_INVITE_TOKEN_LENGTH, MESSAGES.inviteTokenInvalid),
  username: z.string().trim().toLowerCase().optional(),
  fname: z.string().trim().min(1, MESSAGES.required),
  lname: z.string().trim().min(1, MESSAGES.required),
  password,
});

export const inviteSignUpFormSchema = z
  .object({
    fname: z.string().trim().min(1, MESSAGES.required),
    lname: z.string().trim().min(1, MESSAGES.required),
    password,
    retype: password,
  })
  .refine((v) => v.password === v.retype, { message: MESSAGES.passwordsDontMatch, path: ['retype'] });

export const changePasswordSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  oldPass: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  newPass: password,
});

export const changePasswordFormSchema = z
  .object({
    oldPass: z.string().min(1, MESSAGES.required),
    newPass: password,
    retype: password,
  })
  .refine((v) => v.newPass === v.retype, { message: MESSAGES.newPasswordsDontMatch, path: ['retype'] });

const optionalText = z
  .string()
  .trim()
  .max(255)
  .nullish()
  .transform((v) => (v ? v : null));

export const profileSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  email: emailSchema,
  fname: z.string().trim().min(1, MESSAGES.required).max(255),
  lname: z.string().trim().min(1, MESSAGES.required).max(255),
  phone1: optionalText,
  phone2: optionalText,
});
export type ProfileInput = z.input<typeof profileSchema>;

export const loginAsSchema = z.object({
  id: z.coerce.number().int().positive(),
  password: z.string().min(1, MESSAGES.passwordRequired),
});
