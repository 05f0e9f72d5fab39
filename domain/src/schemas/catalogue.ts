import { z } from 'zod';
import { COMPANY_TYPES } from '../constants.ts';
import { encodeMessage, type FieldKey } from '../i18n/messages.ts';
import {
  formBoolean,
  idField,
  optionalChoice,
  optionalDate,
  optionalId,
  optionalNumber,
  optionalText,
  requiredText,
  versionField,
} from './form.ts';
import { interfaceSchema, interfacesAttributesSchema } from './productInterface.ts';

/**
 * The catalogue (products with their interfaces, whose lists are in productInterface.ts, product
 * categories) and companies: what the server accepts and answers. Every input field but the required ones may be absent, which on an
 * update means "unchanged"; '' or null clears a field.
 */

const NEW_WITH_ID = encodeMessage('new_with_id');
const blank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

// ---------------------------------------------------------------------------------------------
// Products

/**
 * Product fields as sent by the product form. Of the four fields the specification marks
 * required (Brand, Model, Short Description, Product Category) the server enforces the Short
 * Description (`name`) only: imports and the AI generator may create products without the
 * others, and the web form enforces all four.
 */
export const productFieldSchemas = {
  name: requiredText('short_description'),
  image: optionalText('image', 1024),
  product_model: optionalText('model'),
  product_url: optionalText('product_url', 2048),
  product_status: formBoolean('product_status'),
  power: optionalNumber('power'),
  sku: optionalText('sku'),
  upc: optionalText('upc'),
  ean: optionalText('ean'),
  description: optionalText('description', 20_000),
  features: optionalText('features', 20_000),
  height: optionalNumber('height'),
  width: optionalNumber('width'),
  depth: optionalNumber('depth'),
  weight: optionalNumber('weight'),
  rack_mounted: formBoolean('rack_mounted'),
  rack_units: optionalNumber('rack_units', { max: 100 }),
  brand_id: optionalId('brand'),
  procat_id: optionalId('product_category'),
  preferred_supplier_id: optionalId('preferred_supplier'),
  end_of_sale: optionalDate('end_of_sale'),
  end_of_support: optionalDate('end_of_support'),
} as const;

export type ProductField = keyof typeof productFieldSchemas;

/**
 * The product fields copied as they are (status, rack units and interfaces have rules of their
 * own): the server stores these when sent, the form sends these when changed.
 */
export const PRODUCT_PLAIN_FIELDS = [
  'name',
  'image',
  'product_model',
  'product_url',
  'power',
  'sku',
  'upc',
  'ean',
  'description',
  'features',
  'height',
  'width',
  'depth',
  'weight',
  'brand_id',
  'procat_id',
  'preferred_supplier_id',
  'end_of_sale',
  'end_of_support',
] as const satisfies readonly ProductField[];

const optionalProductFields = Object.fromEntries(
  Object.entries(productFieldSchemas).map(([key, schema]) => [key, schema.optional()]),
) as { [K in ProductField]: z.ZodOptional<(typeof productFieldSchemas)[K]> };

const productBase = z.object({
  ...optionalProductFields,
  /** Tenant path: the actor's own tenant only; admin path: any tenant the actor may write. */
  tenant_id: optionalId('tenant').optional(),
  interfaces_attributes: interfacesAttributesSchema.optional(),
});

/** POST /api/tenant/products and /api/admin/products. */
export const productCreateSchema = productBase
  .extend({
    name: productFieldSchemas.name,
    id: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.id !== undefined && !blank(value.id)) {
      ctx.addIssue({ code: 'custom', message: NEW_WITH_ID, path: ['id'] });
    }
  })
  .transform(({ id: _id, ...rest }) => rest);
export type ProductCreateInput = z.output<typeof productCreateSchema>;

/** PUT /api/tenant/products and /api/admin/products: absent fields stay unchanged. */
export const productUpdateSchema = productBase.extend({ id: idField('product_id') });
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;

/** The properties `PUT /api/products` (inline edit) may change, one at a time. */
export const PRODUCT_INLINE_FIELDS = Object.keys(productFieldSchemas) as ProductField[];

