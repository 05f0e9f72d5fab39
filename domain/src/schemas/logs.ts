import { z } from 'zod';
import { LOG_RESULTS } from '../constants.ts';
import { logEntrySchema } from './device.ts';
import { idField, requiredId } from './form.ts';

/**
 * The activity logs (spatial-and-admin.md sections 2, 7, 9): a site's latest 500, and the tenant's
 * (and the admin's) with site and user filters and a number of results from 10 to 500.
 */

export const siteLogsQuerySchema = z.object({ site_id: requiredId('site') });

const idList = z.preprocess(
  (value) => {
    if (typeof value === 'string') {
      try {
        return JSON.parse(value);
      } catch {
        return value.split(',').filter(Boolean);
      }
    }
    return value ?? [];
  },
  z.array(idField('id')).max(1000),
);

/** POST /api/tenant/filter_logs and /api/admin/filter_logs */
export const logFilterSchema = z.object({
  sites: idList.optional().default([]),
  users: idList.optional().default([]),
  results: z.coerce.number().int().min(LOG_RESULTS.min).max(LOG_RESULTS.max).default(LOG_RESULTS.default),
});
export type LogFilterInput = z.output<typeof logFilterSchema>;

export const logListResponseSchema = z.object({ logs: z.array(logEntrySchema) });
/** GET /api/tenant/logs: the latest entries and the choices of the filter menu. */
export const tenantLogsResponseSchema = z.object({
  logs: z.array(logEntrySchema),
  users: z.array(z.object({ id: z.number(), name: z.string() })),
  sites: z.array(z.object({ id: z.number(), name: z.string() })),
});
