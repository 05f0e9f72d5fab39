import { z } from 'zod';
import { COUNTRIES } from '../constants.ts';
import {
  DEVICE_COLUMN_KEYS,
  type DeviceColumnKey,
  type DeviceFilters,
  type DeviceHeaderKey,
  isCustomFieldColumnKey,
  isDeviceColumnKey,
} from '../devices.ts';
import { DOMAIN_CATALOGUES } from '../i18n/catalogues.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { attachmentSchema } from './attachment.ts';
import { companySchema, procatSchema, productSchema } from './catalogue.ts';
import { customFieldValuesInputSchema, customFieldValuesSchema } from './customField.ts';
import { logEntrySchema, siteDevicesResponseSchema } from './device.ts';
import { deviceStatusesInputSchema, deviceStatusSchema } from './deviceStatus.ts';
import {
  formBoolean,
  idField,
  jsonList,
  optionalChoice,
  optionalId,
  optionalText,
  parseJsonText,
  requiredId,
  requiredText,
  versionField,
} from './form.ts';
import { secretSchema } from './secret.ts';
import { tagFields } from './tag.ts';

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
  /** Tag ids (issue 43). */
  tags: z.array(z.number()),
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

// ---------------------------------------------------------------------------------------------
// Site create and update (core.md "Site list", spatial-and-admin.md "Config")

export * from './deviceStatus.ts';

const siteOptionalFields = {
  image: optionalText('image', 1024).optional(),
  site_status: formBoolean('site_status').optional(),
  gps: optionalText('gps').optional(),
  country: optionalChoice('country', COUNTRIES).optional(),
  zip: optionalText('zip').optional(),
  city: optionalText('city').optional(),
  street: optionalText('street').optional(),
  street_number: optionalText('street_number').optional(),
  /** Sites are created in the actor's own tenant; another tenant id is refused. */
  tenant_id: optionalId('tenant').optional(),
  ...tagFields,
  /** Custom field values by field id (issue 43). */
  custom_fields: customFieldValuesInputSchema.optional(),
};

/** POST /api/site/sites: name and customer are required. */
export const siteCreateSchema = z.object({
  ...siteOptionalFields,
  name: requiredText('name'),
  customer_id: requiredId('customer'),
});
export type SiteCreateInput = z.output<typeof siteCreateSchema>;

/** PUT /api/site/sites: id with any site field, or device_statuses, or contractors (company ids). */
export const siteUpdateSchema = z
  .object({
    ...siteOptionalFields,
    id: idField('site_id'),
    name: requiredText('name').optional(),
    customer_id: optionalId('customer').optional(),
    device_statuses: deviceStatusesInputSchema.optional(),
    contractors: jsonList(idField('contractor'), 'contractors', 500).optional(),
    /** The `updated_at` the form read: a newer site refuses the save (409 changed_since_read). */
    updated_at: versionField().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.customer_id === null) {
      ctx.addIssue({
        code: 'custom',
        message: encodeMessage('field_required', { field: 'customer' }),
        path: ['customer_id'],
      });
    }
    const { id: _id, tenant_id: _tenant, updated_at: _seen, ...fields } = value;
    if (Object.values(fields).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', message: encodeMessage('nothing_to_change') });
    }
  });
export type SiteUpdateInput = z.output<typeof siteUpdateSchema>;

/** `?id=` of GET /api/site/sites and the refresh calls. */
export const siteIdQuerySchema = z.object({ id: idField('site') });

// ---------------------------------------------------------------------------------------------
// The site with everything the site pages show (GET /api/site/sites?id)

/** Files and shared secrets linked to a floor or a location: in the site answer only. */
export const linkedCountsSchema = z.object({ files: z.number(), secrets: z.number() });
export type LinkedCounts = z.infer<typeof linkedCountsSchema>;

export const locationSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  floor_id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  location_type: z.string().nullable(),
  /** Space-separated `x,y` pairs, or null. */
  polygon: z.string().nullable(),
  /** Tag ids (issue 43). */
  tags: z.array(z.number()),
  /** Custom field values by field id (issue 43). */
  custom_fields: customFieldValuesSchema,
  linked: linkedCountsSchema.optional(),
  /** Sent back with an edit: a change made in between answers 409 (changed_since_read). */
  updated_at: z.string(),
});
export type LocationDto = z.infer<typeof locationSchema>;

