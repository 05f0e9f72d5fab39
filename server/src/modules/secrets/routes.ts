import {
  secretCreateSchema,
  secretDeleteQuerySchema,
  secretDeleteResponseSchema,
  secretListQuerySchema,
  secretListResponseSchema,
  secretResponseSchema,
  secretRevealResponseSchema,
  secretRevealSchema,
  secretUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import * as service from './service.ts';

/** The vault: secrets of a site, never listed with their passwords; reveal hands out one. */
export function secretRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });
    const tags = ['secrets'];

    app.get(
      '/api/site/secrets',
      { schema: { tags, querystring: secretListQuerySchema, response: ok(secretListResponseSchema) } },
      async (request) => ({
        secrets: await service.listSecrets(ctx, requireActor(request.actor), request.query),
      }),
    );
    app.post(
      '/api/site/secrets',
      { schema: { tags, body: secretCreateSchema, response: ok(secretResponseSchema) } },
      async (request) => ({
        secret: await service.createSecret(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/site/secrets',
      { schema: { tags, body: secretUpdateSchema, response: ok(secretResponseSchema) } },
      async (request) => ({
        secret: await service.updateSecret(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.delete(
      '/api/site/secrets',
      { schema: { tags, querystring: secretDeleteQuerySchema, response: ok(secretDeleteResponseSchema) } },
      (request) => service.deleteSecret(ctx, requireActor(request.actor), request.query.id),
    );
    app.post(
      '/api/site/secrets/reveal',
      {
        schema: {
          tags,
          description:
            'One password, to a Contributor or above; written to the activity log before it is sent.',
          body: secretRevealSchema,
          response: { ...ok(secretRevealResponseSchema), 409: errorSchema },
        },
      },
      async (request, reply) => {
        const revealed = await service.revealSecret(ctx, requireActor(request.actor), request.body.id, {
          code: request.body.code,
          ip: request.ip,
        });
        reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
        return revealed;
      },
    );
  };
}
