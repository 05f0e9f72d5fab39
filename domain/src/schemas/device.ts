import { z } from 'zod';
import { COORDINATE_LIMIT } from '../geometry.ts';
import { encodeMessage, type FieldKey } from '../i18n/messages.ts';
import { RACK_FACES } from '../racks.ts';
import { SitePermission } from '../roles.ts';
import { SITE_DEVICE_COLUMNS } from '../siteDeviceColumns.ts';
import { companySchema, namedRefSchema, productSchema } from './catalogue.ts';
import { customFieldValuesInputSchema, customFieldValuesSchema } from './customField.ts';
import { formatted, isIpAddress, isMacAddress, placementId } from './deviceFormats.ts';
import { rackChangeOf, rackFields } from './deviceRack.ts';
import {
  formBoolean,
  idField,
  jsonList,
  optionalDate,
  optionalId,
  optionalText,
  parseJsonText,
  requiredId,
  versionField,
} from './form.ts';
import { bulkTagFields, tagIdsField } from './tag.ts';

export { isIpAddress, isMacAddress, placementId } from './deviceFormats.ts';

/**
 * Devices: what the device calls accept and answer (core.md sections 2, 3 and 7;
 * spatial-and-admin.md section 7). Absent fields are unchanged; '' or null clears a field. The
 * fields' formats are in deviceFormats.ts, the public device page in publicDevice.ts.
 */

/** Every property of a device a user may set; each one's permission is in DEVICE_FIELD_GROUPS. */
export const deviceFieldSchemas = {
  floor_id: placementId('floor'),
  location_id: placementId('location'),
  zone_id: optionalId('zone'),
  layer_id: optionalId('layer'),
  supplier_id: optionalId('supplier'),
  contractor_id: optionalId('contractor'),
  status: optionalText('status'),
  archived: formBoolean('archived'),
  name: optionalText('name'),
  code: optionalText('device_code'),
  type: optionalText('type'),
  sn: optionalText('serial_number'),
  mac: formatted('mac_address', isMacAddress, encodeMessage('mac_invalid')),
  ip: formatted('ip_address', isIpAddress, encodeMessage('ip_invalid')),
  port: optionalText('port'),
  patch: optionalText('patch'),
  note: optionalText('note', 20_000),
  purchase_date: optionalDate('purchase_date'),
  warranty_expiration_date: optionalDate('warranty_expires'),
  /** Tag ids of the site's tenant (issue 43); the list replaces the device's tags. */
  tags: tagIdsField,
} as const;

export type DeviceField = keyof typeof deviceFieldSchemas;
export const DEVICE_FIELDS = Object.keys(deviceFieldSchemas) as DeviceField[];

/**
 * Who may change what. Every group needs Contributor today (core.md section 6: a Reader only
 * views); the table is the one place to raise a group's level.
 */
export const DEVICE_FIELD_GROUPS = {
  placement: {
    fields: ['floor_id', 'location_id', 'zone_id', 'layer_id'],
    min: SitePermission.Contributor,
  },
  details: {
    fields: [
      'name',
      'code',
      'type',
      'sn',
      'mac',
      'ip',
      'port',
      'patch',
      'note',
      'purchase_date',
      'warranty_expiration_date',
      'supplier_id',
      'contractor_id',
      'tags',
    ],
    min: SitePermission.Contributor,
  },
  state: { fields: ['status', 'archived'], min: SitePermission.Contributor },
} as const satisfies Record<string, { fields: readonly DeviceField[]; min: SitePermission }>;

/** The site permission needed to change these fields (Contributor at least). */
export function devicePermissionFor(fields: readonly string[]): SitePermission {
  let needed: SitePermission = SitePermission.Contributor;
  for (const group of Object.values(DEVICE_FIELD_GROUPS)) {
    if (group.min > needed && fields.some((f) => (group.fields as readonly string[]).includes(f))) {
      needed = group.min;
    }
  }
  return needed;
}

export type DeviceChanges = { [K in DeviceField]?: z.output<(typeof deviceFieldSchemas)[K]> };

