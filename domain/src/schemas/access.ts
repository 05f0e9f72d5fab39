import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { formBoolean, idField, optionalDate, requiredId } from './form.ts';
import { emailSchema } from './signIn.ts';

/**
 * Sharing a site (spatial-and-admin.md sections 2, 3, 4, 5, 7): site accesses, the e-mail lookup
 * and invitations. Only Full Access may change accesses; no one changes their own.
 */

/** 1 Reader, 2 Contributor, 3 Full Access. */
export const siteRoleField = z.coerce
  .number({ error: encodeMessage('field_one_of', { field: 'user_role', values: '1, 2, 3' }) })
  .int(encodeMessage('field_one_of', { field: 'user_role', values: '1, 2, 3' }))
  .min(1, encodeMessage('field_one_of', { field: 'user_role', values: '1, 2, 3' }))
  .max(3, encodeMessage('site_role_too_high'));

/**
 * `validity` blank (or `unlimited` true) means unlimited. `unlimited` true wins over a date,
 * as the specification's client sends both.
 */
const validityFields = {
  validity: optionalDate('validity').optional(),
  unlimited: formBoolean('unlimited').optional(),
};

/**
 * POST /api/site/site_accesses: a user of the site's tenant by `user_id`; a user of another
 * tenant only with the `email` the sharer typed (find_user answers no more than that). An
 * inactive (revoked or expired) access of the same user is reopened. `inviter_id` is the caller.
 */
export const siteAccessCreateSchema = z
  .object({
    site_id: requiredId('site'),
    user_id: idField('user_id').optional(),
    email: z.optional(emailSchema),
    user_role: siteRoleField,
    inviter_id: z.unknown().optional(),
    ...validityFields,
  })
  .superRefine((value, ctx) => {
    if (value.user_id === undefined && value.email === undefined) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('field_required', { field: 'user_id' }) });
    }
  });
export type SiteAccessCreateInput = z.output<typeof siteAccessCreateSchema>;

/** PUT /api/site/site_accesses: role and expiry; `active` true grants again (a revoked access). */
export const siteAccessUpdateSchema = z.object({
  id: idField('id'),
  user_role: siteRoleField.optional(),
  active: formBoolean('active').optional(),
  ...validityFields,
});
export type SiteAccessUpdateInput = z.output<typeof siteAccessUpdateSchema>;

export const siteAccessIdQuerySchema = z.object({ id: idField('id') });
export const siteAccessListQuerySchema = z.object({ site_id: requiredId('site') });

/** Who holds an access, as the Access tables show them. */
export const accessUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
  avatar: z.string().nullable(),
  /** false until an invited user has signed up. */
  user_status: z.boolean(),
  tenant_id: z.number(),
});

export const siteAccessSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  user_id: z.number(),
  inviter_id: z.number().nullable(),
  user_role: z.number(),
  /** `YYYY-MM-DD`, or null: unlimited. */
  validity: z.string().nullable(),
  unlimited: z.boolean(),
  active: z.boolean(),
  last_visit: z.string().nullable(),
  /** In force today: active and not past its validity. */
  in_force: z.boolean(),
  /** The user belongs to the site's tenant. */
  internal: z.boolean(),
  /** In the Access page's list: whether the caller may change or revoke this access. */
  changeable: z.boolean().optional(),
  user: accessUserSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteAccessDto = z.infer<typeof siteAccessSchema>;
export const siteAccessResponseSchema = z.object({ site_access: siteAccessSchema });
export const siteAccessListResponseSchema = z.object({ site_accesses: z.array(siteAccessSchema) });

/**
 * POST /api/global/find_user: `{ user }` or `{ user: null, message: 'not found' }`. For a user
 * of another tenant it answers only the id, the e-mail and whether the account is active.
 */
export const findUserSchema = z.object({ email: emailSchema, site_id: idField('site').optional() });
export const foundUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  fname: z.string().nullable(),
  lname: z.string().nullable(),
  user_status: z.boolean(),
  internal: z.boolean(),
});
export type FoundUser = z.infer<typeof foundUserSchema>;
export const findUserResponseSchema = z.object({
  user: foundUserSchema.nullable(),
  message: z.string().optional(),
});

/** POST /api/global/find_users: the users among `users` (ids) the caller may see. */
export const findUsersSchema = z.object({
  users: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z.array(idField('id')).max(1000),
  ),
});

/**
 * POST /api/tenant/users/invite_user: an inactive account and a single-use invitation mail. With
 * `user_role`, the site access is created in the same step and the mail gives its level and expiry.
 */
export const inviteUserSchema = z.object({
  email: emailSchema,
  site_id: requiredId('site'),
  site_name: z.unknown().optional(),
  user_role: siteRoleField.optional(),
  ...validityFields,
});
/** POST /api/tenant/users/reinvite_user */
export const reinviteUserSchema = z.object({ user_id: requiredId('user_id'), site_id: requiredId('site') });