type InlineValue = {
  [K in ProductField]: { property: K; value: z.output<(typeof productFieldSchemas)[K]> };
}[ProductField];

/** `{ id, <property>: value }` with exactly one property of PRODUCT_INLINE_FIELDS. */
export const productInlineEditSchema = z
  .object({ id: idField('product_id') })
  .catchall(z.unknown())
  .transform((body, ctx): { id: number } & InlineValue => {
    const keys = Object.keys(body).filter((key) => key !== 'id');
    if (keys.length !== 1) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('inline_one_property') });
      return z.NEVER;
    }
    const property = keys[0] as string;
    if (!(PRODUCT_INLINE_FIELDS as string[]).includes(property)) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('inline_not_allowed', { property }) });
      return z.NEVER;
    }
    const parsed = productFieldSchemas[property as ProductField].safeParse(body[property]);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [property] });
      }
      return z.NEVER;
    }
    return { id: body.id, property, value: parsed.data } as { id: number } & InlineValue;
  });
export type ProductInlineEdit = z.output<typeof productInlineEditSchema>;

export const namedRefSchema = z.object({ id: z.number(), name: z.string() });

export const productSchema = z.object({
  id: z.number(),
  tenant_id: z.number(),
  name: z.string(),
  /** A short-lived signed URL to show the image. */
  image: z.string().nullable(),
  /** The stored key: send it back unchanged (or omit `image`) to keep the image. */
  image_key: z.string().nullable(),
  product_model: z.string().nullable(),
  product_url: z.string().nullable(),
  product_status: z.boolean(),
  power: z.number().nullable(),
  sku: z.string().nullable(),
  upc: z.string().nullable(),
  ean: z.string().nullable(),
  description: z.string().nullable(),
  features: z.string().nullable(),
  height: z.number().nullable(),
  width: z.number().nullable(),
  depth: z.number().nullable(),
  weight: z.number().nullable(),
  rack_mounted: z.boolean(),
  rack_units: z.number().nullable(),
  brand_id: z.number().nullable(),
  brand: namedRefSchema.nullable(),
  procat_id: z.number().nullable(),
  procat: namedRefSchema.nullable(),
  preferred_supplier_id: z.number().nullable(),
  interfaces: z.array(interfaceSchema),
  /** A short-lived signed link that downloads the PDF datasheet under its name, or null. */
  datasheet_url: z.string().nullable(),
  datasheet_name: z.string().nullable(),
  /** End of life (issue 44), as `YYYY-MM-DD`. */
  end_of_sale: z.string().nullable(),
  end_of_support: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** PUT /api/products/datasheet: a verified upload of the `datasheets` folder becomes the datasheet. */
export const productDatasheetSchema = z.object({ id: idField('product_id'), key: z.string().trim().min(1) });
export type ProductDatasheetInput = z.output<typeof productDatasheetSchema>;

export type ProductDto = z.infer<typeof productSchema>;

export const productResponseSchema = z.object({ product: productSchema });

// ---------------------------------------------------------------------------------------------
// Product categories (procats)

export const procatSchema = z.object({
  id: z.number(),
  tenant_id: z.number(),
  /** main / sub1 / sub2 / sub3, joined by ' / '. */
  name: z.string(),
  main: z.string(),
  sub1: z.string().nullable(),
  sub2: z.string().nullable(),
  sub3: z.string().nullable(),
  /** Patch panels, wall outlets: on its products front port N runs to rear port N. */
  passive: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProcatDto = z.infer<typeof procatSchema>;

const procatParts = {
  sub1: optionalText('sub_category_1').optional(),
  sub2: optionalText('sub_category_2').optional(),
  sub3: optionalText('sub_category_3').optional(),
  tenant_id: optionalId('tenant').optional(),
  passive: formBoolean('passive').optional(),
};

export const procatCreateSchema = z
  .object({ ...procatParts, main: requiredText('main_category'), id: z.unknown().optional() })
  .superRefine((value, ctx) => {
    if (value.id !== undefined && !blank(value.id)) {
      ctx.addIssue({ code: 'custom', message: NEW_WITH_ID, path: ['id'] });
    }
  })
  .transform(({ id: _id, ...rest }) => rest);
export type ProcatCreateInput = z.output<typeof procatCreateSchema>;

export const procatUpdateSchema = z.object({
  ...procatParts,
  id: idField('category_id'),
  main: requiredText('main_category').optional(),
});
export type ProcatUpdateInput = z.output<typeof procatUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Companies

export const companySchema = z.object({
  id: z.number(),
  tenant_id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  company_type: z.string().nullable(),
  customer: z.boolean(),
  brand: z.boolean(),
  supplier: z.boolean(),
  contractor: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompanyDto = z.infer<typeof companySchema>;

const companyFields = {
  name: optionalText('name').optional(),
  code: optionalText('code').optional(),
  company_type: optionalChoice('type', COMPANY_TYPES).optional(),
  customer: formBoolean('customer').optional(),
  brand: formBoolean('brand').optional(),
  supplier: formBoolean('supplier').optional(),
  contractor: formBoolean('contractor').optional(),
  /** Tenant path: the actor's own tenant only; admin path: any tenant the actor may write. */
  tenant_id: optionalId('tenant').optional(),
};

/** Name and code are required to create a company and can't be blanked on update. */
function requireNameAndCode(
  value: { name?: string | null | undefined; code?: string | null | undefined },
  ctx: z.RefinementCtx,
  creating: boolean,
) {
  const missing: FieldKey[] = [];
  if (value.name === null || (creating && value.name === undefined)) missing.push('name');
  if (value.code === null || (creating && value.code === undefined)) missing.push('code');
  const [field, field2] = missing;
  if (field && field2) {
    ctx.addIssue({
      code: 'custom',
      message: encodeMessage('required_fields_missing_pair', { field, field2 }),
    });
  } else if (field) {
    ctx.addIssue({ code: 'custom', message: encodeMessage('required_fields_missing', { field }) });
  }
}

/** POST /api/tenant/companies and /api/admin/companies (also the inline creation of the product form). */
export const companyCreateSchema = z
  .object({ ...companyFields, id: z.unknown().optional() })
  .superRefine((value, ctx) => {
    requireNameAndCode(value, ctx, true);
    if (value.id !== undefined && !blank(value.id)) {
      ctx.addIssue({ code: 'custom', message: NEW_WITH_ID, path: ['id'] });
    }
  })
  .transform(({ id: _id, ...rest }) => ({ ...rest, name: rest.name as string, code: rest.code as string }));
export type CompanyCreateInput = z.output<typeof companyCreateSchema>;

export const companyUpdateSchema = z
  .object({
    ...companyFields,
    id: idField('company_id'),
    /** The `updated_at` the form read: a newer company refuses the save (409 changed_since_read). */
    updated_at: versionField().optional(),
  })
  .superRefine((value, ctx) => requireNameAndCode(value, ctx, false));
export type CompanyUpdateInput = z.output<typeof companyUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// List and single answers

export const tenantRefSchema = z.object({ id: z.number(), name: z.string() });

export const productsIndexResponseSchema = z.object({
  products: z.array(productSchema),
  tenants: z.array(tenantRefSchema),
  procats: z.array(procatSchema),
  companies: z.array(companySchema),
});
export type ProductsIndexResponse = z.infer<typeof productsIndexResponseSchema>;

export const procatListResponseSchema = z.object({ procats: z.array(procatSchema) });
export const procatsIndexResponseSchema = z.object({
  procats: z.array(procatSchema),
  tenants: z.array(tenantRefSchema),
});
export const procatResponseSchema = z.object({ procat: procatSchema });

export const companyListResponseSchema = z.object({ companies: z.array(companySchema) });
export const companiesIndexResponseSchema = z.object({
  companies: z.array(companySchema),
  tenants: z.array(tenantRefSchema),
});
export const companyResponseSchema = z.object({ company: companySchema });

/** `?id=` of the delete calls. */
export const idQuerySchema = z.object({ id: idField('id') });
