import {
  logFilterSchema,
  logListResponseSchema,
  siteLogsQuerySchema,
  tenantLogsResponseSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import * as service from './service.ts';

/** The activity logs of a site, of a tenant and of the whole platform. */
export function logRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['logs'];

    app.get(
      '/api/site/logs',
      {
        schema: {
          tags,
          querystring: siteLogsQuerySchema,
          response: { 200: logListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        logs: await service.siteLogs(ctx, requireActor(request.actor), request.query.site_id),
      }),
    );
    for (const scope of ['tenant', 'admin'] as const) {
      app.get(
        `/api/${scope}/logs`,
        { schema: { tags, response: { 200: tenantLogsResponseSchema, ...errorResponses } } },
        (request) => service.logsWithChoices(ctx, requireActor(request.actor), scope),
      );
      app.post(
        `/api/${scope}/filter_logs`,
        {
          schema: {
            tags,
            body: logFilterSchema,
            response: { 200: logListResponseSchema, ...errorResponses },
          },
        },
        async (request) => ({
          logs: await service.filterLogs(ctx, requireActor(request.actor), scope, request.body),
        }),
      );
    }
  };
}
