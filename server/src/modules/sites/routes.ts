import { siteIndexResponseSchema } from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { siteIndex } from './service.ts';

export function siteRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/site/index',
      { schema: { tags: ['sites'], response: { 200: siteIndexResponseSchema, ...errorResponses } } },
      (request) => siteIndex(ctx, requireActor(request.actor)),
    );
  };
}
