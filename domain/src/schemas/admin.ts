import { z } from 'zod';
import { ADMIN_EXPORT_MODELS } from '../constants.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { logEntrySchema } from './device.ts';
import { formBoolean, idField, optionalNumber, requiredText } from './form.ts';

/**
 * The administration area (spatial-and-admin.md sections 2, 3, 7): tenants, the dashboard, the
 * JSON exports and the maintenance jobs. Super Admin only (policy rule `admin:access`).
 */

// ---------------------------------------------------------------------------------------------
// Tenants

export const tenantUserRefSchema = z.object({ id: z.number(), username: z.string(), name: z.string() });
export const tenantSiteRefSchema = z.object({ id: z.number(), name: z.string() });

/** A tenant as the admin's cards show it: its counts and the lists they expand to. */
export const adminTenantSchema = z.object({
  id: z.number(),
  name: z.string(),
  tenant_status: z.boolean(),
  user_count: z.number(),
  site_count: z.number(),
  users: z.array(tenantUserRefSchema),
  sites: z.array(tenantSiteRefSchema),
  /** Bytes of the tenant's stored uploads, unattached ones included. */
  storage_used_bytes: z.number(),
  /** The tenant's own quota; null takes the server's default. */
  storage_quota_mb: z.number().nullable(),
  storage_default_quota_mb: z.number(),
  /** The logo printed on the tenant's handover packs: a signed link, or null. */
  logo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminTenantDto = z.infer<typeof adminTenantSchema>;

/** A tenant's own storage quota in whole MB (up to 100 TB); blank or null returns it to the default. */
function storageQuotaField() {
  return optionalNumber('storage_quota_mb', { min: 1, max: 100 * 1024 * 1024 })
    .refine((value) => value === null || Number.isInteger(value), {
      message: encodeMessage('field_not_whole', { field: 'storage_quota_mb' }),
    })
    .optional();
}

/** POST /api/admin/tenants: a name and the Active switch (active unless told otherwise). */
export const tenantCreateSchema = z.object({
  name: requiredText('name'),
  tenant_status: formBoolean('active').optional(),
  storage_quota_mb: storageQuotaField(),
});
export type TenantCreateInput = z.output<typeof tenantCreateSchema>;

/** PUT /api/admin/tenants: what is sent changes. Deactivating ends the tenant's sessions. */
export const tenantUpdateSchema = z.object({
  id: idField('id'),
  name: requiredText('name').optional(),
  tenant_status: formBoolean('active').optional(),
  storage_quota_mb: storageQuotaField(),
});
export type TenantUpdateInput = z.output<typeof tenantUpdateSchema>;

export const adminTenantsResponseSchema = z.object({ tenants: z.array(adminTenantSchema) });
export const adminTenantResponseSchema = z.object({ tenant: adminTenantSchema });

// ---------------------------------------------------------------------------------------------
// Dashboard

export const adminDashboardResponseSchema = z.object({
  counts: z.object({
    tenants: z.number(),
    active_tenants: z.number(),
    users: z.number(),
    active_users: z.number(),
    sites: z.number(),
    devices: z.number(),
  }),
  /** Sign-ins (sessions opened with a password, not Login as) of the last 7 days. */
  sign_ins: z.object({
    days: z.number(),
    count: z.number(),
    users: z.number(),
  }),
  logs: z.array(logEntrySchema),
});
export type AdminDashboardDto = z.infer<typeof adminDashboardResponseSchema>;

/** How many days the dashboard's sign-ins count back, and how many activity entries it lists. */
export const ADMIN_DASHBOARD = { signInDays: 7, latestLogs: 10 } as const;

// ---------------------------------------------------------------------------------------------
// JSON exports

export type AdminExportModel = (typeof ADMIN_EXPORT_MODELS)[number];

export const isAdminExportModel = (value: unknown): value is AdminExportModel =>
  (ADMIN_EXPORT_MODELS as readonly unknown[]).includes(value);

/** POST /api/admin/jobs/export_json: one of the 20 models, nothing else. */
export const exportJsonSchema = z.object({
  table: z
    .unknown()
    .superRefine((value, ctx) => {
      const blank =
        value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      if (blank) ctx.addIssue({ code: 'custom', message: encodeMessage('select_model_first') });
      else if (!isAdminExportModel(value)) {
        ctx.addIssue({
          code: 'custom',
          message: encodeMessage('export_model_unknown', { models: ADMIN_EXPORT_MODELS.join(', ') }),
        });
      }
    })
    .transform((value) => value as AdminExportModel),
});
export type ExportJsonInput = z.output<typeof exportJsonSchema>;

// ---------------------------------------------------------------------------------------------
// Jobs

/** The maintenance calls `GET /api/admin/jobs/{job}`; each is idempotent (README, Administration jobs). */
export const ADMIN_JOBS = [
  'set_site_accesses',
  'add_name_to_ressources',
  'convert_activity_logs',
  'add_floor_to_zones',
  'refresh_device_headers',
  'assign_secrets_to_users',
  /** Mails each user their due items (issue 44); the server also runs it every hour. */
  'send_reminders',
] as const;
export type AdminJob = (typeof ADMIN_JOBS)[number];

/** The kinds of change the jobs make, each counted on its own in a job's answer. */
export const ADMIN_JOB_CHANGES = [
  'site_accesses_created',
  'devices_named',
  'log_actions_set',
  'log_tenants_set',
  'log_authors_set',
  'zones_floored',
  'access_columns_refreshed',
  'preference_columns_refreshed',
  'secrets_assigned',
  'reminders_mailed',
  'reminder_items_mailed',
] as const;
export type AdminJobChangeKind = (typeof ADMIN_JOB_CHANGES)[number];

/** How many examples of each kind of change an answer names. */
export const ADMIN_JOB_EXAMPLES = 5;

/** `?dry_run=true` answers what the job would change and writes nothing. */
export const adminJobQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export const adminJobChangeSchema = z.object({
  what: z.enum(ADMIN_JOB_CHANGES),
  /** Rows of this kind the job changes (or, in a dry run, would change). */
  count: z.number(),
  /** A few of the objects concerned, by name (data, not words: shown as they are). */
  examples: z.array(z.string()).max(ADMIN_JOB_EXAMPLES),
});
export type AdminJobChange = z.infer<typeof adminJobChangeSchema>;

/**
 * `message` in English (the toast's fallback), `job` and `count` for the web's own words. `count`
 * is the number of distinct rows changed (one log entry given an action and a tenant counts once),
 * `changes` the same per kind, `tenants` how many tenants own those rows. A dry run answers the
 * same figures, computed by the same plan the real run then writes.
 */
export const adminJobResponseSchema = z.object({
  message: z.string(),
  job: z.enum(ADMIN_JOBS),
  count: z.number(),
  dry_run: z.boolean(),
  tenants: z.number(),
  changes: z.array(adminJobChangeSchema),
});
export type AdminJobResult = z.infer<typeof adminJobResponseSchema>;
