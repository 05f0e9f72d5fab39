import { z } from 'zod';
import { MIN_INVITE_EMAIL_LENGTH, MIN_INVITE_TOKEN_LENGTH } from '../constants.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { emailSchema, passwordSchema } from './signIn.ts';

/*
 * Messages are the specification's (core.md sections 5 and 8), as codes of `domain:error.*`; the
 * server and the web forms share these schemas so both say the same thing.
 */
const REQUIRED = encodeMessage('required');
const password = passwordSchema;

export const resetPasswordSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, REQUIRED),
  token: z.string().min(1, encodeMessage('reset_link_invalid')),
  password,
});

/** The web form adds the retype field; the server only needs the password. */
export const resetPasswordFormSchema = z
  .object({ password, retype: password })
  .refine((v) => v.password === v.retype, {
    message: encodeMessage('passwords_dont_match'),
    path: ['retype'],
  });

export const inviteSignUpSchema = z.object({
  email: z.string().trim().toLowerCase().min(MIN_INVITE_EMAIL_LENGTH, encodeMessage('invite_email_invalid')),
  token: z.string().min(MIN_INVITE_TOKEN_LENGTH, encodeMessage('invite_token_invalid')),
  username: z.string().trim().toLowerCase().optional(),
  fname: z.string().trim().min(1, REQUIRED),
  lname: z.string().trim().min(1, REQUIRED),
  password,
});

export const inviteSignUpFormSchema = z
  .object({
    fname: z.string().trim().min(1, REQUIRED),
    lname: z.string().trim().min(1, REQUIRED),
    password,
    retype: password,
  })
  .refine((v) => v.password === v.retype, {
    message: encodeMessage('passwords_dont_match'),
    path: ['retype'],
  });

export const changePasswordSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  oldPass: z.string({ error: REQUIRED }).min(1, REQUIRED),
  newPass: password,
});

export const changePasswordFormSchema = z
  .object({
    oldPass: z.string().min(1, REQUIRED),
    newPass: password,
    retype: password,
  })
  .refine((v) => v.newPass === v.retype, {
    message: encodeMessage('new_passwords_dont_match'),
    path: ['retype'],
  });

const optionalText = z
  .string()
  .trim()
  .max(255)
  .nullish()
  .transform((v) => (v ? v : null));

export const profileSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  email: emailSchema,
  fname: z.string().trim().min(1, REQUIRED).max(255),
  lname: z.string().trim().min(1, REQUIRED).max(255),
  phone1: optionalText,
  phone2: optionalText,
});
export type ProfileInput = z.input<typeof profileSchema>;

export const loginAsSchema = z.object({
  id: z.coerce.number().int().positive(),
  password: z.string().min(1, encodeMessage('password_required')),
  /** The Super Admin's own two-factor code, when the user signs in with two factors (issue 46). */
  code: z.string().trim().max(64).optional(),
});

/** POST /api/tenant/users/invite_check: what an invitation link is, before its form is shown. */
export const inviteCheckSchema = inviteSignUpSchema.pick({ email: true, token: true });

/**
 * `valid` names the site, the inviter and the invitee; `used` (the account exists: sign in) and
 * `expired` say nothing more; `invalid` covers a made-up, mistyped or replaced link.
 */
export const inviteCheckResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('valid'),
    email: z.string(),
    site: z.string().nullable(),
    inviter: z.string().nullable(),
  }),
  z.object({ status: z.enum(['used', 'expired', 'invalid']) }),
]);
export type InviteCheck = z.infer<typeof inviteCheckResponseSchema>;
