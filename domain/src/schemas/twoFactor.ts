import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { authResponseSchema } from './user.ts';

/** The bodies and answers of two-factor sign-in (issue 46). */

const CODE_MISSING = encodeMessage('two_factor_code_missing');
const CHALLENGE_INVALID = encodeMessage('two_factor_challenge_invalid');

/** An authenticator's code or a recovery code, as typed (the server normalises it). */
export const twoFactorCodeField = z
  .string({ error: CODE_MISSING })
  .trim()
  .min(1, CODE_MISSING)
  .max(64, CODE_MISSING);
const challengeField = z
  .string({ error: CHALLENGE_INVALID })
  .trim()
  .min(1, CHALLENGE_INVALID)
  .max(128, CHALLENGE_INVALID);

export const twoFactorCodeSchema = z.object({ code: twoFactorCodeField });

export const twoFactorDisableSchema = z.object({
  /** Absent for an account without a password, which a recent sign-in confirms instead. */
  password: z
    .string({ error: encodeMessage('password_required') })
    .min(1, encodeMessage('password_required'))
    .optional(),
  code: twoFactorCodeField,
});

export const twoFactorEnrolmentSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const loginChallengeSchema = z.object({ challenge: challengeField });

export const loginTwoFactorSchema = z.object({
  challenge: challengeField,
  code: twoFactorCodeField,
  /** "Remember this browser for 30 days". */
  remember: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
});

export const loginSetupConfirmSchema = z.object({ challenge: challengeField, code: twoFactorCodeField });

/** The password step's answer: a session, or a challenge to pass first. */
export const loginAnswerSchema = z.union([
  authResponseSchema,
  z.object({ two_factor_required: z.literal(true), challenge: z.string() }),
  z.object({ two_factor_setup_required: z.literal(true), challenge: z.string() }),
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** The end of an enrolment forced by the tenant's policy: the session and the recovery codes. */
export const setupSignInSchema = authResponseSchema.extend(recoveryCodesSchema.shape);

export const tenantTwoFactorPolicySchema = z.object({
  require_two_factor: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: encodeMessage('invalid_value') })
    .transform((v) => v === true || v === 'true'),
});
export const tenantTwoFactorPolicyResponseSchema = z.object({ require_two_factor: z.boolean() });

export const userTwoFactorStatusSchema = z.object({
  two_factor: z.boolean(),
  enabled_at: z.string().nullable(),
});
