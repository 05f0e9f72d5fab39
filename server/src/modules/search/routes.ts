import { searchQuerySchema, searchResponseSchema } from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { search } from './service.ts';

/** The header's search box (issue 43): everything the actor may see, across sites. */
export function searchRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/global/search',
      {
        schema: {
          tags: ['search'],
          description:
            'Devices (code, name, serial, MAC in any notation or part, IP, note), sites, locations, products, contacts, tickets and files. Filters in `q`: `site:`, `status:`, `type:`, `tag:` (devices, sites, locations and files carrying the tag; alone, it lists them).',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, ...errorResponses },
        },
      },
      (request) => search(ctx, requireActor(request.actor), request.query),
    );
  };
}