const optionalDeviceFields = Object.fromEntries(
  Object.entries(deviceFieldSchemas).map(([key, schema]) => [key, schema.optional()]),
) as { [K in DeviceField]: z.ZodOptional<(typeof deviceFieldSchemas)[K]> };

/** An object that names its unknown keys ("Unknown field: colour") instead of zod's wording. */
function strictFields<T extends z.ZodRawShape>(shape: T, field: FieldKey) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? encodeMessage('unknown_field', { count: issue.keys.length, fields: issue.keys.join(', ') })
        : issue.code === 'invalid_type'
          ? encodeMessage('field_not_object', { field })
          : undefined,
  });
}

/** "Send at least one field to change", unless another problem (an unknown field) was found. */
function atLeastOneChange(ignore: string[]) {
  return [
    (value: Record<string, unknown>) =>
      Object.entries(value).some(([key, v]) => !ignore.includes(key) && v !== undefined),
    {
      message: encodeMessage('nothing_to_change'),
      when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
    },
  ] as const;
}

// ---------------------------------------------------------------------------------------------
// Inputs

/** A product id; absent or blank gives "Please select a product". */
const productId = requiredId('product', encodeMessage('product_required'));

/** POST /api/site/devices: a product placed on a site (optionally on a floor and location). */
export const deviceCreateSchema = strictFields(
  {
    ...optionalDeviceFields,
    product_id: productId,
    site_id: requiredId('site'),
    custom_fields: customFieldValuesInputSchema.optional(),
  },
  'device',
).transform(({ product_id, site_id, custom_fields, ...fields }) => ({
  product_id,
  site_id,
  changes: fields as DeviceChanges,
  custom_fields,
}));
export type DeviceCreateInput = z.output<typeof deviceCreateSchema>;

/** A position on a floor's plan: a finite number within COORDINATE_LIMIT (numbers as text are taken). */
export function coordinateField(field: FieldKey) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z
      .number({ error: encodeMessage('field_not_number', { field }) })
      .min(-COORDINATE_LIMIT, encodeMessage('field_min', { field, min: -COORDINATE_LIMIT }))
      .max(COORDINATE_LIMIT, encodeMessage('field_max', { field, max: COORDINATE_LIMIT })),
  );
}

/**
 * Where a device sits on its floor's plan: on it at (x, y) in the floor's locations-layer
 * coordinates, or off it.
 */
export type DevicePlanChange = { on_plan: true; plan_x: number; plan_y: number } | { on_plan: false };

const planFields = {
  plan_x: coordinateField('plan_x').optional(),
  plan_y: coordinateField('plan_y').optional(),
  on_plan: formBoolean('on_plan').optional(),
};

interface PlanFields {
  plan_x?: number | undefined;
  plan_y?: number | undefined;
  on_plan?: boolean | undefined;
}

/** The plan change of a body: coordinates place the device (on_plan may be left out), on_plan false takes it off. */
function planChangeOf({ plan_x, plan_y, on_plan }: PlanFields): DevicePlanChange | undefined {
  if (on_plan === false) return { on_plan: false };
  if (plan_x !== undefined && plan_y !== undefined) return { on_plan: true, plan_x, plan_y };
  return undefined;
}

function checkPlanFields(value: PlanFields, ctx: z.RefinementCtx) {
  const { plan_x, plan_y, on_plan } = value;
  const anyPosition = plan_x !== undefined || plan_y !== undefined;
  if (on_plan === false && anyPosition) {
    ctx.addIssue({ code: 'custom', message: encodeMessage('plan_position_off_plan') });
  } else if ((on_plan === true || anyPosition) && (plan_x === undefined || plan_y === undefined)) {
    ctx.addIssue({ code: 'custom', message: encodeMessage('plan_position_required') });
  }
}

/**
 * PUT /api/site/devices: id plus the changed fields (the inline editors send one at a time).
 * `site_id`, when sent, must be the device's site. `plan_x`/`plan_y` (with `on_plan: true`) place
 * the device on its floor's plan, or on the plan of the `floor_id` sent along; the server then sets
 * its location from the polygons. `on_plan: false` takes it off the plan.
 */
