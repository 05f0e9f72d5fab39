import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { LINK_TYPES, linkRefSchema, linkTypeField } from './attachment.ts';
import {
  formBoolean,
  idField,
  optionalDate,
  optionalNumber,
  optionalText,
  requiredId,
  requiredText,
  versionField,
} from './form.ts';

/**
 * The vault (core.md sections 2, 3, 4, 6 and 7; ARCHITECTURE.md "vault"). A secret is linked to a
 * floor, a location or a device of its site, or to the site itself. Passwords go in and come out
 * only through reveal: no answer but reveal ever carries one.
 */

const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A password is kept as typed (spaces are part of it); '' or null clears it. */
const passwordField = z.preprocess(
  (value) => (value === null || value === '' ? null : typeof value === 'number' ? String(value) : value),
  z
    .string({ error: encodeMessage('field_not_text', { field: 'password' }) })
    .max(1000, encodeMessage('field_too_long', { field: 'password', max: 1000 }))
    .nullable(),
);

const linkFields = {
  /** The specification's device link; the same as `secretable_type` Device with this id. */
  device_id: z.preprocess(blankToNull, idField('device_id').nullable()).optional(),
  secretable_type: linkTypeField('secretable_type').optional(),
  secretable_id: z.preprocess(blankToNull, idField('secretable_id').nullable()).optional(),
};

const secretFields = {
  url: optionalText('url', 1024).optional(),
  username: optionalText('username').optional(),
  password: passwordField.optional(),
  comment: optionalText('comment', 5000).optional(),
  level: optionalText('level', 100).optional(),
  private: formBoolean('private').optional(),
  /** Issue 44: when the secret expires, and how often its password must change. */
  expires_at: optionalDate('expires_at').optional(),
  rotate_every_days: optionalNumber('rotate_every_days', { min: 1, max: 3650 })
    .refine(
      (days) => days === null || Number.isInteger(days),
      encodeMessage('field_not_whole', { field: 'rotate_every_days' }),
    )
    .optional(),
  ...linkFields,
};

function wholeLink(value: { secretable_type?: unknown; secretable_id?: unknown }, ctx: z.RefinementCtx) {
  const { secretable_type: type, secretable_id: id } = value;
  if (type === undefined && id === undefined) return;
  if ((type == null) !== (id == null)) {
    ctx.addIssue({ code: 'custom', message: encodeMessage('link_incomplete'), path: ['secretable_id'] });
  }
}

/** POST /api/site/secrets */
export const secretCreateSchema = z
  .object({ site_id: requiredId('site'), name: requiredText('name'), ...secretFields })
  .superRefine(wholeLink);
export type SecretCreateInput = z.output<typeof secretCreateSchema>;

/** PUT /api/site/secrets: absent fields are unchanged; `password` '' clears it. */
export const secretUpdateSchema = z
  .object({
    id: idField('id'),
    name: requiredText('name').optional(),
    ...secretFields,
    updated_at: versionField().optional(),
  })
  .superRefine(wholeLink)
  .superRefine((value, ctx) => {
    const { id: _id, updated_at: _seen, ...fields } = value;
    if (Object.values(fields).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('nothing_to_change') });
    }
  });
export type SecretUpdateInput = z.output<typeof secretUpdateSchema>;

/** GET /api/site/secrets?site_id=N[&secretable_type=&secretable_id=] */
export const secretListQuerySchema = z
  .object({
    site_id: requiredId('site'),
    secretable_type: linkTypeField('secretable_type').optional(),
    secretable_id: z.preprocess(blankToNull, idField('secretable_id').nullable()).optional(),
  })
  .superRefine(wholeLink);
export type SecretListQuery = z.output<typeof secretListQuerySchema>;

/** POST /api/site/secrets/reveal */
export const secretRevealSchema = z.object({
  id: idField('id'),
  /** A fresh two-factor code, which the vault asks for every 15 minutes when 2FA is on (issue 46). */
  code: z.string().trim().max(64).optional(),
});

/** A secret as every list shows it: never its password. */
export const secretSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  name: z.string(),
  url: z.string().nullable(),
  username: z.string().nullable(),
  /** Whether a password is stored (the list shows a mask only then). */
  has_password: z.boolean(),
  comment: z.string().nullable(),
  level: z.string().nullable(),
  device_id: z.number().nullable(),
  secretable_type: z.enum(LINK_TYPES).nullable(),
  secretable_id: z.number().nullable(),
  linked: linkRefSchema,
  private: z.boolean(),
  /** The owner: who created it. */
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  expires_at: z.string().nullable(),
  rotate_every_days: z.number().nullable(),
  /** When the password last changed; the next rotation is due `rotate_every_days` after it. */
  password_changed_at: z.string().nullable(),
  next_rotation_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SecretDto = z.infer<typeof secretSchema>;

export const secretResponseSchema = z.object({ secret: secretSchema });
export const secretListResponseSchema = z.object({ secrets: z.array(secretSchema) });
export const secretRevealResponseSchema = z.object({ id: z.number(), password: z.string().nullable() });
/** DELETE /api/site/secrets?id= */
export const secretDeleteQuerySchema = z.object({ id: idField('id') });
export const secretDeleteResponseSchema = z.object({ id: z.number() });
