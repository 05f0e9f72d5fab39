import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { Role } from '../roles.ts';
import { emailSchema } from './signIn.ts';
import { tenantScopeQuerySchema } from './tenantLogo.ts';

/** Single sign-on with OpenID Connect (issue 46): a tenant's provider, its domains, its rules. */

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: encodeMessage('invalid_value') })
  .transform((v) => v === true || v === 'true');

/** `example.com`: lower case, no scheme, no path, no `@`; at least one dot. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const domainField = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ''))
  .refine((v) => DOMAIN.test(v), { error: encodeMessage('sso_domain_invalid') });

/** The roles a user created on a first sign-in may get: never above Integrator. */
export const SSO_ROLES = [Role.User, Role.BuildingOwner, Role.Integrator] as const;

/** The most domains a tenant claims. */
export const SSO_MAX_DOMAINS = 20;

export const tenantSsoInputSchema = z
  .object({
    enabled: flag.optional().default(true),
    issuer: z
      .string({ error: encodeMessage('sso_issuer_invalid') })
      .trim()
      .max(500, encodeMessage('sso_issuer_invalid'))
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
        error: encodeMessage('sso_issuer_invalid'),
      }),
    client_id: z
      .string({ error: encodeMessage('sso_client_id_required') })
      .trim()
      .min(1, encodeMessage('sso_client_id_required'))
      .max(500, encodeMessage('sso_client_id_required')),
    /** Left out (or blank) keeps the stored secret; needed when none is stored. */
    client_secret: z.string().max(2000).optional(),
    domains: z
      .array(domainField, { error: encodeMessage('sso_domains_required') })
      .min(1, encodeMessage('sso_domains_required'))
      .max(SSO_MAX_DOMAINS, encodeMessage('sso_domains_limit', { max: SSO_MAX_DOMAINS })),
    create_users: flag.optional().default(false),
    new_user_role: z.coerce
      .number()
      .int()
      .refine((v) => (SSO_ROLES as readonly number[]).includes(v), {
        error: encodeMessage('sso_role_invalid'),
      })
      .optional()
      .default(Role.User),
    allow_password: flag.optional().default(true),
  })
  .extend(tenantScopeQuerySchema.shape);
export type TenantSsoInput = z.input<typeof tenantSsoInputSchema>;

/** The tenant's settings as its page shows them: the secret never, only whether one is stored. */
export const tenantSsoSchema = z.object({
  enabled: z.boolean(),
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  domains: z.array(z.string()),
  create_users: z.boolean(),
  new_user_role: z.number().int(),
  allow_password: z.boolean(),
});
export type TenantSsoDto = z.infer<typeof tenantSsoSchema>;

export const tenantSsoResponseSchema = z.object({
  sso: tenantSsoSchema.nullable(),
  /** What to register at the provider as the redirect URI. */
  redirect_uri: z.string(),
});
export type TenantSsoResponse = z.infer<typeof tenantSsoResponseSchema>;

export const ssoEmailSchema = z.object({ email: emailSchema });

/** Whether the e-mail's domain signs in with its tenant's provider. */
export const ssoDiscoverResponseSchema = z.object({ sso: z.boolean() });

export const ssoStartResponseSchema = z.object({ url: z.string() });

export const ssoExchangeSchema = z.object({
  code: z
    .string({ error: encodeMessage('sso_code_invalid') })
    .trim()
    .min(1, encodeMessage('sso_code_invalid'))
    .max(128, encodeMessage('sso_code_invalid')),
});

/** The callback's query: what the provider sends back (an error instead of a code when refused). */
export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
  session_state: z.string().max(2048).optional(),
});