export const zoneSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  floor_id: z.number().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  polygon: z.string().nullable(),
  /** Sent back with an edit: a change made in between answers 409 (changed_since_read). */
  updated_at: z.string(),
});
export type ZoneDto = z.infer<typeof zoneSchema>;

export const floorSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  /** A short-lived signed URL of the SVG plan; null when none. */
  svg: z.string().nullable(),
  /** The stored key of the plan. */
  svg_key: z.string().nullable(),
  location_transform: z.string().nullable(),
  /** Sorted by id. */
  locations: z.array(locationSchema),
  /** The floor's zones, sorted by id. */
  zones: z.array(zoneSchema),
  linked: linkedCountsSchema.optional(),
});
export type FloorDto = z.infer<typeof floorSchema>;

export const layerSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
});
export type LayerDto = z.infer<typeof layerSchema>;

export const siteDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** A short-lived signed URL; send `image_key` back (or leave `image` out) to keep the image. */
  image: z.string().nullable(),
  image_key: z.string().nullable(),
  tenant_id: z.number(),
  tenant: z.object({ id: z.number(), name: z.string() }),
  customer_id: z.number().nullable(),
  customer: companyRefSchema.nullable(),
  site_status: z.boolean(),
  gps: z.string().nullable(),
  country: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  street_number: z.string().nullable(),
  device_statuses: z.array(deviceStatusSchema),
  /** Company ids, in the site's order. */
  contractors: z.array(z.number()),
  /** Sorted by id, each with its locations and zones. */
  floors: z.array(floorSchema),
  /** Every zone of the site (also those without a floor), sorted by id. */
  zones: z.array(zoneSchema),
  layers: z.array(layerSchema),
  /** The site's files, newest first (the pages page them through GET /api/global/attachments). */
  attachments: z.array(attachmentSchema),
  /** The secrets the caller may see, without passwords; empty below Contributor. */
  secrets: z.array(secretSchema),
  counts: z.object({
    /** Devices not archived. */
    devices: z.number(),
    locations: z.number(),
    /** Site accesses in force (active and not expired). */
    accesses: z.number(),
  }),
  /** The caller's permission on this site. */
  permission: z.number(),
  /** Tag ids (issue 43). */
  tags: z.array(z.number()),
  /** Custom field values by field id (issue 43). */
  custom_fields: customFieldValuesSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteDetail = z.infer<typeof siteDetailSchema>;

export const siteResponseSchema = z.object({ site: siteDetailSchema });
export const siteShowResponseSchema = z.object({
  site: siteDetailSchema,
  /** The latest 500 logs of the site, newest first. */
  logs: z.array(logEntrySchema),
  /** The companies usable on this site: the site tenant's own and the library's brands. */
  companies: z.array(companySchema),
  /** Every device of the site, archived ones included, and their products: see refresh_devices. */
  ...siteDevicesResponseSchema.shape,
  /** The products the site's tenant may use (the library's and its own). */
  products: z.array(productSchema),
  procats: z.array(procatSchema),
});
export type SiteShowResponse = z.infer<typeof siteShowResponseSchema>;

export const refreshLogsResponseSchema = z.object({ logs: z.array(logEntrySchema) });
export const refreshCompaniesResponseSchema = z.object({ companies: z.array(companySchema) });
export const refreshProductsResponseSchema = z.object({ products: z.array(productSchema) });
export const refreshProcatsResponseSchema = z.object({ procats: z.array(procatSchema) });

// ---------------------------------------------------------------------------------------------
// Permission and the saved devices-page settings

/** The devices-page filter as saved: every key optional, unknown keys refused. */
/** A filter's list of ids (an id may be -1 for "none", as the old client sends it). */
const filterIds = (filter: string) => {
  const message = encodeMessage('filter_not_ids', { filter });
  return z
    .array(z.number({ error: message }).int(message), { error: message })
    .max(10_000)
    .optional();
};

