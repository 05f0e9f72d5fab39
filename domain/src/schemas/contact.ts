import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { idField, optionalText, requiredId, versionField } from './form.ts';

/**
 * Contacts of a site (spatial-and-admin.md sections 2, 3, 4, 7): registered (a user, found by
 * e-mail; name, e-mail and phones are the user's) or unregistered (free fields; a company by id
 * or by name).
 */
const contactFields = {
  user_id: z.preprocess((v) => (v === '' ? null : v), idField('user_id').nullable()).optional(),
  job_description: optionalText('job_description').optional(),
  fname: optionalText('fname').optional(),
  lname: optionalText('lname').optional(),
  email: optionalText('email').optional(),
  phone1: optionalText('phone1', 50).optional(),
  phone2: optionalText('phone2', 50).optional(),
  company_id: z.preprocess((v) => (v === '' ? null : v), idField('company_id').nullable()).optional(),
  company_name: optionalText('company_name').optional(),
};

/** POST /api/site/contacts: either `user_id`, or a name (first or last) for an unregistered contact. */
export const contactCreateSchema = z
  .object({ site_id: requiredId('site'), ...contactFields })
  .superRefine((value, ctx) => {
    if (value.user_id == null && !value.fname && !value.lname) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('contact_name_required') });
    }
    if (value.email && !z.email().safeParse(value.email).success) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('email_invalid') });
    }
  });
export type ContactCreateInput = z.output<typeof contactCreateSchema>;

/** PUT /api/site/contacts; `updated_at` as read: a change made in between answers 409. */
export const contactUpdateSchema = z.object({
  id: idField('id'),
  ...contactFields,
  updated_at: versionField().optional(),
});
export type ContactUpdateInput = z.output<typeof contactUpdateSchema>;

export const contactIdQuerySchema = z.object({ id: idField('id') });
export const contactListQuerySchema = z.object({ site_id: requiredId('site') });

export const contactSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  user_id: z.number().nullable(),
  registered: z.boolean(),
  fname: z.string().nullable(),
  lname: z.string().nullable(),
  email: z.string().nullable(),
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  company_id: z.number().nullable(),
  /** The company's name (by id), or the free name of an unregistered contact. */
  company_name: z.string().nullable(),
  job_description: z.string().nullable(),
  user: z
    .object({
      fname: z.string(),
      lname: z.string(),
      email: z.string(),
      phone1: z.string().nullable(),
      phone2: z.string().nullable(),
      company_id: z.number().nullable(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactDto = z.infer<typeof contactSchema>;
export const contactResponseSchema = z.object({ contact: contactSchema });
export const contactListResponseSchema = z.object({ contacts: z.array(contactSchema) });
