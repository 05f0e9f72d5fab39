import { z } from 'zod';
import { COUNTRIES, DEFAULT_STATUS_COLOR } from '../constants.ts';
import { DEVICE_COLUMN_KEYS, type DeviceColumnKey, type DeviceFilters } from '../devices.ts';
import { companySchema, procatSchema, productSchema } from './catalogue.ts';
import { deviceSchema, logEntrySchema } from './device.ts';
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
} from './form.ts';

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

// ---------------------------------------------------------------------------------------------
// Site create and update (core.md "Site list", spatial-and-admin.md "Config")

export const SITE_MESSAGES = {
  nameRequired: 'Name is required',
  customerRequired: 'Customer is required',
  nothingToChange: 'Send at least one field to change',
  accessOrSite: 'Send the site access id (id) or the site (site_id)',
} as const;

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const deviceStatusSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

/** The statuses a new site starts with. */
export const DEFAULT_DEVICE_STATUSES: DeviceStatus[] = [
  { id: 1, name: 'Planned', color: '#9E9E9E' },
  { id: 2, name: 'Installed', color: '#1976D2' },
  { id: 3, name: 'Commissioned', color: DEFAULT_STATUS_COLOR },
  { id: 4, name: 'Faulty', color: '#D32F2F' },
  { id: 5, name: 'Removed', color: '#795548' },
];

const statusItem = z.object({
  id: optionalId('Status id').optional(),
  name: requiredText('Status name', 64),
  color: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Status colour must be a hex colour like #2AAD74' })
      .regex(HEX_COLOUR, 'Status colour must be a hex colour like #2AAD74'),
  ),
});

/**
 * The whole ordered list of a site's device statuses, as a list or JSON text. Names are unique
 * (ignoring case), colours are hex; a status without id gets the highest id plus one. Extra keys
 * of the config page (the `added` flag) are dropped.
 */
export const deviceStatusesInputSchema = jsonList(statusItem, 'Device statuses', 100).transform(
  (items, ctx): DeviceStatus[] => {
    const names = new Set<string>();
    const ids = new Set<number>();
    for (const item of items) {
      const key = item.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: 'custom', message: `Status "${item.name}" is listed twice` });
      names.add(key);
      if (item.id) {
        if (ids.has(item.id))
          ctx.addIssue({ code: 'custom', message: `Status id ${item.id} is listed twice` });
        ids.add(item.id);
      }
    }
    let next = Math.max(0, ...ids);
    return items.map((item) => ({ id: item.id ?? ++next, name: item.name, color: item.color.toUpperCase() }));
  },
);

const siteOptionalFields = {
  image: optionalText('Image', 1024).optional(),
  site_status: formBoolean('Site status').optional(),
  gps: optionalText('GPS').optional(),
  country: optionalChoice('Country', COUNTRIES).optional(),
  zip: optionalText('Zip').optional(),
  city: optionalText('City').optional(),
  street: optionalText('Street').optional(),
  street_number: optionalText('Street number').optional(),
  /** Sites are created in the actor's own tenant; another tenant id is refused. */
  tenant_id: optionalId('Tenant').optional(),
};

/** POST /api/site/sites: name and customer are required. */
export const siteCreateSchema = z.object({
  ...siteOptionalFields,
  name: requiredText('Name'),
  customer_id: requiredId('Customer'),
});
export type SiteCreateInput = z.output<typeof siteCreateSchema>;

/** PUT /api/site/sites: id with any site field, or device_statuses, or contractors (company ids). */
export const siteUpdateSchema = z
  .object({
    ...siteOptionalFields,
    id: idField('Site id'),
    name: requiredText('Name').optional(),
    customer_id: optionalId('Customer').optional(),
    device_statuses: deviceStatusesInputSchema.optional(),
    contractors: jsonList(idField('Contractor'), 'Contractors', 500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.customer_id === null) {
      ctx.addIssue({ code: 'custom', message: SITE_MESSAGES.customerRequired, path: ['customer_id'] });
    }
    const { id: _id, tenant_id: _tenant, ...fields } = value;
    if (Object.values(fields).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', message: SITE_MESSAGES.nothingToChange });
    }
  });
export type SiteUpdateInput = z.output<typeof siteUpdateSchema>;

/** `?id=` of GET /api/site/sites and the refresh calls. */
export const siteIdQuerySchema = z.object({ id: idField('Site') });

// ---------------------------------------------------------------------------------------------
// The site with everything the site pages show (GET /api/site/sites?id)

export const locationSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  floor_id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  location_type: z.string().nullable(),
  /** Space-separated `x,y` pairs, or null. */
  polygon: z.string().nullable(),
});
export type LocationDto = z.infer<typeof locationSchema>;

export const zoneSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  floor_id: z.number().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  polygon: z.string().nullable(),
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
  counts: z.object({
    /** Devices not archived. */
    devices: z.number(),
    locations: z.number(),
    /** Site accesses in force (active and not expired). */
    accesses: z.number(),
  }),
  /** The caller's permission on this site. */
  permission: z.number(),
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
  /** Every device of the site, archived ones included. */
  devices: z.array(deviceSchema),
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
const filterIds = (name: string) => {
  const message = `Filter ${name} must be a list of ids`;
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
      .array(z.string({ error: 'Filter statuses must be a list of names' }).max(255), {
        error: 'Filter statuses must be a list of names',
      })
      .max(1000)
      .optional(),
    procats: filterIds('procats'),
    suppliers: filterIds('suppliers'),
    contractors: filterIds('contractors'),
    show_archived: z.boolean({ error: 'Filter show_archived must be true or false' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown filter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
        : issue.code === 'invalid_type'
          ? 'Filters must be a JSON object'
          : undefined,
  },
) satisfies z.ZodType<DeviceFilters>;

/** Visible device columns, in order: known column keys only; [] means the defaults. */
export const deviceHeadersSchema = z
  .array(
    z.enum(DEVICE_COLUMN_KEYS, {
      error: (issue) => `Unknown column: ${String(issue.input)}`,
    }),
    { error: 'Headers must be a list of column names' },
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
  device_headers: z.array(z.string()),
  device_filters: deviceFiltersSchema,
});
export type SiteAccessSettings = z.infer<typeof siteAccessSettingsSchema>;

export const permissionBodySchema = z.object({ id: idField('Site') });
export const permissionResponseSchema = z.object({
  permission: z.number(),
  /** null when the caller can't reach the site (permission 0). */
  access: siteAccessSettingsSchema.nullable(),
});
export type PermissionResponse = z.infer<typeof permissionResponseSchema>;

const settingsTarget = {
  /** The caller's site access record. */
  id: optionalId('Site access').optional(),
  /** Or the site: works with and without an access record. */
  site_id: optionalId('Site').optional(),
};
function requireTarget(
  value: { id?: number | null | undefined; site_id?: number | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.id == null && value.site_id == null)
    ctx.addIssue({ code: 'custom', message: SITE_MESSAGES.accessOrSite });
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
