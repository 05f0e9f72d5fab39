import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { encodeMessage } from '../i18n/messages.ts';

/** A user as every response presents it: never a password or its hash. */
export const userDtoSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  role: z.number(),
  tenant_id: z.number(),
  tenant_name: z.string().optional(),
  company_id: z.number().nullable(),
  user_status: z.boolean(),
  avatar: z.string().nullable(),
  language: z.enum(LANGUAGES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

export const authResponseSchema = z.object({ user: userDtoSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** `PUT /api/global/me/language`, and the optional `language` of the profile form. */
export const languageBodySchema = z.object({
  language: z.enum(LANGUAGES, { error: encodeMessage('language_unknown') }),
});
