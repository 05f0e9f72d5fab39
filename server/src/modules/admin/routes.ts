import {
  ADMIN_JOBS,
  adminDashboardResponseSchema,
  adminJobQuerySchema,
  adminJobResponseSchema,
  adminTenantResponseSchema,
  adminTenantsResponseSchema,
  exportJsonSchema,
  tenantCreateSchema,
  tenantUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { adminDashboard } from './dashboard.ts';
import { exportJson } from './exports.ts';
import { runJob } from './jobs/index.ts';
import * as tenants from './tenants.ts';

/** The administration area's calls: tenants, the dashboard, JSON exports and jobs (Super Admin only). */
export function adminRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];

    app.get(
      '/api/admin/tenants',
      { schema: { tags, response: { 200: adminTenantsResponseSchema, ...errorResponses } } },
      async (request) => ({ tenants: await tenants.listTenants(ctx, requireActor(request.actor)) }),
    );
    app.post(
      '/api/admin/tenants',
      {
        schema: {
          tags,
          body: tenantCreateSchema,
          response: { 200: adminTenantResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        tenant: await tenants.createTenant(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/admin/tenants',
      {
        schema: {
          tags,
          body: tenantUpdateSchema,
          response: { 200: adminTenantResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        tenant: await tenants.updateTenant(ctx, requireActor(request.actor), request.body),
      }),
    );

    app.get(
      '/api/admin/dashboard',
      { schema: { tags, response: { 200: adminDashboardResponseSchema, ...errorResponses } } },
      (request) => adminDashboard(ctx, requireActor(request.actor)),
    );

    // Streamed JSON: `{ table, items, count }`, written in batches (no response schema to serialise).
    app.post(
      '/api/admin/jobs/export_json',
      {
        schema: {
          tags,
          body: exportJsonSchema,
          description: 'Answers `{ table, items, count }`, streamed; secret columns are never included.',
        },
      },
      (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(exportJson(ctx, requireActor(request.actor), request.body.table)),
    );

    for (const job of ADMIN_JOBS) {
      app.get(
        `/api/admin/jobs/${job}`,
        {
          schema: {
            tags,
            querystring: adminJobQuerySchema,
            description:
              'Runs the job in one transaction and answers what it changed. With `dry_run=true` it writes nothing and answers what the run would change: the same counts per kind of change, the tenants concerned and a few examples.',
            response: { 200: adminJobResponseSchema, ...errorResponses },
          },
        },
        (request) => runJob(ctx, requireActor(request.actor), job, { dryRun: request.query.dry_run }),
      );
    }
  };
}
