import {
  accessSettingsResponseSchema,
  filtersBodySchema,
  headersBodySchema,
  permissionBodySchema,
  permissionResponseSchema,
  refreshCompaniesResponseSchema,
  refreshLogsResponseSchema,
  refreshProcatsResponseSchema,
  refreshProductsResponseSchema,
  siteCreateSchema,
  siteDevicesResponseSchema,
  siteIdQuerySchema,
  siteIndexResponseSchema,
  siteResponseSchema,
  siteShowResponseSchema,
  siteUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import * as service from './service.ts';
import { siteIndex } from './service.ts';
import * as settings from './settings.ts';
import { type RefreshPart, refreshSite, siteShow } from './show.ts';

const REFRESH: Record<RefreshPart, z.ZodType> = {
  site: siteResponseSchema,
  logs: refreshLogsResponseSchema,
  companies: refreshCompaniesResponseSchema,
  devices: siteDevicesResponseSchema,
  products: refreshProductsResponseSchema,
  procats: refreshProcatsResponseSchema,
};

export function siteRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['sites'];
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.get('/api/site/index', { schema: { tags, response: ok(siteIndexResponseSchema) } }, (request) =>
      siteIndex(ctx, requireActor(request.actor)),
    );

    app.post(
      '/api/site/sites',
      { schema: { tags, body: siteCreateSchema, response: ok(siteResponseSchema) } },
      async (request) => ({ site: await service.createSite(ctx, requireActor(request.actor), request.body) }),
    );
    app.put(
      '/api/site/sites',
      { schema: { tags, body: siteUpdateSchema, response: ok(siteResponseSchema) } },
      async (request) => ({ site: await service.updateSite(ctx, requireActor(request.actor), request.body) }),
    );
    app.get(
      '/api/site/sites',
      { schema: { tags, querystring: siteIdQuerySchema, response: ok(siteShowResponseSchema) } },
      (request) => siteShow(ctx, requireActor(request.actor), request.query.id),
    );

    for (const [part, schema] of Object.entries(REFRESH) as [RefreshPart, z.ZodType][]) {
      app.get(
        `/api/site/refresh_${part}`,
        { schema: { tags, querystring: siteIdQuerySchema, response: ok(schema) } },
        (request) => refreshSite(ctx, requireActor(request.actor), request.query.id, part),
      );
    }

    app.post(
      '/api/site/permission',
      { schema: { tags, body: permissionBodySchema, response: ok(permissionResponseSchema) } },
      (request) => settings.permissionFor(ctx, requireActor(request.actor), request.body.id),
    );
    app.post(
      '/api/site/filters',
      { schema: { tags, body: filtersBodySchema, response: ok(accessSettingsResponseSchema) } },
      async (request) => ({
        access: await settings.saveFilters(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.post(
      '/api/site/headers',
      { schema: { tags, body: headersBodySchema, response: ok(accessSettingsResponseSchema) } },
      async (request) => ({
        access: await settings.saveHeaders(ctx, requireActor(request.actor), request.body),
      }),
    );
  };
}
