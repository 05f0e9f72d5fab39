import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { idField, requiredText } from './form.ts';

/** Passkeys (WebAuthn, issue 46): the bodies and answers of the profile's and the sign-in's calls. */

export const PASSKEY_NAME_MAX = 100;

const RESPONSE_INVALID = encodeMessage('passkey_response_invalid');

/** Base64url as WebAuthn's JSON carries binary values; long enough for a "none" attestation. */
const binary = z
  .string({ error: RESPONSE_INVALID })
  .max(16_384, RESPONSE_INVALID)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, RESPONSE_INVALID);

/**
 * The browser's credential, as `@simplewebauthn/browser` hands it over: a registration carries
 * `attestationObject`, a sign-in `authenticatorData` and `signature`. Other fields the browser adds
 * are kept for the library; the checks here only keep rubbish away from it.
 */
export const passkeyCredentialSchema = z.looseObject(
  {
    id: binary.min(1, RESPONSE_INVALID),
    rawId: binary.min(1, RESPONSE_INVALID),
    type: z.literal('public-key', { error: RESPONSE_INVALID }),
    response: z.looseObject(
      {
        clientDataJSON: binary.min(1, RESPONSE_INVALID),
        attestationObject: binary.optional(),
        authenticatorData: binary.optional(),
        signature: binary.optional(),
        userHandle: binary.nullish(),
        transports: z.array(z.string().max(32), { error: RESPONSE_INVALID }).max(10).optional(),
      },
      { error: RESPONSE_INVALID },
    ),
    clientExtensionResults: z.looseObject({}, { error: RESPONSE_INVALID }).optional(),
  },
  { error: RESPONSE_INVALID },
);

export const passkeyRegisterSchema = z.object({
  name: requiredText('name', PASSKEY_NAME_MAX),
  response: passkeyCredentialSchema,
});

export const passkeyRenameSchema = z.object({
  id: idField('id'),
  name: requiredText('name', PASSKEY_NAME_MAX),
});

export const passkeyIdQuerySchema = z.object({ id: idField('id') });

/** Removing a passkey takes the password (or a recent sign-in), as turning two-factor sign-in off does. */
export const passkeyRemoveSchema = z.object({
  /** Absent for an account without a password, which a recent sign-in confirms instead. */
  password: z
    .string({ error: encodeMessage('password_required') })
    .min(1, encodeMessage('password_required'))
    .optional(),
});

export const passkeySignInSchema = z.object({ response: passkeyCredentialSchema });

/** WebAuthn's options as the library builds them, handed to the browser untouched. */
export const passkeyOptionsSchema = z.object({ options: z.looseObject({ challenge: z.string() }) });

export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyAnswerSchema = z.object({ passkey: passkeySchema });
