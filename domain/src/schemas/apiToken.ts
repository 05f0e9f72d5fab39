import { z } from 'zod';
import { API_TOKEN_MAX_DAYS, API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from '../apiTokens.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { formBoolean, idField, jsonList, requiredText } from './form.ts';

/** `POST /api/global/me/tokens`: no expiry (absent, '' or null) only where the tenant allows it. */
export const apiTokenCreateSchema = z.object({
  name: requiredText('name', API_TOKEN_NAME_MAX),
  scope: z.enum(API_TOKEN_SCOPES, {
    error: encodeMessage('field_one_of', { field: 'scope', values: API_TOKEN_SCOPES.join(', ') }),
  }),
  expires_in_days: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: encodeMessage('field_not_number', { field: 'expires_in_days' }) })
      .int(encodeMessage('field_not_whole', { field: 'expires_in_days' }))
      .min(1, encodeMessage('field_min', { field: 'expires_in_days', min: 1 }))
      .max(
        API_TOKEN_MAX_DAYS,
        encodeMessage('field_max', { field: 'expires_in_days', max: API_TOKEN_MAX_DAYS }),
      )
      .optional(),
  ),
  /** Absent, null or empty: every site the user reaches. */
  site_ids: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    jsonList(idField('site_ids'), 'site_ids', 500).optional(),
  ),
  vault: formBoolean('vault').optional(),
});
export type ApiTokenCreateInput = z.output<typeof apiTokenCreateSchema>;

/** A token as lists show it: never the token, only its first characters (`prefix`). */
export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  vault: z.boolean(),
  site_ids: z.array(z.number()).nullable(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  created_at: z.string(),
});
export type ApiTokenDto = z.infer<typeof apiTokenSchema>;
export const apiTokensResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });

/** The only answer that holds the token itself. */
export const apiTokenCreatedSchema = z.object({ id: z.number(), token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const apiTokenIdQuerySchema = z.object({ id: idField('id') });

/** The Super Admin's list: every token with its owner and tenant, paged. */
export const adminApiTokenSchema = apiTokenSchema.extend({
  user: z.object({ id: z.number(), fname: z.string(), lname: z.string(), email: z.string() }),
  tenant: z.object({ id: z.number(), name: z.string() }),
});
export type AdminApiTokenDto = z.infer<typeof adminApiTokenSchema>;
export const adminApiTokensQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export const adminApiTokensResponseSchema = z.object({
  tokens: z.array(adminApiTokenSchema),
  total: z.number(),
});

/** The tenant's token rule, on its settings page: Integrators (and the Super Admin) change it. */
export const apiTokenPolicySchema = z.object({
  tenant_id: z.number(),
  require_expiry: z.boolean(),
  can_edit: z.boolean(),
});
export type ApiTokenPolicyDto = z.infer<typeof apiTokenPolicySchema>;
export const apiTokenPolicyResponseSchema = z.object({ policy: apiTokenPolicySchema });
export const apiTokenPolicyInputSchema = z.object({
  require_expiry: formBoolean('require_expiry'),
  tenant_id: z.coerce.number().int().positive().optional(),
});