export const deviceFiltersSchema = z.strictObject(
  {
    locations: filterIds('locations'),
    layers: filterIds('layers'),
    statuses: z
      .array(z.string({ error: encodeMessage('filter_not_names', { filter: 'statuses' }) }).max(255), {
        error: encodeMessage('filter_not_names', { filter: 'statuses' }),
      })
      .max(1000)
      .optional(),
    procats: filterIds('procats'),
    suppliers: filterIds('suppliers'),
    contractors: filterIds('contractors'),
    custom_fields: z
      .record(z.string().regex(/^[1-9]\d{0,9}$/), z.array(z.string().max(2000)).max(1000), {
        error: encodeMessage('filter_not_names', { filter: 'custom_fields' }),
      })
      .optional(),
    show_archived: z
      .boolean({ error: encodeMessage('filter_not_boolean', { filter: 'show_archived' }) })
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? encodeMessage('unknown_filter', { count: issue.keys.length, filters: issue.keys.join(', ') })
        : issue.code === 'invalid_type'
          ? encodeMessage('filters_not_object')
          : undefined,
  },
) satisfies z.ZodType<DeviceFilters>;

/** Column keys by their lower-case key and labels in every language ("serial number", "n° de série"). */
const COLUMN_BY_NAME = (() => {
  const byName = new Map<string, DeviceColumnKey>();
  const add = (name: string, key: DeviceColumnKey) => {
    const normal = name.trim().toLowerCase();
    if (!byName.has(normal)) byName.set(normal, key);
  };
  for (const key of DEVICE_COLUMN_KEYS) add(key, key);
  for (const lang of LANGUAGES) {
    for (const key of DEVICE_COLUMN_KEYS) add(DOMAIN_CATALOGUES[lang].column[key], key);
  }
  return byName;
})();

/** The column key a header names: a key or a label (English, French or Dutch) in any case; else undefined. */
export function deviceColumnKey(name: string): DeviceColumnKey | undefined {
  return COLUMN_BY_NAME.get(name.trim().toLowerCase());
}

/** Visible device columns, in order: column keys or their labels, stored as keys; [] means the defaults. */
export const deviceHeadersSchema = z
  .array(
    z.preprocess(
      (value) => (typeof value === 'string' ? (deviceColumnKey(value) ?? value) : value),
      z
        .string({ error: (issue) => encodeMessage('unknown_column', { column: String(issue.input) }) })
        // A custom field's column (issue 43): the server checks the field is the site tenant's.
        .refine((key): key is DeviceHeaderKey => isDeviceColumnKey(key) || isCustomFieldColumnKey(key), {
          error: (issue) => encodeMessage('unknown_column', { column: String(issue.input) }),
        }),
    ),
    { error: encodeMessage('headers_not_list') },
  )
  .max(DEVICE_COLUMN_KEYS.length * 2)
  .transform((keys) => [...new Set(keys)]);

/**
 * The caller's devices-page settings on a site. `id` is the site access record when the caller
 * has one; null for users who reach the site without a record (tenant role 2+, Super Admin),
 * whose settings are kept per user and site.
 */
export const siteAccessSettingsSchema = z.object({
  id: z.number().nullable(),
  site_id: z.number(),
  /** The effective visible columns: the saved keys, or the default columns when none are saved. */
  device_headers: z.array(z.string()),
  device_filters: deviceFiltersSchema,
});
export type SiteAccessSettings = z.infer<typeof siteAccessSettingsSchema>;

export const permissionBodySchema = z.object({ id: idField('site') });
export const permissionResponseSchema = z.object({
  permission: z.number(),
  /** null when the caller can't reach the site (permission 0). */
  access: siteAccessSettingsSchema.nullable(),
});
export type PermissionResponse = z.infer<typeof permissionResponseSchema>;

const settingsTarget = {
  /** The caller's site access record. */
  id: optionalId('site_access').optional(),
  /** Or the site: works with and without an access record. */
  site_id: optionalId('site').optional(),
};
function requireTarget(
  value: { id?: number | null | undefined; site_id?: number | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.id == null && value.site_id == null)
    ctx.addIssue({ code: 'custom', message: encodeMessage('access_or_site') });
}

/** POST /api/site/filters: filters as an object or JSON text. */
export const filtersBodySchema = z
  .object({ ...settingsTarget, filters: z.preprocess(parseJsonText, deviceFiltersSchema) })
  .superRefine(requireTarget);
export type FiltersBody = z.output<typeof filtersBodySchema>;

/** POST /api/site/headers: headers as a list or JSON text. */
export const headersBodySchema = z
  .object({ ...settingsTarget, headers: z.preprocess(parseJsonText, deviceHeadersSchema) })
  .superRefine(requireTarget);
export type HeadersBody = z.output<typeof headersBodySchema>;

export const accessSettingsResponseSchema = z.object({ access: siteAccessSettingsSchema });
