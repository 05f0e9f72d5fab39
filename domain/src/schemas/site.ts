import { z } from 'zod';

/** A site as the site list shows it. */
export const siteSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  tenant_id: z.number(),
  customer_id: z.number().nullable(),
  site_status: z.boolean(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  permission: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;

export const companyRefSchema = z.object({ id: z.number(), name: z.string(), code: z.string().nullable() });

export const siteIndexResponseSchema = z.object({
  sites: z.array(siteSummarySchema),
  tenant: z.object({ id: z.number(), name: z.string() }).nullable(),
  customers: z.array(companyRefSchema),
});
export type SiteIndexResponse = z.infer<typeof siteIndexResponseSchema>;
