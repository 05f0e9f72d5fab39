import { z } from 'zod';
import { optionalText, requiredText } from './form.ts';

/** POST /api/admin/ai/product: what the admin knows of the product. */
export const aiProductRequestSchema = z.object({
  brand: requiredText('brand'),
  model: requiredText('model'),
  notes: optionalText('note').optional(),
});

/** The generator's draft: product fields for the editor, brand and category matched when they exist. */
export const aiProductDraftSchema = z.object({
  name: z.string().nullable(),
  product_model: z.string().nullable(),
  product_url: z.string().nullable(),
  /** Shown to the admin; pictures are uploaded, never fetched from a model's URL. */
  image_url: z.string().nullable(),
  product_status: z.boolean(),
  description: z.string().nullable(),
  features: z.string().nullable(),
  height: z.number().nullable(),
  width: z.number().nullable(),
  depth: z.number().nullable(),
  weight: z.number().nullable(),
  power: z.number().nullable(),
  sku: z.string().nullable(),
  upc: z.string().nullable(),
  ean: z.string().nullable(),
  brand_id: z.number().nullable(),
  brand_name: z.string().nullable(),
  procat_id: z.number().nullable(),
  category_name: z.string().nullable(),
});
export type AiProductDraft = z.infer<typeof aiProductDraftSchema>;

export const aiStatusSchema = z.object({
  configured: z.boolean(),
  provider: z.enum(['gemini', 'openai']).nullable(),
  model: z.string().nullable(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;
