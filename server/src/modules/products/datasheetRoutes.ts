import { idQuerySchema, productDatasheetSchema, productResponseSchema } from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { attachDatasheet, removeDatasheet } from './datasheet.ts';

/** A product's PDF datasheet: set from a verified upload of the `datasheets` folder, or removed. */
export function registerDatasheetRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];
  const response = { 200: productResponseSchema, ...errorResponses };
  app.put(
    '/api/products/datasheet',
    {
      schema: {
        tags,
        description:
          'Sets the datasheet of a product the caller may edit from a verified PDF upload (folder `datasheets`); replaces the one before.',
        body: productDatasheetSchema,
        response,
      },
    },
    async (request) => ({ product: await attachDatasheet(ctx, requireActor(request.actor), request.body) }),
  );
  app.delete(
    '/api/products/datasheet',
    {
      schema: {
        tags,
        description: 'Removes the datasheet of a product the caller may edit.',
        querystring: idQuerySchema,
        response,
      },
    },
    async (request) => ({
      product: await removeDatasheet(ctx, requireActor(request.actor), request.query.id),
    }),
  );
}
