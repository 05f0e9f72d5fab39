import { z } from 'zod';

/**
 * The tenant as its own settings page shows it (issue 42): the integrator's logo, printed on the
 * cover of its handover packs. `logo_url` is a signed, short-lived link; `can_edit` says whether
 * the caller may change the logo.
 */
export const tenantSettingsSchema = z.object({
  id: z.number(),
  name: z.string(),
  logo_url: z.string().nullable(),
  can_edit: z.boolean(),
});
export type TenantSettingsDto = z.infer<typeof tenantSettingsSchema>;
export const tenantSettingsResponseSchema = z.object({ tenant: tenantSettingsSchema });

/** A Super Admin may name another tenant; anyone else only their own (another one answers 404). */
export const tenantScopeQuerySchema = z.object({ tenant_id: z.coerce.number().int().positive().optional() });

/** `PUT /api/tenant/logo`: the key of a verified upload in the `logos` folder. */
export const tenantLogoInputSchema = z.object({
  key: z.string().trim().min(1).max(500),
  tenant_id: z.coerce.number().int().positive().optional(),
});
export type TenantLogoInput = z.infer<typeof tenantLogoInputSchema>;

/** What a logo may be: small pictures the pack's cover can draw (PDFKit reads PNG and JPEG; SVG as vector). */
export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'svg'] as const;