export const deviceUpdateSchema = strictFields(
  {
    ...optionalDeviceFields,
    ...planFields,
    ...rackFields,
    id: idField('device_id'),
    site_id: idField('site').optional(),
    updated_at: versionField().optional(),
    custom_fields: customFieldValuesInputSchema.optional(),
  },
  'device',
)
  .refine(...atLeastOneChange(['id', 'site_id', 'updated_at']))
  .superRefine(checkPlanFields)
  .transform(
    ({
      id,
      site_id,
      updated_at,
      plan_x,
      plan_y,
      on_plan,
      rack_id,
      rack_u,
      rack_face,
      custom_fields,
      ...fields
    }) => ({
      id,
      site_id,
      updated_at,
      custom_fields,
      changes: fields as DeviceChanges,
      plan: planChangeOf({ plan_x, plan_y, on_plan }),
      rack: rackChangeOf({ rack_id, rack_u, rack_face }),
    }),
  );
export type DeviceUpdateInput = z.output<typeof deviceUpdateSchema>;

/** PUT /api/site/devices/bulk: the same changes for every device of `ids` (one site), all or nothing. */
export const MAX_BULK_DEVICES = 20_000;
export const deviceBulkSchema = z.object({
  ids: z.preprocess(
    (value) => (typeof value === 'number' ? [value] : value),
    jsonList(idField('device_id'), 'devices', MAX_BULK_DEVICES).refine(
      (ids) => ids.length > 0,
      encodeMessage('select_device'),
    ),
  ),
  changes: z.preprocess(
    parseJsonText,
    strictFields(
      { ...optionalDeviceFields, ...bulkTagFields, custom_fields: customFieldValuesInputSchema.optional() },
      'changes',
    ).refine(...atLeastOneChange([])),
  ),
});
export type DeviceBulkInput = z.output<typeof deviceBulkSchema>;

/** POST /api/site/devices/change_product. */
export const deviceChangeProductSchema = z.object({ id: idField('device_id'), product_id: productId });

export const deviceStatusUpdateSchema = z.object({
  id: idField('device_id'),
  status: deviceFieldSchemas.status.optional().transform((v) => v ?? null),
});

export const deviceArchiveSchema = z.object({
  id: idField('device_id'),
  archived: deviceFieldSchemas.archived,
});

/** POST /api/site/devices/logs: `model` is 'devices' (the spec's) or 'Device'. */
export const deviceLogsSchema = z.object({
  model: z.enum(['devices', 'Device'], { error: encodeMessage('model_not_devices') }).optional(),
  id: idField('device_id'),
});

/** GET /api/site/devices?id. */
export const deviceQuerySchema = z.object({ id: idField('device_id') });

export const deviceNewQuerySchema = z.object({ site_id: idField('site').optional() });

// ---------------------------------------------------------------------------------------------
// Answers

/** The product of a device, as the devices page shows it. */
export const deviceProductSchema = z.object({
  id: z.number(),
  /** The short description. */
  name: z.string(),
  /** A short-lived signed URL. */
  image: z.string().nullable(),
  product_model: z.string().nullable(),
  product_url: z.string().nullable(),
  sku: z.string().nullable(),
  brand: namedRefSchema.nullable(),
  procat: z
    .object({ id: z.number(), name: z.string(), main: z.string(), sub1: z.string().nullable() })
    .nullable(),
  /** A short-lived signed link to the product's PDF datasheet, or null. */
  datasheet_url: z.string().nullable(),
  datasheet_name: z.string().nullable(),
  /** The product's end of life (issue 44), shown on each of its devices. */
  end_of_sale: z.string().nullable(),
  end_of_support: z.string().nullable(),
});
export type DeviceProductDto = z.infer<typeof deviceProductSchema>;

