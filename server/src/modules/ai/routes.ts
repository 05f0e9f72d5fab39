import { aiProductDraftSchema, aiProductRequestSchema, aiStatusSchema } from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import { aiStatus, generateProduct } from './service.ts';

/** The AI product generator of the administration (Super Admin). */
export function aiRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['ai'];
    app.get(
      '/api/admin/ai/status',
      { schema: { tags, response: { 200: aiStatusSchema, ...errorResponses } } },
      (request) => aiStatus(ctx, requireActor(request.actor)),
    );
    app.post(
      '/api/admin/ai/product',
      {
        schema: {
          tags,
          description:
            'A product draft from the configured provider, for the admin to review in the product editor; nothing is saved.',
          body: aiProductRequestSchema,
          response: {
            200: z.object({ draft: aiProductDraftSchema }),
            ...errorResponses,
            409: errorSchema,
            502: errorSchema,
            504: errorSchema,
          },
        },
      },
      (request) => generateProduct(ctx, requireActor(request.actor), request.body, request.log),
    );
  };
}
