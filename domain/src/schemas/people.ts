import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { siteAccessSchema } from './access.ts';
import { formBoolean, idField, optionalText, requiredText } from './form.ts';
import { emailSchema } from './signIn.ts';
import { userDtoSchema } from './user.ts';

/**
 * The people of a tenant (core.md sections 2, 3, 5, 6; spatial-and-admin.md Users): the user
 * card dialog's calls under /api/tenant/users (roles 1 to 3, own tenant) and /api/admin/users
 * (roles 1 to 5, any tenant, Super Admin).
 */

const roleField = z.coerce
  .number({ error: encodeMessage('field_one_of', { field: 'role', values: '1, 2, 3, 4, 5' }) })
  .int()
  .min(1, encodeMessage('field_one_of', { field: 'role', values: '1, 2, 3, 4, 5' }))
  .max(5, encodeMessage('field_one_of', { field: 'role', values: '1, 2, 3, 4, 5' }));

/** Blank keeps the current password (on edit); otherwise at least MIN_PASSWORD_LENGTH. */
const optionalPassword = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string()
    .min(MIN_PASSWORD_LENGTH, encodeMessage('password_min', { min: MIN_PASSWORD_LENGTH }))
    .max(200)
    .optional(),
);

const personFields = {
  email: emailSchema,
  fname: requiredText('fname'),
  lname: requiredText('lname'),
  phone1: optionalText('phone1').optional(),
  phone2: optionalText('phone2').optional(),
  role: roleField.optional(),
  user_status: formBoolean('user_status').optional(),
  language: z.enum(LANGUAGES, { error: encodeMessage('language_unknown') }).optional(),
  /** Admin form only: the user's tenant. */
  tenant_id: idField('tenant').optional(),
};

/** POST /api/tenant/users and /api/admin/users */
export const userCreateSchema = z.object({
  ...personFields,
  password: z
    .string({ error: encodeMessage('password_required') })
    .min(1, encodeMessage('password_required'))
    .min(MIN_PASSWORD_LENGTH, encodeMessage('password_min', { min: MIN_PASSWORD_LENGTH }))
    .max(200),
});
export type UserCreateInput = z.output<typeof userCreateSchema>;

/**
 * PUT /api/tenant/users and /api/admin/users with the `id` of another user (one's own `id`, or
 * none, is the profile form). A blank password keeps the current one.
 */
export const userUpdateSchema = z.object({
  id: idField('id'),
  ...personFields,
  email: z.optional(emailSchema),
  fname: requiredText('fname').optional(),
  lname: requiredText('lname').optional(),
  password: optionalPassword,
});
export type UserUpdateInput = z.output<typeof userUpdateSchema>;

export const userIdQuerySchema = z.object({ id: idField('id') });
export const usersResponseSchema = z.object({ users: z.array(userDtoSchema) });

/** GET /api/tenant/users?id=: the user card's Access rights tab: each site of the tenant and the user's access. */
export const userSiteAccessSchema = z.object({
  site: z.object({ id: z.number(), name: z.string(), image: z.string().nullable(), tenant_id: z.number() }),
  access: siteAccessSchema.nullable(),
  /** What the user holds on the site, accesses and role rules together (0 to 3). */
  permission: z.number(),
  /** Whether the caller may grant, change or revoke this user's access to the site. */
  manageable: z.boolean(),
});
export const userDetailResponseSchema = z.object({
  user: userDtoSchema,
  sites: z.array(userSiteAccessSchema),
});
export type UserSiteAccess = z.infer<typeof userSiteAccessSchema>;
