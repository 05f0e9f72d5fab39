import {
  idQuerySchema,
  procatCreateSchema,
  procatListResponseSchema,
  procatResponseSchema,
  procatsIndexResponseSchema,
  procatUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import * as service from './service.ts';

/** Product categories: the list every user picks from, and their administration. */
export function procatRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['procats'];
    const withConflict = { ...errorResponses, 409: errorSchema };

    app.get(
      '/api/global/procat_list',
      { schema: { tags, response: { 200: procatListResponseSchema, ...errorResponses } } },
      (request) => service.procatList(ctx, requireActor(request.actor)),
    );
    app.get(
      '/api/admin/procats',
      { schema: { tags, response: { 200: procatsIndexResponseSchema, ...errorResponses } } },
      (request) => service.adminProcats(ctx, requireActor(request.actor)),
    );
    app.post(
      '/api/admin/procats',
      {
        schema: { tags, body: procatCreateSchema, response: { 200: procatResponseSchema, ...withConflict } },
      },
      async (request) => ({
        procat: await service.createProcat(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/admin/procats',
      {
        schema: { tags, body: procatUpdateSchema, response: { 200: procatResponseSchema, ...withConflict } },
      },
      async (request) => ({
        procat: await service.updateProcat(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.delete(
      '/api/admin/procats',
      {
        schema: {
          tags,
          querystring: idQuerySchema,
          response: { 200: procatResponseSchema, ...withConflict },
        },
      },
      async (request) => ({
        procat: await service.deleteProcat(ctx, requireActor(request.actor), request.query.id),
      }),
    );
  };
}
