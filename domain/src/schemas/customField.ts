import { z } from 'zod';
import {
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_OPTIONS_MAX,
  CUSTOM_FIELD_TARGETS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldValue,
  parseCustomFieldValue,
} from '../customFields.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { formBoolean, idField, jsonList, optionalText, parseJsonText, requiredText } from './form.ts';

/**
 * Custom fields (issue 43): the definitions a tenant adds to its devices, sites and locations,
 * and the values objects carry as `custom_fields: { "<field id>": value }`.
 */

const valueSchema = z.union([z.string(), z.number(), z.boolean()]);

/** Values on an object, as answered. */
export const customFieldValuesSchema = z.record(z.string(), valueSchema);

/**
 * Values sent with an object: an object (or JSON text in a form body) keyed by field id; each
 * value is checked against its field by the server (customFields.ts), null or '' clears it.
 */
export const customFieldValuesInputSchema = z.preprocess(
  parseJsonText,
  z.record(
    z.string().regex(/^[1-9]\d{0,9}$/, encodeMessage('custom_field_unknown', { id: '?' })),
    z.union([valueSchema, z.null()]),
    { error: encodeMessage('field_not_object', { field: 'custom_fields' }) },
  ),
);
export type CustomFieldValuesInput = z.output<typeof customFieldValuesInputSchema>;

const labelsSchema = z.preprocess(
  parseJsonText,
  z.strictObject(
    {
      en: optionalText('labels', CUSTOM_FIELD_NAME_MAX).optional(),
      fr: optionalText('labels', CUSTOM_FIELD_NAME_MAX).optional(),
      nl: optionalText('labels', CUSTOM_FIELD_NAME_MAX).optional(),
    },
    { error: encodeMessage('field_not_object', { field: 'labels' }) },
  ),
);

const optionsSchema = jsonList(
  requiredText('options', CUSTOM_FIELD_NAME_MAX),
  'options',
  CUSTOM_FIELD_OPTIONS_MAX,
);

const definitionFields = {
  name: requiredText('name', CUSTOM_FIELD_NAME_MAX),
  labels: labelsSchema.optional(),
  type: z.enum(CUSTOM_FIELD_TYPES, {
    error: encodeMessage('field_one_of', { field: 'type', values: CUSTOM_FIELD_TYPES.join(', ') }),
  }),
  applies_to: z.enum(CUSTOM_FIELD_TARGETS, {
    error: encodeMessage('field_one_of', { field: 'applies_to', values: CUSTOM_FIELD_TARGETS.join(', ') }),
  }),
  procat_ids: jsonList(idField('category'), 'category', 500).optional(),
  required: formBoolean('required').optional(),
  default: z.union([valueSchema, z.null()]).optional(),
  options: optionsSchema.optional(),
  position: z.coerce.number().int().min(0).max(100_000).optional(),
};

interface DefinitionShape {
  type?: string | undefined;
  applies_to?: string | undefined;
  procat_ids?: number[] | undefined;
  options?: string[] | undefined;
  default?: CustomFieldValue | null | undefined;
}

/** What a definition must hold together: options for a choice, categories only for devices. */
function checkDefinition(value: DefinitionShape, ctx: z.RefinementCtx) {
  const options = value.options ?? [];
  if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) {
    ctx.addIssue({ code: 'custom', message: encodeMessage('custom_field_options_repeat') });
  }
  if (value.type === 'choice' && value.options !== undefined && options.length === 0) {
    ctx.addIssue({ code: 'custom', message: encodeMessage('custom_field_options_required') });
  }
  if (value.applies_to && value.applies_to !== 'devices' && (value.procat_ids ?? []).length > 0) {
    ctx.addIssue({ code: 'custom', message: encodeMessage('custom_field_categories_devices_only') });
  }
  if (value.type && value.default !== undefined && value.default !== null) {
    const parsed = parseCustomFieldValue(
      { type: value.type as (typeof CUSTOM_FIELD_TYPES)[number], options },
      value.default,
    );
    if ('problem' in parsed) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('custom_field_default_invalid') });
    }
  }
}

/** Unknown keys are named ("Unknown field: colour") rather than in zod's words. */
const namingUnknown = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? encodeMessage('unknown_field', {
          count: issue.keys?.length ?? 0,
          fields: (issue.keys ?? []).join(', '),
        })
      : undefined,
};

/** POST /api/tenant/custom_fields. */
export const customFieldCreateSchema = z
  .strictObject(
    { ...definitionFields, tenant_id: z.coerce.number().int().positive().optional() },
    namingUnknown,
  )
  .superRefine((value, ctx) => {
    if (value.type === 'choice' && (value.options ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('custom_field_options_required') });
    }
    checkDefinition(value, ctx);
  });
export type CustomFieldCreateInput = z.output<typeof customFieldCreateSchema>;

/** PUT /api/tenant/custom_fields: the id and the parts that change (a new type converts the values). */
export const customFieldUpdateSchema = z
  .strictObject(
    {
      id: idField('custom_field'),
      name: definitionFields.name.optional(),
      labels: definitionFields.labels,
      type: definitionFields.type.optional(),
      applies_to: definitionFields.applies_to.optional(),
      procat_ids: definitionFields.procat_ids,
      required: definitionFields.required,
      default: definitionFields.default,
      options: definitionFields.options,
      position: definitionFields.position,
    },
    namingUnknown,
  )
  .superRefine(checkDefinition);
export type CustomFieldUpdateInput = z.output<typeof customFieldUpdateSchema>;

/** PUT /api/tenant/custom_fields/order: the tenant's fields of one kind, in their new order. */
export const customFieldOrderSchema = z.object({
  ids: jsonList(idField('custom_field'), 'custom_field', 1000),
  tenant_id: z.coerce.number().int().positive().optional(),
});

export const customFieldDeleteQuerySchema = z.object({
  id: idField('custom_field'),
  force: formBoolean('force').optional(),
});

/**
 * GET /api/tenant/custom_fields: the caller's tenant's fields; `site_id` asks for those of the
 * site's tenant instead (an external user of a site reads them there), `applies_to` for one kind.
 */
export const customFieldListQuerySchema = z.object({
  site_id: idField('site').optional(),
  tenant_id: z.coerce.number().int().positive().optional(),
  applies_to: definitionFields.applies_to.optional(),
});

export const customFieldSchema = z.object({
  id: z.number(),
  tenant_id: z.number(),
  name: z.string(),
  labels: z.object({ en: z.string().optional(), fr: z.string().optional(), nl: z.string().optional() }),
  type: z.enum(CUSTOM_FIELD_TYPES),
  applies_to: z.enum(CUSTOM_FIELD_TARGETS),
  procat_ids: z.array(z.number()),
  required: z.boolean(),
  default: valueSchema.nullable(),
  options: z.array(z.string()),
  position: z.number(),
  /** How many objects hold a value (the delete dialog's count). */
  value_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomFieldDto = z.infer<typeof customFieldSchema>;

export const customFieldsResponseSchema = z.object({
  custom_fields: z.array(customFieldSchema),
  /** Whether the caller may add, change and delete them. */
  can_manage: z.boolean(),
});
export type CustomFieldsResponse = z.infer<typeof customFieldsResponseSchema>;
export const customFieldResponseSchema = z.object({ custom_field: customFieldSchema });
export const customFieldDeleteResponseSchema = z.object({ deleted: z.number(), values_removed: z.number() });