export const deviceSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  product_id: z.number(),
  name: z.string().nullable(),
  code: z.string().nullable(),
  type: z.string().nullable(),
  sn: z.string().nullable(),
  mac: z.string().nullable(),
  ip: z.string().nullable(),
  patch: z.string().nullable(),
  port: z.string().nullable(),
  note: z.string().nullable(),
  /** YYYY-MM-DD */
  purchase_date: z.string().nullable(),
  warranty_expiration_date: z.string().nullable(),
  /** The name of one of the site's device statuses (or an old name no longer in the list). */
  status: z.string().nullable(),
  archived: z.boolean(),
  floor_id: z.number().nullable(),
  location_id: z.number().nullable(),
  zone_id: z.number().nullable(),
  layer_id: z.number().nullable(),
  supplier_id: z.number().nullable(),
  contractor_id: z.number().nullable(),
  on_plan: z.boolean(),
  plan_x: z.number().nullable(),
  plan_y: z.number().nullable(),
  icon: z.string().nullable(),
  /** Its place in a rack: the rack, its lowest U (1 = bottom) and the face; all null when not racked. */
  rack_id: z.number().nullable(),
  rack_u: z.number().nullable(),
  rack_face: z.enum(RACK_FACES).nullable(),
  /** Tag ids (issue 43). */
  tags: z.array(z.number()),
  /** Custom field values by field id (issue 43). */
  custom_fields: customFieldValuesSchema,
  created_at: z.string(),
  updated_at: z.string(),
  product: deviceProductSchema,
  /** The signed hash of the public page `/device/{public_hash}`. */
  public_hash: z.string(),
});
export type DeviceDto = z.infer<typeof deviceSchema>;

export const deviceResponseSchema = z.object({ device: deviceSchema });
export const devicesResponseSchema = z.object({ devices: z.array(deviceSchema) });
export type DevicesResponse = z.infer<typeof devicesResponseSchema>;

export { SITE_DEVICE_COLUMNS };
export type SiteDeviceColumn = (typeof SITE_DEVICE_COLUMNS)[number];

/** One device of the list: its values in the order of `SITE_DEVICE_COLUMNS`. */
type Columns = typeof SITE_DEVICE_COLUMNS;
export type SiteDeviceRow = {
  -readonly [I in keyof Columns]: Columns[I] extends keyof DeviceDto ? DeviceDto[Columns[I]] : never;
};

const siteDeviceRowSchema = z.tuple(
  SITE_DEVICE_COLUMNS.map((column) => deviceSchema.shape[column]) as unknown as [z.ZodType, ...z.ZodType[]],
) as unknown as z.ZodType<SiteDeviceRow>;

/**
 * GET /api/site/refresh_devices: the site's devices as rows of values under one list of column
 * names (the names are not repeated 20,000 times), and the products they are instances of, once
 * each.
 */
export const siteDevicesResponseSchema = z.object({
  devices: z.object({ columns: z.array(z.enum(SITE_DEVICE_COLUMNS)), rows: z.array(siteDeviceRowSchema) }),
  device_products: z.array(deviceProductSchema),
});
export type SiteDevicesResponse = z.infer<typeof siteDevicesResponseSchema>;

export const deviceNewResponseSchema = z.object({
  products: z.array(productSchema),
  brands: z.array(companySchema),
});
export type DeviceNewResponse = z.infer<typeof deviceNewResponseSchema>;

/** `{ field: { from, to } }` of an update; a create has only `to`, a delete only `from`. */
export const logChangesSchema = z.record(
  z.string(),
  z.object({ from: z.unknown().optional(), to: z.unknown().optional() }),
);
export type LogChanges = z.infer<typeof logChangesSchema>;

export const logEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  object_model: z.string(),
  object_id: z.number().nullable(),
  object_name: z.string().nullable(),
  note: z.string(),
  /** LOG_ACTIONS; null on entries written before actions were recorded. */
  action: z.string().nullable().optional(),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .nullable()
    .optional(),
  parent_model: z.string().nullable(),
  parent_name: z.string().nullable(),
  parent_id: z.number().nullable().optional(),
  site_id: z.number().nullable().optional(),
  site_name: z.string().nullable().optional(),
  /** The changed fields, before and after (never a password or a secret). */
  changes: logChangesSchema.nullable().optional(),
});
export type LogEntryDto = z.infer<typeof logEntrySchema>;
export const logsResponseSchema = z.object({ logs: z.array(logEntrySchema) });
